import path from 'node:path';
import { loadSettings } from '../../src/server/config/settings';
import { firebaseAdmin } from '../../src/server/firebase/admin';
import { firestoreStaffRecords, setSupportRole } from '../../src/server/auth/supportRole';

/**
 * `npm run support -- grant <email>` / `revoke <email>`: gives or takes the support role (the `support`
 * custom claim) on an account: against the Auth emulator of a running `npm start` locally, against the
 * configured Firebase project in production (with the server's Google credentials).
 */
const USAGE = 'Usage: npm run support -- grant <email>   or   npm run support -- revoke <email>';

async function main(): Promise<number> {
  const [action, email] = process.argv.slice(2);
  if ((action !== 'grant' && action !== 'revoke') || !email?.includes('@')) {
    console.error(USAGE);
    return 2;
  }
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const settings = loadSettings(path.resolve(__dirname, '../..'));
  const where = settings.USE_FIREBASE_EMULATORS
    ? `the Auth emulator at ${settings.EMULATOR_HOST}:${settings.AUTH_EMULATOR_PORT}`
    : `Firebase project ${settings.FIREBASE_PROJECT_ID}`;
  try {
    const { auth, db } = firebaseAdmin(settings);
    const { uid, changed } = await setSupportRole(auth, firestoreStaffRecords(db), email, action === 'grant');
    const role = action === 'grant' ? 'is support staff' : 'is no longer support staff, and signed out everywhere';
    console.log(`${email} (uid ${uid}) ${role}${changed ? '' : ' already'}, on ${where}.`);
    if (action === 'grant') console.log('The console is at /support once they are signed in.');
    return 0;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'auth/user-not-found') console.error(`There is no account with the email ${email} on ${where}.`);
    else if (settings.USE_FIREBASE_EMULATORS && /ECONNREFUSED|fetch failed/.test(String((error as Error).message ?? error))) {
      console.error(`Could not reach ${where}: start the store with npm start first.`);
    } else console.error(`Could not change the role on ${where}: ${(error as Error).message}`);
    return 1;
  }
}

main().then((code) => process.exit(code));
