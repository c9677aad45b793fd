import express from 'express';
import { API_ROUTES } from '../../shared/api';
import type { GameSpendResponse } from '../../shared/gameBooks';
import { statementTexts } from '../../shared/statementTexts';
import { mayReachPersonalData } from '../../shared/storeSession';
import { gameSpendSchema } from '../../shared/validation/gameBooks';
import type { PlayerAuth } from '../auth/playerAuth';
import { playerChecks, requirePlayer, storeSessionOf } from '../auth/requirePlayer';
import type { Settings } from '../config/settings';
import { HttpError } from '../http/errors';
import { gameSignature } from '../http/gameSignature';
import { parseBody } from '../http/parseBody';
import type { RateLimits } from '../http/rateLimits';
import type { LedgerRepository } from './ledgerRepository';
import { statementCsv, statementPage } from './statement';

export interface LedgerDeps {
  settings: Settings;
  ledger: LedgerRepository;
}

/**
 * The books' routes: the player's statement (a page, and all of it as CSV) and the game's server telling of a spend.
 * A browser signed in with the game reads the statement once the game confirmed it for the account's personal data:
 * what was bought and when is the player's own history, as their orders are.
 */
export function ledgerRouter(deps: LedgerDeps, auth: PlayerAuth, limits: RateLimits): express.Router {
  const router = express.Router();
  const player = requirePlayer(auth, playerChecks(deps.settings));
  const uid = (res: express.Response) => res.locals.uid as string;
  const signature = gameSignature(deps.settings.GAME_WEBHOOK_SECRET);
  const mayRead = (res: express.Response) => {
    if (!mayReachPersonalData(storeSessionOf(res), null)) throw new HttpError(403, statementTexts.confirmInGame, { reason: 'confirmInGame' });
  };

  router.get(API_ROUTES.gemStatement, player, limits.orderReads, async (req, res) => {
    mayRead(res);
    res.set('Cache-Control', 'no-store').json(await statementPage(deps.ledger, uid(res), req.query.before));
  });

  router.get(API_ROUTES.gemStatementCsv, player, limits.orderReads, async (_req, res) => {
    mayRead(res);
    const csv = statementCsv(await deps.ledger.allOf(uid(res)), deps.settings.STORE_TIME_ZONE);
    res.set({ 'Cache-Control': 'no-store', 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="wyrmcrown-gem-statement.csv"' }).send(csv);
  });

  router.post(API_ROUTES.gameGemsSpent, ...signature.verified('2kb'), ...limits.gameServer, async (_req, res) => {
    const { uid: player, spendId, gems } = parseBody(gameSpendSchema, signature.signedBodyOf(res));
    const outcome = await deps.ledger.spend(player, spendId, gems, Date.now());
    if (!outcome.spent) throw new HttpError(outcome.refusal === 'unknownPlayer' ? 404 : 409, outcome.why);
    const { entryId, gems: after, repeated } = outcome;
    res.set('Cache-Control', 'no-store').json({ uid: player, spendId, entryId, balance: after.balance, debt: after.debt, repeated } satisfies GameSpendResponse);
  });
  return router;
}
