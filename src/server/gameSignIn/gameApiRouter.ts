import express from 'express';
import { Webhook } from 'standardwebhooks';
import { API_ROUTES } from '../../shared/api';
import type { EndStoreSessionsResponse, StoreSessionsResponse } from '../../shared/gameSignIn/storeSessions';
import { endStoreSessionsSchema, listStoreSessionsSchema } from '../../shared/validation/gameSignIn';
import { HttpError } from '../http/errors';
import { parseBody } from '../http/parseBody';
import type { RateLimits } from '../http/rateLimits';
import { endStoreSessions, type LinkDeps } from './linkService';
import { toStoreSessionView } from './storeSessions';

/**
 * What the game's own server asks of the store (docs/game-integration.md, Store sessions): a game account's store
 * sessions, and their end. Each request is signed as the store's events to the game are (Standard Webhooks, with
 * GAME_WEBHOOK_SECRET): the JSON body, `webhook-id`, `webhook-timestamp` (within five minutes) and `webhook-signature`.
 */
export function gameApiRouter(deps: LinkDeps, limits: RateLimits): express.Router {
  const router = express.Router();
  const webhook = new Webhook(deps.settings.GAME_WEBHOOK_SECRET);
  const text = express.text({ type: '*/*', limit: '2kb' });
  /** The request's body, once its signature is the game's; 401 otherwise, with nothing read of it. */
  const signedBody = (req: express.Request): unknown => {
    try {
      return webhook.verify(typeof req.body === 'string' ? req.body : '', req.headers as Record<string, string>);
    } catch {
      throw new HttpError(401, 'This request is not signed by the game’s server.');
    }
  };
  const noStore = (res: express.Response) => res.set('Cache-Control', 'no-store');

  router.post(API_ROUTES.gameStoreSessions, limits.anonymous, text, async (req, res) => {
    const { uid } = parseBody(listStoreSessionsSchema, signedBody(req));
    noStore(res).json({ uid, sessions: (await deps.storeSessions.listFor(uid)).map(toStoreSessionView) } satisfies StoreSessionsResponse);
  });

  router.post(API_ROUTES.gameStoreSessionsEnd, limits.anonymous, text, async (req, res) => {
    const { uid, sessionId } = parseBody(endStoreSessionsSchema, signedBody(req));
    noStore(res).json({ uid, ended: await endStoreSessions(deps, uid, sessionId ?? null, 'game', Date.now()) } satisfies EndStoreSessionsResponse);
  });
  return router;
}
