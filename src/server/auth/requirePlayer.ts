import type { Auth } from 'firebase-admin/auth';
import type { RequestHandler } from 'express';
import { HttpError } from '../http/errors';

/**
 * Lets a request through only with a valid Firebase ID token; the player's uid goes to res.locals.uid, their
 * account's email (when it has one) to res.locals.email, and the token's claims to res.locals.claims. With
 * `checkRevoked`, a token minted before the account's sessions were revoked (or of a disabled account) is
 * refused too: one more lookup per request, worth it where a role can be taken away (support).
 */
export function requirePlayer(auth: Auth, { checkRevoked = false } = {}): RequestHandler {
  return async (req, res, next) => {
    const token = /^Bearer (\S+)$/.exec(req.get('authorization') ?? '')?.[1];
    if (!token) {
      next(new HttpError(401, 'Please sign in to continue.'));
      return;
    }
    try {
      const decoded = await auth.verifyIdToken(token, checkRevoked);
      res.locals.uid = decoded.uid;
      res.locals.email = typeof decoded.email === 'string' ? decoded.email : undefined;
      res.locals.claims = decoded;
      next();
    } catch {
      next(new HttpError(401, 'Your session has expired. Please sign in again.'));
    }
  };
}
