import type { Auth, UserRecord } from 'firebase-admin/auth';
import type { AccountFacts } from './dataArchive';

/** The accounts as Firebase Auth holds them: one read for the archive, and their closing at a deletion. */
export interface AccountRecords {
  find(uid: string): Promise<AccountFacts | null>;
  /** Signs each account out everywhere (its refresh tokens revoked) and deletes it; one gone already is skipped. */
  close(uids: readonly string[]): Promise<void>;
}

const factsOf = (user: UserRecord): AccountFacts => ({
  uid: user.uid,
  email: user.email ?? null,
  displayName: user.displayName ?? null,
  createdAt: user.metadata.creationTime ? new Date(user.metadata.creationTime).toISOString() : null,
  lastSignInAt: user.metadata.lastSignInTime ? new Date(user.metadata.lastSignInTime).toISOString() : null,
  signsInWith: user.providerData.map((provider) => provider.providerId),
});

/** No such account: none by that uid, or a uid Auth never makes (too long). */
const isGone = (error: unknown) => ['auth/user-not-found', 'auth/invalid-uid'].includes((error as { code?: string }).code ?? '');

export function firebaseAccountRecords(auth: Auth): AccountRecords {
  return {
    async find(uid) {
      try {
        return factsOf(await auth.getUser(uid));
      } catch (error) {
        if (isGone(error)) return null;
        throw error;
      }
    },
    async close(uids) {
      for (const uid of uids) {
        try {
          await auth.revokeRefreshTokens(uid);
          await auth.deleteUser(uid);
        } catch (error) {
          if (!isGone(error)) throw error;
        }
      }
    },
  };
}
