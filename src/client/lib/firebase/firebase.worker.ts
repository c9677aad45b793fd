import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  confirmPasswordReset,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  signInWithCustomToken,
  reauthenticateWithCredential,
  EmailAuthProvider,
  signInWithEmailAndPassword,
  signOut,
  verifyPasswordResetCode,
  type Auth,
  type User,
} from 'firebase/auth';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getFirestore,
  limit,
  onSnapshot,
  orderBy,
  query,
  startAfter,
  where,
  type Firestore,
} from 'firebase/firestore';
import { playerUidOf, PLAYER_NAME_CLAIM, STORE_SESSION_UID_PREFIX, storeSessionAccessOf } from '../../../shared/storeSession';
import { SUPPORT_CLAIM } from '../../../shared/supportRole';
import type { FirebaseCallName, FirebaseCalls, FirebaseUser, FromWorker, ListenTarget, ToWorker } from './protocol';

/**
 * The Firebase worker: the Auth and Firestore SDKs parse, start and keep their connections here, off the
 * page's main thread, so a signed-in page paints and answers input while they work. The page talks to it
 * through ./firebaseWorkerClient in the messages of ./protocol. (firebase/auth resolves to its web-worker
 * build here: see webpack.config.js.)
 */
// The worker's global scope, as much of it as this file uses (the project's types are the page's: DOM, not WebWorker).
declare const self: {
  postMessage(message: FromWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
};

let app: FirebaseApp | null = null;
let auth: Auth | null = null;
let firestore: Firestore | null = null;
const listening = new Map<number, () => void>();

function configure(config: Extract<ToWorker, { type: 'configure' }>['config']): void {
  if (app) return;
  app = initializeApp(config.firebase);
  // One persistence, shared with every tab of the store (IndexedDB), and no popup or redirect code.
  auth = initializeAuth(app, { persistence: indexedDBLocalPersistence });
  firestore = getFirestore(app, config.firebase.databaseId);
  if (config.emulators) {
    connectAuthEmulator(auth, config.emulators.authUrl, { disableWarnings: true });
    connectFirestoreEmulator(firestore, config.emulators.firestoreHost, config.emulators.firestorePort);
  }
}

function started(): { auth: Auth; firestore: Firestore } {
  if (!auth || !firestore) throw new Error('Firebase is not configured.');
  return { auth, firestore };
}

/**
 * The player a Firebase user is, as the store's pages know them: a store session signed in with the game is the game
 * account its custom token names (src/shared/storeSession.ts), by that account's uid and name; any other, itself.
 */
async function toFirebaseUser(user: User): Promise<FirebaseUser> {
  const plain = { uid: user.uid, email: user.email, displayName: user.displayName, emailVerified: user.emailVerified };
  // Offline with an expired token the claims cannot be read: a player's own account is still itself, a store session nobody yet.
  const read = await user.getIdTokenResult().catch(() => null);
  if (!read) {
    if (user.uid.startsWith(STORE_SESSION_UID_PREFIX)) throw new Error('The store session cannot be read yet.');
    return plain;
  }
  const { claims, signInProvider } = read;
  const token = { uid: user.uid, firebase: { sign_in_provider: signInProvider ?? undefined }, ...claims };
  const storeSession = storeSessionAccessOf(token);
  if (storeSession) {
    const name = claims[PLAYER_NAME_CLAIM];
    return { uid: playerUidOf(token)!, email: null, displayName: typeof name === 'string' ? name : null, emailVerified: false, storeSession };
  }
  return claims[SUPPORT_CLAIM] === true ? { ...plain, staff: true } : plain;
}

const calls: { [K in FirebaseCallName]: (...args: FirebaseCalls[K]['args']) => Promise<FirebaseCalls[K]['result']> } = {
  signIn: async (email, password) => toFirebaseUser((await signInWithEmailAndPassword(started().auth, email, password)).user),
  signUp: async (email, password) => toFirebaseUser((await createUserWithEmailAndPassword(started().auth, email, password)).user),
  signInWithToken: async (customToken) => toFirebaseUser((await signInWithCustomToken(started().auth, customToken)).user),
  signOut: async () => {
    await signOut(started().auth);
    return null;
  },
  confirmPassword: async (password) => {
    const user = started().auth.currentUser;
    if (!user?.email) throw Object.assign(new Error('This account has no password.'), { code: 'auth/no-password' });
    await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
    return null;
  },
  checkResetCode: (code) => verifyPasswordResetCode(started().auth, code),
  saveNewPassword: async (code, password) => {
    await confirmPasswordReset(started().auth, code, password);
    return null;
  },
  idToken: async (fresh) => {
    const { auth: instance } = started();
    await instance.authStateReady();
    return instance.currentUser ? instance.currentUser.getIdToken(fresh) : null;
  },
};

/** Starts a listen; answers how to stop it. Firestore listens wait for the restored session, so they carry its token. */
async function listen(target: ListenTarget, emit: (event: unknown) => void): Promise<() => void> {
  const { auth: instance, firestore: db } = started();
  if (target.kind === 'authState') {
    // Each change told in the order it came, though a user's claims are read asynchronously.
    let told = Promise.resolve();
    return onAuthStateChanged(instance, (user) => {
      const reading = user ? toFirebaseUser(user) : Promise.resolve(null);
      told = told.then(async () => emit({ user: await reading.catch(() => null) }));
    });
  }
  await instance.authStateReady();
  const failed = (error: Error) => emit({ error: error.message });
  if (target.kind === 'document') {
    return onSnapshot(doc(db, target.path), (snapshot) => emit({ data: snapshot.data() }), failed);
  }
  const { spec } = target;
  const constraints = [
    ...spec.where.map(([field, value]) => where(field, '==', value)),
    orderBy(...spec.orderBy),
    ...(spec.startAfter === undefined ? [] : [startAfter(spec.startAfter)]),
    limit(spec.limit),
  ];
  return onSnapshot(
    query(collection(db, spec.collection), ...constraints),
    (snapshot) => emit({ docs: snapshot.docs.map((document) => ({ id: document.id, data: document.data() })) }),
    failed,
  );
}

const post = (message: FromWorker) => self.postMessage(message);

function failureOf(error: unknown): { code?: string; message: string } {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
  return { code, message: error instanceof Error ? error.message : String(error) };
}

async function handle(message: ToWorker): Promise<void> {
  switch (message.type) {
    case 'configure':
      configure(message.config);
      return;
    case 'call': {
      const call = calls[message.name] as (...args: unknown[]) => Promise<unknown>;
      try {
        post({ type: 'result', id: message.id, value: await call(...message.args) });
      } catch (error) {
        post({ type: 'failure', id: message.id, failure: failureOf(error) });
      }
      return;
    }
    case 'listen': {
      const { id } = message;
      // A placeholder first, so an unlisten that arrives while the listen starts is not lost.
      let stopped = false;
      listening.set(id, () => (stopped = true));
      try {
        const stop = await listen(message.target, (event) => post({ type: 'event', id, event }));
        if (stopped) stop();
        else listening.set(id, stop);
      } catch (error) {
        post({ type: 'event', id, event: { error: failureOf(error).message } });
      }
      return;
    }
    case 'unlisten':
      listening.get(message.id)?.();
      listening.delete(message.id);
  }
}

// The Auth SDK's own cross-tab messages arrive here too (with an eventType); they are not ours.
self.addEventListener('message', (event) => {
  if (typeof event.data === 'object' && event.data !== null && 'type' in event.data) void handle(event.data as ToWorker);
});
