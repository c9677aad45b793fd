import path from 'node:path';
import type { Firestore } from 'firebase-admin/firestore';
import { loadSettings, type Settings } from '../../src/server/config/settings';
import { firebaseAdmin } from '../../src/server/firebase/admin';

/** What a command against the store's Firestore works with: the settings, the database, and where that is, in words. */
export interface FirestoreCommandContext {
  settings: Settings;
  db: Firestore;
  where: string;
}

/**
 * Runs a command against the store's Firestore (the emulator of a running `npm start` locally, the configured project in
 * production with the server's Google credentials): 0 when it ran; 1, with the reason in words, when it failed
 * (`doing`: what it could not do, "change the offer").
 */
export async function runFirestoreCommand(doing: string, run: (context: FirestoreCommandContext) => Promise<void>): Promise<number> {
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const settings = loadSettings(path.resolve(__dirname, '../..'));
  const where = settings.USE_FIREBASE_EMULATORS ? `the Firestore emulator at ${settings.EMULATOR_HOST}:${settings.FIRESTORE_EMULATOR_PORT}` : `Firebase project ${settings.FIREBASE_PROJECT_ID}`;
  try {
    await run({ settings, db: firebaseAdmin(settings).db, where });
    return 0;
  } catch (error) {
    const message = String((error as Error).message ?? error);
    if (settings.USE_FIREBASE_EMULATORS && /ECONNREFUSED|fetch failed|UNAVAILABLE/.test(message)) console.error(`Could not reach ${where}: start the store with npm start first.`);
    else console.error(`Could not ${doing} on ${where}: ${message}`);
    return 1;
  }
}
