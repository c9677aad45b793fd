import type { Auth } from 'firebase-admin/auth';

export interface PlayerAccount {
  uid: string;
  email: string | null;
  /** When the account was made and last signed in (ms), as Firebase Auth keeps them: a dispute's evidence. */
  createdAt?: number | null;
  lastSignInAt?: number | null;
}

/** Player accounts in Firebase Auth, for support's search and order pages. */
export interface PlayerDirectory {
  byEmail(email: string): Promise<PlayerAccount | null>;
  byUid(uid: string): Promise<PlayerAccount | null>;
}

const isNotFound = (error: unknown) => (error as { code?: unknown })?.code === 'auth/user-not-found';

export function firebasePlayerDirectory(auth: Auth): PlayerDirectory {
  const lookUp = async (find: () => Promise<{ uid: string; email?: string; metadata?: { creationTime?: string; lastSignInTime?: string | null } }>) => {
    const time = (text: string | null | undefined) => (text ? Date.parse(text) || null : null);
    try {
      const user = await find();
      return { uid: user.uid, email: user.email ?? null, createdAt: time(user.metadata?.creationTime), lastSignInAt: time(user.metadata?.lastSignInTime) };
    } catch (error) {
      // Not found, or not even the shape of an email or uid: nobody.
      if (isNotFound(error) || (error as { code?: string })?.code?.startsWith('auth/invalid')) return null;
      throw error;
    }
  };
  return {
    byEmail: (email) => lookUp(() => auth.getUserByEmail(email)),
    byUid: (uid) => lookUp(() => auth.getUser(uid)),
  };
}
