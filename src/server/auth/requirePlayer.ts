import type { Auth } from 'firebase-admin/auth';
import type { RequestHandler } from 'express';
import { HttpError } from '../http/errors';

/** Lets a request through only with a valid Firebase ID token; the player's uid goes to res.locals.uid. */
export function requirePlayer(auth: Auth): RequestHandler {
  return async (req, res, next) => {
    const token = /^Bearer (\S+)$/.exec(req.get('authorization') ?? '')?.[1];
    if (!token) {
      next(new HttpError(401, 'Please sign in to continue.'));
      return;
    }
    try {
      res.locals.uid = (await auth.verifyIdToken(token)).uid;
      next();
    } catch {
      next(new HttpError(401, 'Your session has expired. Please sign in again.'));
    }
  };
}
