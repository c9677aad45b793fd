import type { Settings } from '../../src/server/config/settings';
import { authEmulatorAccount } from '../stack/authAccounts';

type AuthEmulatorAddress = Pick<Settings, 'EMULATOR_HOST' | 'AUTH_EMULATOR_PORT'>;

/** A game account signed in on the Auth emulator, as the game holds it: its uid, its ID token, and what kind it is. */
export interface GameAccount {
  uid: string;
  idToken: string;
  kind: 'guest' | 'email';
}

/** A new guest account, as a game makes one for a player who never gave an email (Firebase's anonymous sign-in). */
export async function newGuest(settings: AuthEmulatorAddress): Promise<GameAccount> {
  const response = await fetch(`http://${settings.EMULATOR_HOST}:${settings.AUTH_EMULATOR_PORT}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ returnSecureToken: true }),
  });
  const body = (await response.json()) as { localId: string; idToken: string };
  if (response.status !== 200) throw new Error(`The Auth emulator refused a guest sign-up: ${response.status} ${JSON.stringify(body)}`);
  return { uid: body.localId, idToken: body.idToken, kind: 'guest' };
}

/** The email account, signed in (made first if there is none), as a game whose player signs in with an email. */
export async function emailAccount(settings: AuthEmulatorAddress, email: string, password: string): Promise<GameAccount> {
  const signIn = () => authEmulatorAccount(settings, 'signInWithPassword', { email, password });
  const account = await signIn().catch(async (error: unknown) => {
    if (!/EMAIL_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/.test(String(error))) throw error;
    await authEmulatorAccount(settings, 'signUp', { email, password });
    return signIn();
  });
  return { ...account, kind: 'email' };
}
