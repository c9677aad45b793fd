import path from 'node:path';
import { loadSettings } from '../../src/server/config/settings';
import { firebaseAdmin } from '../../src/server/firebase/admin';
import { firestoreLedger } from '../../src/server/ledger/ledgerRepository';
import { openAllBooks } from '../../src/server/ledger/openBooks';

/**
 * `npm run books -- open`: the migration to the gem ledger (docs/operations.md, The books). Every player's gems from
 * before the ledger become their opening entry, once; run it again and it changes nothing. Against the Firestore
 * emulator of a running `npm start` locally, against the configured project in production (FIRESTORE_DATABASE_ID
 * names another database).
 */
const USAGE = 'Usage: npm run books -- open';

async function main(): Promise<number> {
  const [action, ...rest] = process.argv.slice(2);
  if (action !== 'open' || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const settings = loadSettings(path.resolve(__dirname, '../..'));
  const where = settings.USE_FIREBASE_EMULATORS ? `the Firestore emulator at ${settings.EMULATOR_HOST}:${settings.FIRESTORE_EMULATOR_PORT}` : `Firebase project ${settings.FIREBASE_PROJECT_ID}`;
  const { db } = firebaseAdmin(settings);
  try {
    const tally = await openAllBooks(firestoreLedger(db, settings), Date.now(), (sofar) => console.error(`… ${Object.values(sofar).reduce((sum, count) => sum + count, 0)} players`));
    console.log(`Books opened on ${where}: ${tally.opened} opening entries made, ${tally['nothing held']} players held nothing, ${tally['open already']} were open already.`);
    return 0;
  } catch (error) {
    const message = String((error as Error).message ?? error);
    if (settings.USE_FIREBASE_EMULATORS && /ECONNREFUSED|fetch failed|UNAVAILABLE/.test(message)) console.error(`Could not reach ${where}: start the store with npm start first.`);
    else console.error(`Could not open the books on ${where}: ${message}`);
    return 1;
  }
}

main().then((code) => process.exit(code));
