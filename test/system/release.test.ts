import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { stackEnv } from '../../scripts/stack/startStack';
import { EMULATOR_HOST_VARIABLES } from '../../src/server/config/settings';
import { findFreePort, waitForHttp } from '../../scripts/stack/network';
import { STARTING_PACKS } from '../../src/shared/startingCatalogue';
import { gemsOf, newPlayer, paymentDetails, sandboxControl, stackSettings, transactionOf, waitFor } from '../support/paymentsHarness';
import { loopbackGuardEnv, makeTempDir, projectRoot } from '../../scripts/stack/testing/throwawayStack';

/**
 * The container's steps, run here (no container engine on our machines): scripts/release.sh assembles the
 * build into an empty folder and installs the production dependencies only, and that folder's server,
 * started with plain node, takes a purchase from start to credit against the emulators and the sandbox.
 */
jest.setTimeout(240_000);

const run = promisify(execFile);
let folder: string;
let server: ChildProcess;
let url: string;

beforeAll(async () => {
  folder = makeTempDir('release');
  await run('sh', [path.join(projectRoot, 'scripts', 'release.sh'), 'assemble', folder]);
  await run('sh', [path.join(projectRoot, 'scripts', 'release.sh'), 'install', folder], { maxBuffer: 16 * 1024 * 1024 });
  const port = await findFreePort();
  url = `http://${stackSettings.HOST}:${port}`;
  server = spawn(process.execPath, [path.join('dist-server', 'server.cjs')], {
    cwd: folder,
    // Only what the container would have: the settings, and where the emulators are. Not the test's own environment.
    env: stackEnv({ ...stackSettings, PORT: port }, loopbackGuardEnv(), { PATH: process.env.PATH }),
    stdio: ['ignore', fs.openSync(path.join(folder, 'server.log'), 'a'), fs.openSync(path.join(folder, 'server.log'), 'a')],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  if (!(await waitForHttp(`${url}/api/health/ready`, { timeoutMs: 30_000, giveUp: exited }))) {
    throw new Error(`The release's server did not get ready:\n${fs.readFileSync(path.join(folder, 'server.log'), 'utf8')}`);
  }
});

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
});

describe('the release: the build in an empty folder, production dependencies only, started with node', () => {
  it('holds the build and the production dependencies, and none of the sources or dev tools', () => {
    expect(fs.readdirSync(folder).sort()).toEqual(['dist', 'dist-prerender', 'dist-server', 'node_modules', 'package-lock.json', 'package.json', 'server.log']);
    for (const runtime of ['express', 'firebase-admin', 'google-auth-library', 'nodemailer']) expect(fs.existsSync(path.join(folder, 'node_modules', runtime))).toBe(true);
    for (const devTool of ['typescript', 'jest', 'webpack', 'firebase-tools', 'playwright-core']) expect(fs.existsSync(path.join(folder, 'node_modules', devTool))).toBe(false);
  });

  it('serves the store, and a purchase goes from Submit to credited gems through it', async () => {
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Download the game and start your adventure today!');

    const player = await newPlayer();
    const started = await fetch(`${url}/api/payments`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${player.idToken}` },
      body: JSON.stringify({ packId: 2, ...paymentDetails }),
    });
    expect(started.status).toBe(201);
    const { orderId } = (await started.json()) as { orderId: string };
    // The provider's callback comes back to this server (its own callback address).
    expect((await transactionOf(orderId))!.callback_url).toBe(`${url}/api/gateway/callback`);
    const { returnUrl } = (await sandboxControl('POST', `/orders/${orderId}/complete`, { outcome: 'paid' })) as { returnUrl: string };
    const returned = await fetch(`${url}/api/payments/return`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${player.idToken}` },
      body: JSON.stringify(Object.fromEntries(new URL(returnUrl).searchParams)),
    });
    expect(await returned.json()).toMatchObject({ orderId, status: 'paid', credited: true });
    expect(await waitFor(() => gemsOf(player.uid), (gems) => gems > 0)).toBe(STARTING_PACKS[1]!.gemCount);
  });

  it('starts without an error or a stack in its output', () => {
    // Warnings and errors only (LOG_LEVEL=warn), and what libraries print themselves: a clean start prints none.
    const log = fs.readFileSync(path.join(folder, 'server.log'), 'utf8');
    expect(log).not.toMatch(/ERR_ERL_|"level":(40|50|60)|Error|\n\s+at \S+ \(/);
  });

  it('stops on SIGTERM within Cloud Run’s 10 s, exiting 0', async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    const asked = Date.now();
    server.kill('SIGTERM');
    await expect(exited).resolves.toBe(0);
    expect(Date.now() - asked).toBeLessThan(10_000);
  });
});

describe('the release refuses to start with unsafe settings, saying what to set', () => {
  /** Everything real Firebase asks for, safely set: each case below changes one thing. */
  const production = {
    USE_FIREBASE_EMULATORS: 'false',
    GATEWAY_BASE_URL: 'https://pay.example',
    RUN_GATEWAY_SANDBOX: 'false',
    MERCHANT_PRIVATE_KEY: 'a-real-key-of-the-merchant',
    SMTP_URL: 'smtps://store:secret@smtp.example.com:465',
    CONSENT_LINK_SECRET: 'a-long-random-key-of-this-store',
    GIFT_KEY_SECRET: 'another-long-random-key-of-this-store',
    // The tests' stack moves the daily gift's clock; a release never may.
    TEST_CLOCK_CONTROL: 'false',
    JOBS_AUTH: 'oidc',
    JOBS_OIDC_AUDIENCE: 'https://api.a.run.app',
    JOBS_SERVICE_ACCOUNT: 'scheduler@p.iam.gserviceaccount.com',
    SELLER_ABN: '11 222 333 444',
    PUBLIC_BASE_URL: 'https://store.wyrmcrown.example',
    METRICS_TOKEN: 'a-long-random-token-for-prometheus',
    GAME_WEBHOOK_URL: 'https://game.wyrmcrown.example/store-events',
    GAME_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 9).toString('base64')}`,
  };
  const cases: Array<[string, Record<string, string>, RegExp]> = [
    ['the emulators with a real provider and key', { GATEWAY_BASE_URL: 'https://pay.example', RUN_GATEWAY_SANDBOX: 'false', MERCHANT_PRIVATE_KEY: 'a-real-key-of-the-merchant' }, /set USE_FIREBASE_EMULATORS=false/],
    ['a plain-http public address', { ...production, PUBLIC_BASE_URL: 'http://store.wyrmcrown.example' }, /set PUBLIC_BASE_URL to https:\/\/ addresses/],
    ['a plain-http provider', { ...production, GATEWAY_BASE_URL: 'http://pay.example' }, /set GATEWAY_BASE_URL to https:\/\/ addresses/],
    ['a sweep lease no longer than a pass and the provider’s timeout', { ...production, SWEEP_INTERVAL_MS: '120000', SWEEP_LEASE_MS: '40000', GATEWAY_TIMEOUT_MS: '10000' }, /SWEEP_LEASE_MS \(40000\) must be longer/],
    ['no metrics token', { ...production, METRICS_TOKEN: '' }, /set METRICS_TOKEN/],
    ['the game’s events to the local stand-in', { ...production, GAME_WEBHOOK_URL: '' }, /set GAME_WEBHOOK_URL, or RUN_GAME_SERVER=false/],
    ['the game’s events signed with the local secret', { ...production, GAME_WEBHOOK_SECRET: '' }, /set GAME_WEBHOOK_SECRET/],
    ['the Auth emulator’s host left set', { ...production, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }, /unset FIREBASE_AUTH_EMULATOR_HOST/],
    ['the Firestore emulator’s host left set', { ...production, FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' }, /unset FIRESTORE_EMULATOR_HOST/],
  ];

  it.each(cases)('%s', async (_name, unsafe, said) => {
    const stack = stackEnv({ ...stackSettings, PORT: await findFreePort() }, loopbackGuardEnv(), { PATH: process.env.PATH });
    // Real Firebase's cases start from an environment without the emulators' hosts, unless the case sets one.
    if (unsafe.USE_FIREBASE_EMULATORS === 'false') for (const name of EMULATOR_HOST_VARIABLES) delete stack[name];
    const env = { ...stack, ...unsafe };
    const started = await run(process.execPath, [path.join('dist-server', 'server.cjs')], { cwd: folder, env, timeout: 20_000 }).then(
      () => ({ code: 0, output: '' }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: `${error.stdout}${error.stderr}` }),
    );
    expect(started.code).toBe(1);
    expect(started.output).toMatch(/^The store cannot start\./m);
    expect(started.output).toMatch(said);
    expect(started.output).not.toMatch(/\n\s+at \S+/);
  });
});
