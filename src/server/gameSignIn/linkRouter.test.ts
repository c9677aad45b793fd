import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Auth } from 'firebase-admin/auth';
import { memoryLinks } from '../../../test/support/memory/memoryLinks';
import { memoryApiDeps } from '../../../test/support/memory/memoryApiDeps';
import { memoryStore } from '../../../test/support/memory/memoryStore';
import { API_BASE, API_ROUTES, apiPath } from '../../shared/api';
import { createApp } from '../app';
import { parseSettings } from '../config/settings';
import { LINK_TRIES } from '../http/rateLimits';
import { silentLogger } from '../lib/logger';
import { verifierHashOf } from './linkRules';
import type { LinkDeps } from './linkService';
import type { Settings } from '../config/settings';
import { memoryStoreSessions } from '../../../test/support/memory/memoryStoreSessions';

/** A game's ID token here is its account's uid. */
const auth = { verifyIdToken: async (token: string) => ({ uid: token }) } as unknown as Auth;

const gameSignInOf = (settings: Settings, links: ReturnType<typeof memoryLinks>): LinkDeps => ({
  settings,
  links: links.repository,
  storeSessions: memoryStoreSessions().repository,
  accounts: { accountOf: async (uid: string) => ({ uid, displayName: null, email: null }), customTokenFor: async ({ uid }) => `t-${uid}`, closeSessionAccounts: async () => undefined },
  log: silentLogger,
});

describe('codes a game tries', () => {
  it('count only when refused, per game account and per address with account: past the limit that account is held off, another account at the same address and a right code are not', async () => {
    const settings = parseSettings({});
    const memory = memoryStore();
    const deps = memoryApiDeps(settings, memory);
    const links = memoryLinks(memory);
    const gameSignIn = gameSignInOf(settings, links);
    const server: Server = createApp({ settings, payments: { deps, auth }, gameSignIn }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const post = async (route: string, body: unknown, token?: string) => {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${route}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, string> };
    };
    try {
      const started = await post(`${API_BASE}${API_ROUTES.linkSessions}`, { verifierHash: verifierHashOf('v'.repeat(43)) });
      expect(started.status).toBe(201);
      // Without a game's sign-in, nothing is confirmed.
      expect((await post(`${API_BASE}${API_ROUTES.linkConfirm}`, { code: started.body.code })).status).toBe(401);
      const wrong = [];
      for (let i = 0; i < LINK_TRIES.perAccount; i += 1) wrong.push((await post(`${API_BASE}${API_ROUTES.linkConfirm}`, { code: 'K7Q2-M4XD' }, 'guesser')).status);
      expect(wrong).toEqual(Array(LINK_TRIES.perAccount).fill(404));
      expect((await post(`${API_BASE}${API_ROUTES.linkConfirm}`, { code: started.body.code }, 'guesser')).status).toBe(429);
      // Three more accounts at the same address guess as many: 40 wrong codes from one address, each account held off alone.
      for (const other of ['guesser-2', 'guesser-3', 'guesser-4']) {
        for (let i = 0; i < LINK_TRIES.perAccount; i += 1) expect((await post(`${API_BASE}${API_ROUTES.linkConfirm}`, { code: 'K7Q2-M4XD' }, other)).status).toBe(404);
      }
      expect(links.sessions.get(started.body.sessionId!)!.state).toBe('waiting');
      // Another account confirms the right code; a right code never counts against it.
      const confirmed = await post(`${API_BASE}${API_ROUTES.linkConfirm}`, { code: started.body.code }, 'player');
      expect(confirmed.status).toBe(200);
      const redeemed = await post(apiPath(API_ROUTES.linkRedeem, { sessionId: started.body.sessionId! }), { verifier: 'v'.repeat(43) });
      expect(redeemed).toEqual({ status: 200, body: { customToken: 't-player', account: { uid: 'player', displayName: null, email: null } } });
      // Junk is a clear 400 and changes nothing.
      expect((await post(`${API_BASE}${API_ROUTES.linkSessions}`, { verifierHash: 'short' })).status).toBe(400);
      expect((await post(apiPath(API_ROUTES.linkRedeem, { sessionId: 'not-a-session' }), { verifier: 'v'.repeat(43) })).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('hears where each end is: a code shown in New Zealand is refused to a game in Australia, through the trusted front', async () => {
    const settings = parseSettings({ TRUST_PROXY: '127.0.0.1' });
    const memory = memoryStore();
    const links = memoryLinks(memory);
    const gameSignIn = gameSignInOf(settings, links);
    const server: Server = createApp({ settings, payments: { deps: memoryApiDeps(settings, memory), auth }, gameSignIn }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const post = async (route: string, body: unknown, from: string, token?: string) => {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${route}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': from, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, string | null> };
    };
    try {
      const started = await post(`${API_BASE}${API_ROUTES.linkSessions}`, { verifierHash: verifierHashOf('v'.repeat(43)) }, '49.224.0.1');
      expect(links.sessions.get(started.body.sessionId!)).toMatchObject({ startedIn: 'NZ' });
      expect((await post(`${API_BASE}${API_ROUTES.linkPreview}`, { code: started.body.code }, '49.224.0.2', 'player')).body.startedIn).toBe('New Zealand');
      expect((await post(`${API_BASE}${API_ROUTES.linkConfirm}`, { code: started.body.code }, '101.160.0.1', 'player')).status).toBe(403);
      expect((await post(`${API_BASE}${API_ROUTES.linkConfirm}`, { code: started.body.code }, '49.224.0.2', 'player')).status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
