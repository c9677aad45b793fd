import type { RequestHandler } from 'express';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { playerUidOf, storeSessionAccessOf, type StoreSessionAccess } from '../../shared/storeSession';
import { isActiveSession } from '../../shared/gameSignIn/storeSessions';
import { HttpError } from '../http/errors';
import type { PlayerAuth } from './playerAuth';

const expired = () => new HttpError(401, 'Your session has expired. Please sign in again.');
const sessionEnded = () => new HttpError(401, 'This browser’s store session has ended. Please sign in again from the game.');

/**
 * A store session (signed in with the game) acts for its game account only while its record stands (not ended by the
 * game, not past its time) and while that account stands: deleted, disabled, or its sessions revoked
 * (tokensValidAfterTime) after this browser signed in, and the session is over. Its email, for receipts, is the game
 * account's as it is now. The game's confirmation for personal data is the record's, not only the token's.
 */
async function gameAccountOf(auth: PlayerAuth, decoded: DecodedIdToken, player: string, session: StoreSessionAccess): Promise<{ email: string | undefined; session: StoreSessionAccess }> {
  const [record, account] = await Promise.all([auth.storeSession ? auth.storeSession(session.sessionUid) : null, auth.getUser(player).catch(() => null)]);
  if (!isActiveSession(record, player, Date.now())) throw sessionEnded();
  if (!account || account.disabled) throw new HttpError(401, 'This game account can no longer use the store. Please sign in again from the game.');
  const validAfter = account.tokensValidAfterTime ? Date.parse(account.tokensValidAfterTime) : 0;
  if (decoded.auth_time * 1000 < validAfter) throw expired();
  return { email: account.email ?? undefined, session: { sessionUid: session.sessionUid, personalData: record.personalData } };
}

/**
 * Lets a request through only with a valid Firebase ID token; the player's uid goes to res.locals.uid (a store
 * session's game account: src/shared/storeSession.ts), their account's email (when it has one) to
 * res.locals.email, the token's claims to res.locals.claims, and a store session's access to res.locals.storeSession
 * (null for any other sign-in). With `checkRevoked`, a token minted before the account's sessions were revoked (or of
 * a disabled account) is refused too: one more lookup per request, worth it where a role can be taken away (support)
 * and, in production, for every player.
 */
export function requirePlayer(auth: PlayerAuth, { checkRevoked = false } = {}): RequestHandler {
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
      const session = storeSessionAccessOf(decoded);
      const standing = session ? await gameAccountOf(auth, decoded, player, session) : null;
      res.locals.uid = player;
      res.locals.email = standing ? standing.email : typeof decoded.email === 'string' ? decoded.email : undefined;
      res.locals.claims = decoded;
      res.locals.storeSession = standing?.session ?? null;
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** The store session a request came from (requirePlayer put it there), or null for any other sign-in. */
export const storeSessionOf = (res: { locals: Record<string, unknown> }) => (res.locals.storeSession as StoreSessionAccess | null | undefined) ?? null;

/**
 * The checks a player's token gets: in production, revocation too (a disabled or deleted account, or one whose
 * sessions were revoked, is refused at once, not when its hour-long token runs out). The Auth emulator stamps a
 * sign-up's times in whole seconds and can count its own fresh token as revoked (docs/testing.md), so locally not.
 */
export const playerChecks = (settings: { USE_FIREBASE_EMULATORS: boolean }) => ({ checkRevoked: !settings.USE_FIREBASE_EMULATORS });
