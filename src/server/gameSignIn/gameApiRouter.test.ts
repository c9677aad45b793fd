import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { memoryLinks } from '../../../test/support/memory/memoryLinks';
import { memoryStoreSessions } from '../../../test/support/memory/memoryStoreSessions';
import { memoryStore } from '../../../test/support/memory/memoryStore';
import { API_ROUTES } from '../../shared/api';
import { signedGameCall } from '../../../scripts/game/gameServerCalls';
import { createApp } from '../app';
import { parseSettings } from '../config/settings';
import { silentLogger } from '../lib/logger';
import type { StoreSessionRecord } from './storeSessions';

const settings = parseSettings({});
const session = (sessionId: string, player: string, createdAt: number): StoreSessionRecord => ({
  sessionId,
  player,
  startedOn: 'Chrome on Android',
  startedIn: 'AU',
  createdAt,
  expiresAt: Date.now() + 86_400_000,
  personalData: false,
  personalDataAt: null,
  endedAt: null,
  endedBy: null,
});

/** The store's game API on a port of its own, with two sessions of `player` and one of someone else. */
async function withGameApi(run: (post: (route: string, body: unknown, secret?: string, at?: Date) => Promise<{ status: number; body: any }>, records: Map<string, StoreSessionRecord>, closed: string[]) => Promise<void>) {
  const storeSessions = memoryStoreSessions();
  for (const record of [session('ws_first000000000000000', 'player', 1), session('ws_second00000000000000', 'player', 2), session('ws_other000000000000000', 'other', 3)]) storeSessions.records.set(record.sessionId, record);
  const closed: string[] = [];
  const gameSignIn = {
    settings,
    links: memoryLinks(memoryStore()).repository,
    storeSessions: storeSessions.repository,
    accounts: { accountOf: async () => null, customTokenFor: async () => '', closeSessionAccounts: async (uids: readonly string[]) => void closed.push(...uids) },
    log: silentLogger,
  };
  const server: Server = createApp({ settings, gameSignIn }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const post = (route: string, body: unknown, secret = settings.GAME_WEBHOOK_SECRET, at = new Date()) =>
    signedGameCall<any>(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, secret, route, body, at);
  try {
    await run(post, storeSessions.records, closed);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("the game's server asks of its accounts' store sessions", () => {
  it('lists them newest first and ends one or all, signed as the store’s events are', async () => {
    await withGameApi(async (post, records, closed) => {
      const listed = await post(API_ROUTES.gameStoreSessions, { uid: 'player' });
      expect(listed.status).toBe(200);
      expect(listed.body.sessions.map((view: { sessionId: string }) => view.sessionId)).toEqual(['ws_second00000000000000', 'ws_first000000000000000']);
      expect(listed.body.sessions[0]).toEqual({ sessionId: 'ws_second00000000000000', startedOn: 'Chrome on Android', startedIn: 'AU', createdAt: 2, expiresAt: expect.any(Number), personalData: false, endedAt: null, endedBy: null });
      // Another account's session is not this account's to end.
      await expect(post(API_ROUTES.gameStoreSessionsEnd, { uid: 'player', sessionId: 'ws_other000000000000000' })).resolves.toEqual({ status: 200, body: { uid: 'player', ended: [] } });
      await expect(post(API_ROUTES.gameStoreSessionsEnd, { uid: 'player', sessionId: 'ws_first000000000000000' })).resolves.toEqual({ status: 200, body: { uid: 'player', ended: ['ws_first000000000000000'] } });
      await expect(post(API_ROUTES.gameStoreSessionsEnd, { uid: 'player' })).resolves.toEqual({ status: 200, body: { uid: 'player', ended: ['ws_second00000000000000'] } });
      expect(records.get('ws_first000000000000000')).toMatchObject({ endedBy: 'game', endedAt: expect.any(Number) });
      expect(records.get('ws_other000000000000000')!.endedAt).toBeNull();
      expect(closed).toEqual(['ws_first000000000000000', 'ws_second00000000000000']);
    });
  });

  it('refuses a request not signed with the game’s secret, signed too long ago, or malformed, changing nothing', async () => {
    await withGameApi(async (post, records) => {
      const forged = `whsec_${Buffer.from('someone-elses-secret-not-the-games').toString('base64')}`;
      expect((await post(API_ROUTES.gameStoreSessionsEnd, { uid: 'player' }, forged)).status).toBe(401);
      expect((await post(API_ROUTES.gameStoreSessionsEnd, { uid: 'player' }, settings.GAME_WEBHOOK_SECRET, new Date(Date.now() - 10 * 60_000))).status).toBe(401);
      expect((await post(API_ROUTES.gameStoreSessionsEnd, { uid: 'player', sessionId: 'not-a-session' })).status).toBe(400);
      expect([...records.values()].every((record) => record.endedAt === null)).toBe(true);
    });
  });
});
