import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { sharedStackSettings } from '../../scripts/stack/testing/sharedStackSettings';

/** firebase-admin on the stack's emulators, as the API has it. */
function ownerApp(): App {
  const settings = sharedStackSettings();
  process.env.FIRESTORE_EMULATOR_HOST = `${settings.EMULATOR_HOST}:${settings.FIRESTORE_EMULATOR_PORT}`;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `${settings.EMULATOR_HOST}:${settings.AUTH_EMULATOR_PORT}`;
  return getApps().find((app) => app.name === '[DEFAULT]') ?? initializeApp({ projectId: settings.FIREBASE_PROJECT_ID });
}

/** firebase-admin on the stack's Firestore emulator, bypassing the rules as the API does: writes, reads, rewinds clocks. */
export function ownerDb(): Firestore {
  return getFirestore(ownerApp());
}

/** firebase-admin on a named Firestore database of the stack's project (an API instance with FIRESTORE_DATABASE_ID uses it). */
export function namedDb(databaseId: string): Firestore {
  return getFirestore(ownerApp(), databaseId);
}

/** firebase-admin on the stack's Auth emulator: custom claims, accounts. */
export function ownerAuth(): Auth {
  return getAuth(ownerApp());
}

/**
 * firebase-admin on a Firestore database of its own (another demo project on the same emulator): for tests
 * whose sweeps must not meet the orders other tests keep pending meanwhile.
 */
export function isolatedDb(label: string): Firestore {
  const settings = sharedStackSettings();
  process.env.FIRESTORE_EMULATOR_HOST = `${settings.EMULATOR_HOST}:${settings.FIRESTORE_EMULATOR_PORT}`;
  const projectId = `demo-${label}-${process.pid}-${Date.now()}`;
  return getFirestore(initializeApp({ projectId }, projectId));
}

let counter = 0;

/** An email no other test run has used. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${process.pid}-${Date.now()}-${counter}@wyrmcrown.example`;
}
