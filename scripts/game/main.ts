import path from 'node:path';
import { parseArgs } from 'node:util';
import { API_BASE, API_ROUTES, type LinkCodeResponse } from '../../src/shared/api';
import { loadSettings, publicBaseUrl, type Settings } from '../../src/server/config/settings';
import { storeTimeFormat } from '../../src/shared/storeTime';
import { TEST_PASSWORD } from '../stack/sampleBuyer';
import { emailAccount, newGuest, type GameAccount } from './gameAccount';
import { endStoreSessions, listStoreSessions } from './gameServerCalls';
import { firebaseAdmin } from '../../src/server/firebase/admin';
import { GAME_PROGRESS_CLAIM, type GameProgress } from '../../src/shared/gameSignIn/gameProgress';

/**
 * The game's stand-in, as the gateway sandbox stands in for the card provider:
 * - `npm run game -- confirm XXXX-XXXX [--guest | --email E] [--password P] [--played-days N] [--level N] [--store URL]`
 *   signs a game account in on the Auth emulator (a new guest by default, or the email account, made if need be),
 *   says how much it played where asked (the game's server's custom claims: src/shared/gameSignIn/gameProgress.ts),
 *   asks the store what the code would do and shows it, as the game shows its player, then confirms the code. Prints
 *   the game account's uid.
 * - `npm run game -- sessions <uid>` lists the account's store sessions, and `npm run game -- end-sessions <uid>
 *   [--session ws_…]` ends one or all, as the game's server would (signed with GAME_WEBHOOK_SECRET).
 */
const USAGE = [
  'Usage: npm run game -- confirm XXXX-XXXX [--guest | --email <email>] [--password <password>] [--played-days <n>] [--level <n>] [--store <url>]',
  '       npm run game -- sessions <game account uid> [--store <url>]',
  '       npm run game -- end-sessions <game account uid> [--session <ws_…>] [--store <url>]',
].join('\n');

async function post(store: string, route: string, account: GameAccount, code: string): Promise<{ status: number; body: LinkCodeResponse & { error?: string } }> {
  const response = await fetch(`${store}${API_BASE}${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${account.idToken}` },
    body: JSON.stringify({ code }),
  });
  return { status: response.status, body: (await response.json()) as LinkCodeResponse & { error?: string } };
}

async function confirm(settings: Settings, store: string, code: string, signIn: () => Promise<GameAccount>, progress: GameProgress | null): Promise<number> {
  // A guest's very first token can read as revoked on the emulator when a second ticks during its sign-up
  // (scripts/stack/authAccounts.ts): a game would sign in again, and so does its stand-in.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const account = await signIn();
    // What the game's server says of the account's play: its custom claims, set with the Admin SDK.
    if (progress) await firebaseAdmin(settings).auth.setCustomUserClaims(account.uid, { [GAME_PROGRESS_CLAIM]: progress });
    const preview = await post(store, API_ROUTES.linkPreview, account, code);
    if (preview.status === 401) continue;
    if (preview.status !== 200) {
      console.error(`The store refused the code (${preview.status}): ${preview.body.error}`);
      return 1;
    }
    const { dateTime } = storeTimeFormat(settings.STORE_TIME_ZONE);
    const asked = preview.body.purpose === 'personalData' ? 'show your saved details and all your orders to the store' : 'sign in to the store';
    console.log(`The game asks its player: ${asked} on ${preview.body.startedOn}, started ${dateTime(preview.body.startedAt)}? Yes.`);
    const confirmed = await post(store, API_ROUTES.linkConfirm, account, code);
    if (confirmed.status !== 200) {
      console.error(`The store refused the confirmation (${confirmed.status}): ${confirmed.body.error}`);
      return 1;
    }
    console.log(`Confirmed for game account ${account.uid} (${account.kind}).`);
    console.log(`uid: ${account.uid}`);
    return 0;
  }
  console.error('The store did not take the game account’s sign-in three times.');
  return 1;
}

/** The game's server on its player's store sessions: listed, or ended. */
async function sessions(settings: Settings, store: string, action: 'sessions' | 'end-sessions', uid: string, sessionId: string | undefined): Promise<number> {
  const secret = settings.GAME_WEBHOOK_SECRET;
  if (action === 'end-sessions') {
    const ended = await endStoreSessions(store, secret, uid, sessionId);
    if (ended.status !== 200) {
      console.error(`The store refused (${ended.status}): ${ended.body.error}`);
      return 1;
    }
    console.log(ended.body.ended.length ? `Ended: ${ended.body.ended.join(', ')}` : 'No store session of this account was still signed in.');
    return 0;
  }
  const listed = await listStoreSessions(store, secret, uid);
  if (listed.status !== 200) {
    console.error(`The store refused (${listed.status}): ${listed.body.error}`);
    return 1;
  }
  const { dateTime } = storeTimeFormat(settings.STORE_TIME_ZONE);
  for (const session of listed.body.sessions) {
    const state = session.endedAt ? `ended ${dateTime(session.endedAt)} by ${session.endedBy}` : `signed in until ${dateTime(session.expiresAt)}`;
    console.log(`${session.sessionId}  ${session.startedOn}, from ${dateTime(session.createdAt)}; ${state}${session.personalData ? '; confirmed for your details' : ''}`);
  }
  if (listed.body.sessions.length === 0) console.log('This account has no store sessions.');
  return 0;
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      guest: { type: 'boolean' },
      email: { type: 'string' },
      password: { type: 'string' },
      store: { type: 'string' },
      session: { type: 'string' },
      'played-days': { type: 'string' },
      level: { type: 'string' },
    },
  });
  const [action, subject] = positionals;
  const known = (action === 'confirm' && !(values.guest && values.email)) || action === 'sessions' || action === 'end-sessions';
  if (!known || !subject) {
    console.error(USAGE);
    return 2;
  }
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const settings = loadSettings(path.resolve(__dirname, '../..'));
  if (!settings.USE_FIREBASE_EMULATORS) {
    console.error('The game stand-in signs its accounts in on the Auth emulator: it runs against npm start, not a real Firebase project.');
    return 2;
  }
  const store = values.store ?? publicBaseUrl(settings);
  const { email, password = TEST_PASSWORD } = values;
  try {
    if (action !== 'confirm') return await sessions(settings, store, action as 'sessions' | 'end-sessions', subject, values.session);
    const played = values['played-days'] ?? values.level;
    const progress = played === undefined ? null : { playedDays: Number(values['played-days'] ?? 0), level: Number(values.level ?? 1) };
    if (progress && !(Number.isInteger(progress.playedDays) && Number.isInteger(progress.level) && progress.playedDays >= 0 && progress.level >= 0)) {
      console.error(USAGE);
      return 2;
    }
    return await confirm(settings, store, subject, () => (email ? emailAccount(settings, email, password) : newGuest(settings)), progress);
  } catch (error) {
    console.error(/ECONNREFUSED|fetch failed/.test(String(error)) ? `Could not reach the store or its Auth emulator: start the store with npm start first.` : String(error));
    return 1;
  }
}

main().then((code) => process.exit(code));
