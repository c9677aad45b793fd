import './zodConfig';
import { z } from 'zod';
import { GAME_STATEMENT_MAX_PLAYERS } from '../gameBooks';

const uid = z.string().min(1).max(128);

/** POST /api/game/gems/spent, from the game's server: whose gems, its own key of the spend, how many (a whole number, at least 1). */
export const gameSpendSchema = z.strictObject({
  uid,
  spendId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'must be 1 to 100 letters, digits, _ or -'),
  gems: z.number().int().min(1).max(10_000_000),
});

/** POST {game}/store/statement, from the store: the players asked about. */
export const gameStatementRequestSchema = z.strictObject({ uids: z.array(uid).min(1).max(GAME_STATEMENT_MAX_PLAYERS) });

/** The game's answer, read by the store's nightly check: anything else is the game's books not answering. */
export const gameStatementResponseSchema = z.object({
  players: z.array(
    z.object({
      uid,
      balance: z.number().int().min(0),
      debt: z.number().int().min(0),
      applied: z.array(z.string().max(300)).max(100_000),
    }),
  ),
});
