import crypto from 'node:crypto';
import { signedJsonHeaders } from '../../shared/signedRequest';
import { GAME_STATEMENT_MAX_PLAYERS, type GameWalletStatement } from '../../shared/gameBooks';
import { gameStatementResponseSchema } from '../../shared/validation/gameBooks';
import { gameStatementUrl, type Settings } from '../config/settings';

/** The game's own books, as the nightly check asks them: what its wallets hold for the players named. */
export type GameBooks = (uids: readonly string[]) => Promise<GameWalletStatement[]>;

/**
 * Asks the game's server (GAME_STATEMENT_URL, or the local stand-in) what its wallets hold, a hundred players a request,
 * each request signed as the store's events are. Null when there is no game to ask. Throws when the game does not
 * answer, or answers anything but a statement: the check then says the game's books were not read.
 */
export function gameBooksClient(settings: Settings): GameBooks | null {
  const url = gameStatementUrl(settings);
  if (!url) return null;
  const ask = async (uids: readonly string[]) => {
    const body = JSON.stringify({ uids });
    const response = await fetch(url, {
      method: 'POST',
      headers: signedJsonHeaders(settings.GAME_WEBHOOK_SECRET, `statement-${crypto.randomUUID()}`, body),
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(settings.GAME_WEBHOOK_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`the game's statement answered ${response.status}`);
    const parsed = gameStatementResponseSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new Error("the game's statement was not one");
    return parsed.data.players;
  };
  return async (uids) => {
    const players: GameWalletStatement[] = [];
    for (let start = 0; start < uids.length; start += GAME_STATEMENT_MAX_PLAYERS) players.push(...(await ask(uids.slice(start, start + GAME_STATEMENT_MAX_PLAYERS))));
    return players;
  };
}
