import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import type { Firestore } from 'firebase/firestore';
import type { PublicConfig } from '../../shared/publicConfig';

/**
 * The Firebase SDK, loaded only when a flow first needs it (never on the first load of a page), and
 * pointed at the local emulators when the server says so.
 */
let config: PublicConfig | null = null;
let app: Promise<FirebaseApp> | null = null;
let auth: Promise<Auth> | null = null;
let firestore: Promise<Firestore> | null = null;

export function configureFirebase(publicConfig: PublicConfig): void {
  config = publicConfig;
}

function requireConfig(): PublicConfig {
  if (!config) throw new Error('Firebase is not configured.');
  return config;
}

function firebaseApp(): Promise<FirebaseApp> {
  app ??= import(/* webpackChunkName: "firebase-app" */ 'firebase/app').then(({ initializeApp }) =>
    initializeApp(requireConfig().firebase),
  );
  return app;
}

export function firebaseAuth(): Promise<Auth> {
  auth ??= Promise.all([import(/* webpackChunkName: "firebase-auth" */ 'firebase/auth'), firebaseApp()]).then(
    ([sdk, firebase]) => {
      // initializeAuth with one persistence keeps the popup/redirect code out of the bundle.
      const instance = sdk.initializeAuth(firebase, { persistence: sdk.indexedDBLocalPersistence });
      const emulators = requireConfig().emulators;
      if (emulators) sdk.connectAuthEmulator(instance, emulators.authUrl, { disableWarnings: true });
      return instance;
    },
  );
  return auth;
}

export function firestoreDb(): Promise<Firestore> {
  firestore ??= Promise.all([
    import(/* webpackChunkName: "firebase-firestore" */ 'firebase/firestore'),
    firebaseApp(),
  ]).then(([sdk, firebase]) => {
    const db = sdk.getFirestore(firebase, requireConfig().firebase.databaseId);
    const emulators = requireConfig().emulators;
    if (emulators) sdk.connectFirestoreEmulator(db, emulators.firestoreHost, emulators.firestorePort);
    return db;
  });
  return firestore;
}

/**
 * The signed-in player's ID token (refreshed by the SDK when it is old, or now when `fresh`, e.g. to carry a
 * role granted since), or null when nobody is signed in.
 */
export async function currentIdToken(fresh = false): Promise<string | null> {
  const instance = await firebaseAuth();
  await instance.authStateReady();
  return instance.currentUser ? instance.currentUser.getIdToken(fresh) : null;
}
