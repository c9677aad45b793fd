import { firestoreLedger } from '../../src/server/ledger/ledgerRepository';
import { openAllBooks } from '../../src/server/ledger/openBooks';
import { runFirestoreCommand } from './firestoreCommand';

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
  return runFirestoreCommand('open the books', async ({ settings, db, where }) => {
    const tally = await openAllBooks(firestoreLedger(db, settings), Date.now(), (sofar) => console.error(`… ${Object.values(sofar).reduce((sum, count) => sum + count, 0)} players`));
    console.log(`Books opened on ${where}: ${tally.opened} opening entries made, ${tally['nothing held']} players held nothing, ${tally['open already']} were open already.`);
  });
}

main().then((code) => process.exit(code));
