import { newStoreSessionUid } from '../../src/server/gameSignIn/linkService';
import { recordStoreSession, type StoreSessionRecord } from '../../src/server/gameSignIn/storeSessions';
import { PERSONAL_DATA_CLAIM, PLAYER_CLAIM, PLAYER_NAME_CLAIM } from '../../src/shared/storeSession';
import { sharedStackSettings } from '../../scripts/stack/testing/sharedStackSettings';
import { ownerAuth, ownerDb } from './emulatorAdmin';

const settings = sharedStackSettings();

/** Signs a custom token in on the Auth emulator, as a browser does with signInWithCustomToken: its ID token. */
export async function signInWithCustomToken(token: string): Promise<string> {
  const response = await fetch(`http://${settings.EMULATOR_HOST}:${settings.AUTH_EMULATOR_PORT}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=any`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`The custom token did not sign in: ${JSON.stringify(body)}`);
  return body.idToken;
}

/**
 * A store session of the game account `uid` as "Sign in with the game" makes one, without the code: its record in
 * store_sessions of `db` (standing STORE_SESSION_HOURS) and its custom token signed in. For tests of what a session may do.
 */
export async function storeSessionOf(uid: string, { personalData = false, name = 'Guest', db = ownerDb() } = {}): Promise<{ sessionUid: string; idToken: string }> {
  const now = Date.now();
  const record: StoreSessionRecord = {
    sessionId: newStoreSessionUid(),
    player: uid,
    startedOn: 'Chrome on Linux',
    startedIn: null,
    createdAt: now,
    expiresAt: now + settings.STORE_SESSION_HOURS * 3_600_000,
    personalData,
    personalDataAt: personalData ? now : null,
    endedAt: null,
    endedBy: null,
  };
  // In the database the API that will be asked reads (a test's own instances may read one of their own).
  const batch = db.batch();
  recordStoreSession(db, batch, record);
  await batch.commit();
  const token = await ownerAuth().createCustomToken(record.sessionId, { [PLAYER_CLAIM]: uid, [PLAYER_NAME_CLAIM]: name, ...(personalData ? { [PERSONAL_DATA_CLAIM]: true } : {}) });
  return { sessionUid: record.sessionId, idToken: await signInWithCustomToken(token) };
}
