import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import type { Settings } from '../config/settings';

export interface FirebaseAdmin {
  auth: Auth;
  db: Firestore;
}

/**
 * firebase-admin with full rights (security rules do not bind it). On the local stack it talks to the
 * emulators; against a real project it uses the environment's Google credentials.
 */
export function firebaseAdmin(settings: Settings): FirebaseAdmin {
  if (settings.USE_FIREBASE_EMULATORS) {
    process.env.FIRESTORE_EMULATOR_HOST ??= `${settings.EMULATOR_HOST}:${settings.FIRESTORE_EMULATOR_PORT}`;
    process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `${settings.EMULATOR_HOST}:${settings.AUTH_EMULATOR_PORT}`;
  }
  const app = getApps()[0] ?? initializeApp({ projectId: settings.FIREBASE_PROJECT_ID });
  return { auth: getAuth(app), db: getFirestore(app, settings.FIRESTORE_DATABASE_ID) };
}
