import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { sharedStackSettings } from './stackSettings';

/** firebase-admin on the stack's Firestore emulator, bypassing the rules as the API does: writes, reads, rewinds clocks. */
export function ownerDb(): Firestore {
  const settings = sharedStackSettings();
  process.env.FIRESTORE_EMULATOR_HOST = `${settings.EMULATOR_HOST}:${settings.FIRESTORE_EMULATOR_PORT}`;
  const app = getApps()[0] ?? initializeApp({ projectId: settings.FIREBASE_PROJECT_ID });
  return getFirestore(app);
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

/** Writes users/{uid}.gemCount as the payments API would. */
export async function setGemCount(uid: string, gemCount: number): Promise<void> {
  await ownerDb().doc(`users/${uid}`).set({ gemCount }, { merge: true });
}

let counter = 0;

/** An email no other test run has used. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${process.pid}-${Date.now()}-${counter}@wyrmcrown.example`;
}
