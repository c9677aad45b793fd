import express from 'express';
import { Webhook } from 'standardwebhooks';
import { HttpError } from './errors';

/** Set on a request from the game's server once its signature held (before the rate limits: ./rateLimits gameServer). */
export const SIGNED_BY_GAME = 'signedByGame';
const SIGNED_BODY = 'gameSignedBody';

/**
 * What the game's own server asks of the store is signed as the store's events to it are (Standard Webhooks, with
 * GAME_WEBHOOK_SECRET): the JSON body, `webhook-id`, `webhook-timestamp` (within five minutes) and
 * `webhook-signature`. `verified(limit)` reads the raw body and checks it, before the rate limits (a signed request
 * draws on the game's own budget); `signedBodyOf` answers the body, or 401 with nothing read of it.
 */
export function gameSignature(secret: string) {
  const webhook = new Webhook(secret);
  return {
    verified: (limit: string): express.RequestHandler[] => [
      express.text({ type: '*/*', limit }),
      (req, res, next) => {
        try {
          res.locals[SIGNED_BODY] = webhook.verify(typeof req.body === 'string' ? req.body : '', req.headers as Record<string, string>);
          res.locals[SIGNED_BY_GAME] = true;
        } catch {
          res.locals[SIGNED_BY_GAME] = false;
        }
        next();
      },
    ],
    signedBodyOf(res: express.Response): unknown {
      if (res.locals[SIGNED_BY_GAME] !== true) throw new HttpError(401, 'This request is not signed by the game’s server.');
      return res.locals[SIGNED_BODY];
    },
  };
}
