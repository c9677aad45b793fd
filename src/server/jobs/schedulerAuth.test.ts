import crypto from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../app';
import { parseSettings } from '../config/settings';
import { googleOidcCheck, jobsTokenCheck } from './schedulerAuth';

/** A signing key of our own standing in for Google's: the check is given its certificate instead of Google's. */
const google = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const stranger = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const KID = 'test-key-1';
const certs = async () => ({ [KID]: google.publicKey.export({ type: 'spki', format: 'pem' }).toString() });

const AUDIENCE = 'https://wyrmcrown-api-abc123-ts.a.run.app';
const SCHEDULER = 'scheduler@wyrmcrown.iam.gserviceaccount.com';
const settings = parseSettings({ JOBS_AUTH: 'oidc', JOBS_OIDC_AUDIENCE: AUDIENCE, JOBS_SERVICE_ACCOUNT: SCHEDULER, JOBS_TOKEN: 'a-local-jobs-token' });

const base64url = (value: object | Buffer) => (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

/** An RS256 JWT as Google mints them for Cloud Scheduler's OIDC target, with `changes` to its claims. */
function idToken(changes: Record<string, unknown> = {}, key: crypto.KeyObject = google.privateKey, kid = KID): string {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url({ alg: 'RS256', typ: 'JWT', kid });
  const payload = base64url({ iss: 'https://accounts.google.com', aud: AUDIENCE, email: SCHEDULER, email_verified: true, sub: '1234', iat: now - 10, exp: now + 3500, ...changes });
  const signature = crypto.sign('RSA-SHA256', Buffer.from(`${header}.${payload}`), key);
  return `${header}.${payload}.${base64url(signature)}`;
}

describe('who may run a job', () => {
  const oidc = googleOidcCheck(settings, certs);

  it('takes a Google-signed ID token for this service, from the scheduler’s service account', async () => {
    await expect(oidc(`Bearer ${idToken()}`)).resolves.toBeNull();
  });

  it.each([
    ['no token at all', undefined, 401],
    ['a token of another audience', `Bearer ${idToken({ aud: 'https://another-service.a.run.app' })}`, 401],
    ['a token of another issuer', `Bearer ${idToken({ iss: 'https://evil.example' })}`, 401],
    ['an expired token', `Bearer ${idToken({ iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 })}`, 401],
    ['a token signed by another key', `Bearer ${idToken({}, stranger.privateKey)}`, 401],
    [
      'a Firebase player’s ID token',
      `Bearer ${idToken({ iss: 'https://securetoken.google.com/demo-wyrmcrown', aud: 'demo-wyrmcrown', email: 'king@wyrmcrown.example' }, stranger.privateKey, 'firebase-key')}`,
      401,
    ],
    ['another service account', `Bearer ${idToken({ email: 'someone-else@wyrmcrown.iam.gserviceaccount.com' })}`, 403],
    ['an unverified email', `Bearer ${idToken({ email_verified: false })}`, 403],
    ['the local jobs token', 'Bearer a-local-jobs-token', 401],
  ])('refuses %s', async (_case, authorization, status) => {
    await expect(oidc(authorization)).resolves.toMatchObject({ status });
  });

  it('locally, takes only the jobs token; with none set, nobody', async () => {
    const local = jobsTokenCheck(parseSettings({ JOBS_TOKEN: 'a-local-jobs-token' }));
    await expect(local('Bearer a-local-jobs-token')).resolves.toBeNull();
    await expect(local('Bearer a-local-jobs-tokeN')).resolves.toMatchObject({ status: 403 });
    await expect(local(undefined)).resolves.toMatchObject({ status: 401 });
    await expect(jobsTokenCheck(parseSettings({}))('Bearer ')).resolves.toMatchObject({ status: 401 });
    await expect(jobsTokenCheck(parseSettings({}))('Bearer anything')).resolves.toMatchObject({ status: 403 });
  });
});

describe('POST /api/jobs/sweep, /api/jobs/mail, /api/jobs/game-events and /api/jobs/books', () => {
  it('run one pass for the scheduler, and nothing for anyone else', async () => {
    const ran: string[] = [];
    const app = createApp({
      settings,
      jobs: {
        passes: {
          sweep: async () => (ran.push('sweep'), { claimed: 0 }),
          mail: async () => (ran.push('mail'), { claimed: 0 }),
          gameEvents: async () => (ran.push('gameEvents'), { claimed: 0 }),
          books: async (date) => (ran.push(`books ${String(date)}`), { apart: [] }),
        },
        check: googleOidcCheck(settings, certs),
      },
    });
    const server: Server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
    try {
      const post = (path: string, token?: string) => fetch(url(path), { method: 'POST', headers: token ? { Authorization: `Bearer ${token}` } : {} });
      expect((await post('/api/jobs/sweep')).status).toBe(401);
      expect((await post('/api/jobs/mail', idToken({ aud: 'https://elsewhere' }))).status).toBe(401);
      expect((await post('/api/jobs/sweep', idToken({ email: 'x@y.iam.gserviceaccount.com' }))).status).toBe(403);
      expect(ran).toEqual([]);
      const sweep = await post('/api/jobs/sweep', idToken());
      expect([sweep.status, await sweep.json()]).toEqual([200, { claimed: 0 }]);
      expect((await post('/api/jobs/mail', idToken())).status).toBe(200);
      expect((await post('/api/jobs/game-events')).status).toBe(401);
      expect((await post('/api/jobs/game-events', idToken())).status).toBe(200);
      expect((await post('/api/jobs/books?date=2026-11-28')).status).toBe(401);
      expect((await post('/api/jobs/books?date=2026-11-28', idToken())).status).toBe(200);
      expect(ran).toEqual(['sweep', 'mail', 'gameEvents', 'books 2026-11-28']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
