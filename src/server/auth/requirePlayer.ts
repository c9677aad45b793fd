import type { Auth } from 'firebase-admin/auth';
import type { RequestHandler } from 'express';
import { HttpError } from '../http/errors';

/**
 * Lets a request through only with a valid Firebase ID token; the player's uid goes to res.locals.uid, their
 * account's email (when it has one) to res.locals.email, and the token's claims to res.locals.claims.
 */
export function requirePlayer(auth: Auth): RequestHandler {
  return async (req, res, next) => {
    const token = /^Bearer (\S+)$/.exec(req.get('authorization') ?? '')?.[1];
    if (!token) {
      next(new HttpError(401, 'Please sign in to continue.'));
      return;
    }
    try {
      const decoded = await auth.verifyIdToken(token);
      res.locals.uid = decoded.uid;
      res.locals.email = typeof decoded.email === 'string' ? decoded.email : undefined;
      res.locals.claims = decoded;
      next();
    } catch {
      next(new HttpError(401, 'Your session has expired. Please sign in again.'));
    }
  };
}
