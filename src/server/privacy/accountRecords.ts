import type { Auth } from 'firebase-admin/auth';
import type { PlayerAccount } from '../support/playerDirectory';

/** The accounts as Firebase Auth holds them: one read for the archive (support's player directory), and their closing at a deletion. */
export interface AccountRecords {
  find(uid: string): Promise<PlayerAccount | null>;
  /** Signs each account out everywhere (its refresh tokens revoked) and deletes it; one gone already is skipped. */
  close(uids: readonly string[]): Promise<void>;
}

/** Closes accounts in Firebase Auth: revoked, then deleted; an account gone already is no failure. */
export function firebaseAccountClosing(auth: Auth): AccountRecords['close'] {
  return async (uids) => {
    for (const uid of uids) {
      try {
        await auth.revokeRefreshTokens(uid);
        await auth.deleteUser(uid);
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
      }
    }
  };
}
