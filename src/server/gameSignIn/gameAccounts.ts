import crypto from 'node:crypto';
import type { Auth } from 'firebase-admin/auth';
import { accountNameOf } from '../../shared/playerTag';
import { PLAYER_CLAIM, PLAYER_NAME_CLAIM, STORE_SESSION_UID_PREFIX } from '../../shared/storeSession';
import type { GameAccounts } from './linkService';

/** The store session's own uid for a game account: a hash of its uid, so it names nobody and fits Firebase's 128 characters. */
export const storeSessionUidOf = (gameUid: string) => `${STORE_SESSION_UID_PREFIX}${crypto.createHash('sha256').update(gameUid).digest('base64url')}`;

/**
 * The game's accounts in Firebase Auth. A browser signed in with the game gets a store session (src/shared/storeSession.ts),
 * never a token of the game account itself. A custom token is signed by the API's own service account (it needs
 * roles/iam.serviceAccountTokenCreator on itself; deploy/cloud-run.yaml names it); the Auth emulator takes it unsigned.
 */
export function firebaseGameAccounts(auth: Auth): GameAccounts {
  const accountOf = async (uid: string) => {
    const user = await auth.getUser(uid).catch((error: { code?: string }) => {
      if (error.code === 'auth/user-not-found') return null;
      throw error;
    });
    return user && !user.disabled ? { uid, displayName: user.displayName ?? null, email: user.email ?? null } : null;
  };
  return {
    accountOf,
    customTokenFor: (account) => auth.createCustomToken(storeSessionUidOf(account.uid), { [PLAYER_CLAIM]: account.uid, [PLAYER_NAME_CLAIM]: accountNameOf(account) }),
  };
}
