import type { Auth } from 'firebase-admin/auth';

export interface PlayerAccount {
  uid: string;
  email: string | null;
  /** When the account was made and last signed in (ms), as Firebase Auth keeps them: a dispute's evidence. */
  createdAt?: number | null;
  lastSignInAt?: number | null;
  /** The name on the account, and how it signs in (password, a custom token…): a player's own archive shows them. */
  displayName?: string | null;
  signsInWith?: string[];
}

/** Player accounts in Firebase Auth, for support's search and order pages. */
export interface PlayerDirectory {
  byEmail(email: string): Promise<PlayerAccount | null>;
  byUid(uid: string): Promise<PlayerAccount | null>;
  /** Several accounts in as few calls as Firebase Auth allows (100 a call), by uid; a uid with no account is absent. */
  byUids(uids: readonly string[]): Promise<Map<string, PlayerAccount>>;
}

/** The most identifiers Firebase Auth's getUsers takes in one call. */
const USERS_PER_LOOKUP = 100;

type AuthUser = { uid: string; email?: string; displayName?: string; providerData?: Array<{ providerId: string }>; metadata?: { creationTime?: string; lastSignInTime?: string | null } };

const time = (text: string | null | undefined) => (text ? Date.parse(text) || null : null);
const accountOf = (user: AuthUser): PlayerAccount => ({
  uid: user.uid,
  email: user.email ?? null,
  createdAt: time(user.metadata?.creationTime),
  lastSignInAt: time(user.metadata?.lastSignInTime),
  displayName: user.displayName ?? null,
  signsInWith: (user.providerData ?? []).map((provider) => provider.providerId),
});

const isNotFound = (error: unknown) => (error as { code?: unknown })?.code === 'auth/user-not-found';

export function firebasePlayerDirectory(auth: Auth): PlayerDirectory {
  const lookUp = async (find: () => Promise<AuthUser>) => {
    try {
      return accountOf(await find());
    } catch (error) {
      // Not found, or not even the shape of an email or uid: nobody.
      if (isNotFound(error) || (error as { code?: string })?.code?.startsWith('auth/invalid')) return null;
      throw error;
    }
  };
  return {
    byEmail: (email) => lookUp(() => auth.getUserByEmail(email)),
    byUid: (uid) => lookUp(() => auth.getUser(uid)),
    async byUids(uids) {
      const unique = [...new Set(uids)];
      const chunks = Array.from({ length: Math.ceil(unique.length / USERS_PER_LOOKUP) }, (_, index) => unique.slice(index * USERS_PER_LOOKUP, (index + 1) * USERS_PER_LOOKUP));
      const results = await Promise.all(chunks.map((chunk) => auth.getUsers(chunk.map((uid) => ({ uid })))));
      return new Map(results.flatMap((result) => result.users.map((user) => [user.uid, accountOf(user)] as const)));
    },
  };
}
