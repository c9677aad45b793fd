import type { StoreSessionAccess } from '../../../shared/storeSession';
import type { FirebaseUser } from '../../lib/firebase/protocol';

/**
 * The signed-in player's public profile in localStorage under `user` (docs/storefront.md, Data; Where the store does better, 6):
 * JSON while signed in, the text `null` when signed out. Never tokens: the account as the Firebase worker hands it to
 * the page, which holds nothing secret.
 */
export type PublicUser = FirebaseUser;

export const STORED_USER_KEY = 'user';

/** A stored store session, as far as it reads as one. */
function storeSessionOf(value: unknown): { storeSession: StoreSessionAccess } | null {
  const candidate = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (typeof candidate.sessionUid !== 'string' || !candidate.sessionUid) return null;
  return { storeSession: { sessionUid: candidate.sessionUid, personalData: candidate.personalData === true } };
}

function isPublicUser(value: unknown): value is PublicUser {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.uid === 'string' && candidate.uid.length > 0;
}

export function readStoredUser(storage: Storage = window.localStorage): PublicUser | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORED_USER_KEY) ?? 'null');
    if (!isPublicUser(parsed)) return null;
    return {
      uid: parsed.uid,
      email: typeof parsed.email === 'string' ? parsed.email : null,
      displayName: typeof parsed.displayName === 'string' ? parsed.displayName : null,
      emailVerified: parsed.emailVerified === true,
      ...(parsed.staff === true ? { staff: true } : {}),
      ...(storeSessionOf(parsed.storeSession) ?? {}),
    };
  } catch {
    return null;
  }
}

export function writeStoredUser(user: PublicUser | null, storage: Storage = window.localStorage): void {
  storage.setItem(STORED_USER_KEY, JSON.stringify(user));
}
