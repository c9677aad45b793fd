import type { Auth } from 'firebase-admin/auth';
import type { GameAccounts } from './linkService';

/**
 * The game's accounts in Firebase Auth. A custom token is signed by the API's own service account (it needs
 * roles/iam.serviceAccountTokenCreator on itself; deploy/cloud-run.yaml names it); the Auth emulator takes it unsigned.
 */
export function firebaseGameAccounts(auth: Auth): GameAccounts {
  return {
    async accountOf(uid) {
      const user = await auth.getUser(uid);
      return { uid, displayName: user.displayName ?? null, email: user.email ?? null };
    },
    customTokenFor: (uid) => auth.createCustomToken(uid),
  };
}
