import type { RequestHandler } from 'express';
import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import { isStoreSession, playerUidOf } from '../../shared/storeSession';
import { HttpError } from '../http/errors';

const expired = () => new HttpError(401, 'Your session has expired. Please sign in again.');

/**
 * A store session (signed in with the game) acts for its game account only while that account stands: deleted,
 * disabled, or its sessions revoked (tokensValidAfterTime) after this browser signed in, and the session is over.
 * Its email, for receipts, is the game account's as it is now.
 */
async function gameAccountOf(auth: Auth, decoded: DecodedIdToken, player: string): Promise<{ email: string | undefined }> {
  const account = await auth.getUser(player).catch(() => null);
  if (!account || account.disabled) throw new HttpError(401, 'This game account can no longer use the store. Please sign in again from the game.');
  const validAfter = account.tokensValidAfterTime ? Date.parse(account.tokensValidAfterTime) : 0;
  if (decoded.auth_time * 1000 < validAfter) throw expired();
  return { email: account.email ?? undefined };
}

/**
 * Lets a request through only with a valid Firebase ID token; the player's uid goes to res.locals.uid (a store
 * session's game account: src/shared/storeSession.ts), their account's email (when it has one) to
 * res.locals.email, and the token's claims to res.locals.claims. With `checkRevoked`, a token minted before the
 * account's sessions were revoked (or of a disabled account) is refused too: one more lookup per request, worth it
 * where a role can be taken away (support) and, in production, for every player.
 */
export function requirePlayer(auth: Auth, { checkRevoked = false } = {}): RequestHandler {
  return async (req, res, next) => {
    const token = /^Bearer (\S+)$/.exec(req.get('authorization') ?? '')?.[1];
    if (!token) {
      next(new HttpError(401, 'Please sign in to continue.'));
      return;
    }
    let decoded: DecodedIdToken;
    try {
      decoded = await auth.verifyIdToken(token, checkRevoked);
    } catch {
      next(expired());
      return;
    }
    try {
      const player = playerUidOf(decoded);
      if (!player) throw new HttpError(401, 'This session was not made by the store. Please sign in again.');
      const email = isStoreSession(decoded) ? (await gameAccountOf(auth, decoded, player)).email : typeof decoded.email === 'string' ? decoded.email : undefined;
      res.locals.uid = player;
      res.locals.email = email;
      res.locals.claims = decoded;
      next();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The checks a player's token gets: in production, revocation too (a disabled or deleted account, or one whose
 * sessions were revoked, is refused at once, not when its hour-long token runs out). The Auth emulator stamps a
 * sign-up's times in whole seconds and can count its own fresh token as revoked (docs/testing.md), so locally not.
 */
export const playerChecks = (settings: { USE_FIREBASE_EMULATORS: boolean }) => ({ checkRevoked: !settings.USE_FIREBASE_EMULATORS });
