import express from 'express';
import { API_ROUTES } from '../../shared/api';
import type { EndStoreSessionsResponse, StoreSessionsResponse } from '../../shared/gameSignIn/storeSessions';
import { endStoreSessionsSchema, listStoreSessionsSchema } from '../../shared/validation/gameSignIn';
import { gameSignature } from '../http/gameSignature';
import { parseBody } from '../http/parseBody';
import type { RateLimits } from '../http/rateLimits';
import { endStoreSessions, type LinkDeps } from './linkService';
import { toStoreSessionView } from './storeSessions';

/**
 * What the game's own server asks of the store (docs/game-integration.md, Store sessions): a game account's store
 * sessions, and their end, each request signed as the store's events to the game are (../http/gameSignature).
 */
export function gameApiRouter(deps: LinkDeps, limits: RateLimits): express.Router {
  const router = express.Router();
  const signature = gameSignature(deps.settings.GAME_WEBHOOK_SECRET);
  const signed = [...signature.verified('2kb'), ...limits.gameServer];
  const signedBody = (res: express.Response) => signature.signedBodyOf(res);
  const noStore = (res: express.Response) => res.set('Cache-Control', 'no-store');

  router.post(API_ROUTES.gameStoreSessions, ...signed, async (_req, res) => {
    const { uid } = parseBody(listStoreSessionsSchema, signedBody(res));
    noStore(res).json({ uid, sessions: (await deps.storeSessions.listFor(uid)).map(toStoreSessionView) } satisfies StoreSessionsResponse);
  });

  router.post(API_ROUTES.gameStoreSessionsEnd, ...signed, async (_req, res) => {
    const { uid, sessionId } = parseBody(endStoreSessionsSchema, signedBody(res));
    noStore(res).json({ uid, ended: await endStoreSessions(deps, uid, sessionId ?? null, 'game', Date.now()) } satisfies EndStoreSessionsResponse);
  });
  return router;
}
