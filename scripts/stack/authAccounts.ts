import type { Settings } from '../../src/server/config/settings';

type AuthEmulatorAddress = Pick<Settings, 'EMULATOR_HOST' | 'AUTH_EMULATOR_PORT'>;
interface Credentials {
  email: string;
  password: string;
}

/** One call to the Auth emulator's REST API (the Identity Toolkit's accounts:signUp or :signInWithPassword), or an error with its answer. */
export async function authEmulatorAccount(
  settings: AuthEmulatorAddress,
  action: 'signUp' | 'signInWithPassword',
  credentials: Credentials,
): Promise<{ uid: string; idToken: string }> {
  const response = await fetch(
    `http://${settings.EMULATOR_HOST}:${settings.AUTH_EMULATOR_PORT}/identitytoolkit.googleapis.com/v1/accounts:${action}?key=any`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...credentials, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { localId: string; idToken: string };
  // The emulator answers 200 to a call it carried out.
  if (response.status !== 200) throw new Error(`The Auth emulator refused ${action} for ${credentials.email}: ${response.status} ${JSON.stringify(body)}`);
  return { uid: body.localId, idToken: body.idToken };
}

/**
 * A new account on the Auth emulator, signed in once more for its token. The emulator stamps a sign-up's login
 * at the start of the request and the account's tokens-valid-since later, both in whole seconds; when a second
 * ticks in between, the sign-up's own token counts as revoked, and the Admin SDK checks revocation on every
 * token when it runs against the emulator (a 401 for a fresh player, seen once in a full run). A sign-in after
 * the sign-up always lands in the same second or a later one.
 */
export async function signUpOnAuthEmulator(settings: AuthEmulatorAddress, credentials: Credentials): Promise<{ uid: string; idToken: string }> {
  await authEmulatorAccount(settings, 'signUp', credentials);
  return authEmulatorAccount(settings, 'signInWithPassword', credentials);
}
