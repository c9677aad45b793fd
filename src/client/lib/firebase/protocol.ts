import type { PublicConfig } from '../../../shared/publicConfig';
import type { StoreSessionAccess } from '../../../shared/storeSession';

/**
 * The messages between the page and the Firebase worker (./firebase.worker.ts), which runs the Auth and
 * Firestore SDKs off the main thread. Every message is plain data: the page asks, the worker answers a call
 * once and a listen as often as its source changes. A password or a custom token travels only in a call's
 * arguments; the ID token only in the answer to `idToken`. None enters the store.
 */

/** The signed-in account as the page may keep it (the Auth SDK's user, less everything secret). */
export interface FirebaseUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  emailVerified: boolean;
  /** The account carries the support role's claim: the header offers the console (which asks the API itself). */
  staff?: boolean;
  /** Signed in with the game: this browser's store session, and whether the game confirmed it for personal data (src/shared/storeSession.ts). */
  storeSession?: StoreSessionAccess;
}

/** What the worker can be asked once, with its arguments and its answer. */
export interface FirebaseCalls {
  signIn: { args: [email: string, password: string]; result: FirebaseUser };
  signUp: { args: [email: string, password: string]; result: FirebaseUser };
  /** Signs in as the game account a custom token names ("Sign in with the game"). */
  signInWithToken: { args: [customToken: string]; result: FirebaseUser };
  signOut: { args: []; result: null };
  /** The signed-in account's password given again: its next ID token says it signed in just now (asked before a deletion). */
  confirmPassword: { args: [password: string]; result: null };
  /** Whose account a password-reset code resets. */
  checkResetCode: { args: [code: string]; result: string };
  saveNewPassword: { args: [code: string, password: string]; result: null };
  /** The signed-in player's ID token (a new one when `fresh`), or null when nobody is signed in. */
  idToken: { args: [fresh: boolean]; result: string | null };
}
export type FirebaseCallName = keyof FirebaseCalls;

/** A read-only Firestore query: equality filters, one ordering, a page size and where the page starts. */
export interface QuerySpec {
  collection: string;
  where: Array<[field: string, value: unknown]>;
  orderBy: [field: string, direction: 'asc' | 'desc'];
  limit: number;
  /** The ordering field's value of the last document of the page before (cursor-based paging). */
  startAfter?: unknown;
}

/** What can be listened to, and what each listen reports. */
export interface FirebaseListens {
  /** Every change of the signed-in user, starting with the restored session. */
  authState: { target: { kind: 'authState' }; event: { user: FirebaseUser | null } };
  /** One document (undefined data while it does not exist). */
  document: { target: { kind: 'document'; path: string }; event: { data: Record<string, unknown> | undefined } | { error: string } };
  query: { target: { kind: 'query'; spec: QuerySpec }; event: { docs: Array<{ id: string; data: Record<string, unknown> }> } | { error: string } };
}
export type ListenTarget = FirebaseListens[keyof FirebaseListens]['target'];
export type ListenEvent<K extends keyof FirebaseListens> = FirebaseListens[K]['event'];

/** A failure as it crosses to the page: the SDK's error code (auth/wrong-password, …) and message. */
export interface FirebaseFailure {
  code?: string;
  message: string;
}

export type ToWorker =
  | { type: 'configure'; config: Pick<PublicConfig, 'firebase' | 'emulators'> }
  | { [K in FirebaseCallName]: { type: 'call'; id: number; name: K; args: FirebaseCalls[K]['args'] } }[FirebaseCallName]
  | { type: 'listen'; id: number; target: ListenTarget }
  | { type: 'unlisten'; id: number };

export type FromWorker =
  | { type: 'result'; id: number; value: unknown }
  | { type: 'failure'; id: number; failure: FirebaseFailure }
  | { type: 'event'; id: number; event: unknown };
