import type { Request, Response } from 'express';
import type { DecodedIdToken, UserRecord } from 'firebase-admin/auth';
import type { StoreSessionRecord } from '../../shared/gameSignIn/storeSessions';
import { HttpError } from '../http/errors';
import type { PlayerAuth } from './playerAuth';
import { playerChecks, requirePlayer } from './requirePlayer';

type Account = { disabled?: boolean; email?: string; tokensValidAfterTime?: string } | null;

/** A store session's record, standing for `player` unless changed. */
const sessionRecord = (player: string, changes: Partial<StoreSessionRecord> = {}): StoreSessionRecord => ({
  sessionId: 'ws_abc',
  player,
  startedOn: 'Chrome on Linux',
  startedIn: null,
  createdAt: 0,
  expiresAt: Date.now() + 60_000,
  personalData: false,
  personalDataAt: null,
  endedAt: null,
  endedBy: null,
  ...changes,
});

/** Tokens are their claims, as JSON; accounts by uid; the store session ws_abc's record as given (for game-1 by default). */
function fakeAuth(accounts: Record<string, Account>, session: (player: string) => StoreSessionRecord | null = (player) => sessionRecord(player)) {
  const checked: boolean[] = [];
  let asked = '';
  const auth: PlayerAuth = {
    storeSession: async () => session(asked),
    verifyIdToken: async (token: string, checkRevoked?: boolean) => {
      checked.push(Boolean(checkRevoked));
      const claims = JSON.parse(token) as DecodedIdToken;
      asked = typeof claims.player === 'string' ? claims.player : '';
      return claims;
    },
    getUser: async (uid: string) => {
      const account = accounts[uid];
      if (!account) throw Object.assign(new Error('no user'), { code: 'auth/user-not-found' });
      return { uid, disabled: false, ...account } as unknown as UserRecord;
    },
  };
  return { auth, checked };
}

async function pass(auth: PlayerAuth, claims: object, checks = {}): Promise<{ uid?: string; email?: string; error?: HttpError }> {
  const res = { locals: {} as Record<string, unknown> } as unknown as Response;
  const req = { get: () => `Bearer ${JSON.stringify(claims)}` } as unknown as Request;
  let error: HttpError | undefined;
  await requirePlayer(auth, checks)(req, res, (thrown?: unknown) => (error = thrown as HttpError | undefined));
  return error ? { error } : { uid: res.locals.uid as string, email: res.locals.email as string | undefined };
}

const NOW_S = Math.floor(Date.now() / 1000);
const storeSession = (player: string, provider = 'custom') => ({ uid: 'ws_abc', auth_time: NOW_S, firebase: { sign_in_provider: provider }, player });

describe('requirePlayer', () => {
  it('acts for the game account a store session names, with that account’s email as it is now', async () => {
    const { auth } = fakeAuth({ 'game-1': { email: 'aria@wyrmcrown.example' } });
    await expect(pass(auth, storeSession('game-1'))).resolves.toEqual({ uid: 'game-1', email: 'aria@wyrmcrown.example' });
    await expect(pass(auth, { uid: 'u-2', email: 'b@x.example', firebase: { sign_in_provider: 'password' } })).resolves.toEqual({ uid: 'u-2', email: 'b@x.example' });
  });

  it('refuses a store session whose game account is deleted, disabled or revoked since, and a store session’s account signed in any other way', async () => {
    const later = new Date((NOW_S + 60) * 1000).toUTCString();
    const { auth } = fakeAuth({ disabled: { disabled: true }, revoked: { tokensValidAfterTime: later } });
    for (const player of ['deleted', 'disabled', 'revoked']) expect((await pass(auth, storeSession(player))).error?.status).toBe(401);
    // A password its holder linked to the store session's account: that sign-in acts for nobody.
    expect((await pass(auth, storeSession('game-1', 'password'))).error?.status).toBe(401);
    expect((await pass(auth, { uid: 'ws_abc', firebase: { sign_in_provider: 'password' } })).error?.status).toBe(401);
  });

  it('refuses a store session whose record the game ended, that is past its time, names another account or is missing', async () => {
    const accounts = { 'game-1': { email: 'aria@wyrmcrown.example' } };
    for (const record of [sessionRecord('game-1', { endedAt: 1, endedBy: 'game' }), sessionRecord('game-1', { expiresAt: Date.now() - 1 }), sessionRecord('game-2'), null]) {
      const { auth } = fakeAuth(accounts, () => record);
      await expect(pass(auth, storeSession('game-1'))).resolves.toEqual({ error: expect.objectContaining({ status: 401, message: 'This browser’s store session has ended. Please sign in again from the game.' }) });
    }
  });

  it('checks revocation in production, not on the emulators', async () => {
    const { auth, checked } = fakeAuth({});
    await pass(auth, { uid: 'u-1' }, playerChecks({ USE_FIREBASE_EMULATORS: false }));
    await pass(auth, { uid: 'u-1' }, playerChecks({ USE_FIREBASE_EMULATORS: true }));
    expect(checked).toEqual([true, false]);
  });
});
