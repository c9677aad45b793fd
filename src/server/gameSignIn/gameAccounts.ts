import type { Auth } from 'firebase-admin/auth';
import { accountNameOf } from '../../shared/playerTag';
import { PERSONAL_DATA_CLAIM, PLAYER_CLAIM, PLAYER_NAME_CLAIM } from '../../shared/storeSession';
import type { Logger } from '../lib/logger';
import type { GameAccounts } from './linkService';

/**
 * The game's accounts in Firebase Auth. A browser signed in with the game gets a store session (src/shared/storeSession.ts),
 * never a token of the game account itself. A custom token is signed by the API's own service account (it needs
 * roles/iam.serviceAccountTokenCreator on itself; deploy/cloud-run.yaml names it); the Auth emulator takes it unsigned.
 */
export function firebaseGameAccounts(auth: Auth, log: Logger): GameAccounts {
  const accountOf = async (uid: string) => {
    const user = await auth.getUser(uid).catch((error: { code?: string }) => {
      if (error.code === 'auth/user-not-found') return null;
      throw error;
    });
    return user && !user.disabled ? { uid, displayName: user.displayName ?? null, email: user.email ?? null } : null;
  };
  return {
    accountOf,
    customTokenFor: (account, sessionUid, personalData) =>
      auth.createCustomToken(sessionUid, { [PLAYER_CLAIM]: account.uid, [PLAYER_NAME_CLAIM]: accountNameOf(account), ...(personalData ? { [PERSONAL_DATA_CLAIM]: true } : {}) }),
    // The record's end is the wall (the API and the rules read it); closing the account keeps its browser from even
    // refreshing a token, and leaves no account behind.
    async closeSessionAccounts(sessionUids) {
      const closed = await Promise.allSettled(sessionUids.map(async (uid) => auth.deleteUser(uid)));
      closed.forEach((outcome, index) => {
        if (outcome.status === 'rejected' && (outcome.reason as { code?: string })?.code !== 'auth/user-not-found') {
          log.warn({ event: 'store_session.account_unclosed', sessionUid: sessionUids[index], reason: String(outcome.reason) });
        }
      });
    },
  };
}
