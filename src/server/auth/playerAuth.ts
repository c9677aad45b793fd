import type { Auth, DecodedIdToken, UserRecord } from 'firebase-admin/auth';
import type { StoreSessionRecord } from '../../shared/gameSignIn/storeSessions';

/**
 * What the API asks of who a request comes from: Firebase Auth's verdict on an ID token and its account, and the record
 * of a store session (src/shared/storeSession.ts), which must still stand for its tokens to act. Every router takes it
 * for requirePlayer and requireSupport; unit tests give a fake with verifyIdToken alone.
 */
export interface PlayerAuth {
  verifyIdToken(idToken: string, checkRevoked?: boolean): Promise<DecodedIdToken>;
  getUser(uid: string): Promise<UserRecord>;
  /** A store session's record as it stands; without it, no store session acts. */
  storeSession?(sessionUid: string): Promise<StoreSessionRecord | null>;
}

export const playerAuth = (auth: Auth, storeSessions: { find(sessionUid: string): Promise<StoreSessionRecord | null> }): PlayerAuth => ({
  verifyIdToken: (idToken, checkRevoked) => auth.verifyIdToken(idToken, checkRevoked),
  getUser: (uid) => auth.getUser(uid),
  storeSession: (sessionUid) => storeSessions.find(sessionUid),
});
