import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { settingsToEnv } from '../../scripts/stack/startStack';
import type { Settings } from '../../src/server/config/settings';
import { makeTempDir, projectRoot, testStackSettings } from '../support/testStack';

jest.setTimeout(180_000);

interface StartRun {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs the same command as `npm start` with these settings. */
function runStart(settings: Settings, dataDir: string): StartRun {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('scripts', 'start.ts')], {
    cwd: projectRoot,
    env: { ...process.env, ...settingsToEnv(settings), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForOutput(run: StartRun, pattern: RegExp, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(run.output())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${pattern}. Output:\n${run.output()}`);
    if (run.child.exitCode !== null) throw new Error(`start exited early:\n${run.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Processes whose command line mentions any of the given ports: whatever this run started. */
function processesUsing(settings: Settings): string[] {
  const ports = [
    settings.PORT,
    settings.FIRESTORE_EMULATOR_PORT,
    settings.AUTH_EMULATOR_PORT,
    settings.GATEWAY_SANDBOX_PORT,
  ].join('|');
  const result = spawnSync('pgrep', ['-af', `(${ports})`], { encoding: 'utf8' });
  return result.stdout
    .split('\n')
    .filter((line) => line && !line.includes('pgrep'));
}

const firestoreDoc = (settings: Settings) =>
  `http://127.0.0.1:${settings.FIRESTORE_EMULATOR_PORT}/v1/projects/${settings.FIREBASE_PROJECT_ID}/databases/(default)/documents/users/persisted-player`;
const authUrl = (settings: Settings, method: string) =>
  `http://127.0.0.1:${settings.AUTH_EMULATOR_PORT}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=any`;
const account = { email: 'persisted@wyrmcrown.example', password: 'dragon-slayer-1', returnSecureToken: true };

test('npm start serves the store, stops cleanly on SIGTERM, and keeps the data for the next start', async () => {
  const settings = await testStackSettings();
  const dataDir = makeTempDir('data');

  const first = runStart(settings, dataDir);
  await waitForOutput(first, /store is ready at (\S+)/);
  expect(first.output()).toContain(`store is ready at http://127.0.0.1:${settings.PORT}`);
  const page = await fetch(`http://127.0.0.1:${settings.PORT}/shop`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('"gameName"');

  const written = await fetch(firestoreDoc(settings), {
    method: 'PATCH',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({ fields: { gemCount: { integerValue: '1500' } } }),
  });
  expect(written.status).toBe(200);
  const signUp = await fetch(authUrl(settings, 'signUp'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  expect(signUp.status).toBe(200);

  first.child.kill('SIGTERM');
  await expect(first.exited).resolves.toBe(0);
  expect(processesUsing(settings)).toEqual([]);

  const second = runStart(settings, dataDir);
  try {
    await waitForOutput(second, /store is ready at/);
    const read = await fetch(firestoreDoc(settings), { headers: { Authorization: 'Bearer owner' } });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ fields: { gemCount: { integerValue: '1500' } } });
    const signIn = await fetch(authUrl(settings, 'signInWithPassword'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(account),
    });
    expect(signIn.status).toBe(200);
  } finally {
    second.child.kill('SIGINT');
    await expect(second.exited).resolves.toBe(0);
  }
  expect(processesUsing(settings)).toEqual([]);
});

test('a part that cannot start is named with the reason and the fix, and nothing is left running', async () => {
  const settings = await testStackSettings();
  const blocker = net.createServer().listen(settings.AUTH_EMULATOR_PORT, '127.0.0.1');
  await new Promise((resolve) => blocker.once('listening', resolve));
  try {
    const run = runStart(settings, makeTempDir('data'));
    await expect(run.exited).resolves.toBe(1);
    expect(run.output()).toContain(`Auth emulator could not start: port ${settings.AUTH_EMULATOR_PORT}`);
    expect(run.output()).toContain('already in use');
    expect(run.output()).toContain('AUTH_EMULATOR_PORT');
  } finally {
    blocker.close();
  }
  expect(processesUsing(settings)).toEqual([]);
});

test('a missing emulator command is reported with how to install it', async () => {
  const settings = await testStackSettings({ FIRESTORE_EMULATOR_COMMAND: '/nonexistent/gcloud' });
  const run = runStart(settings, makeTempDir('data'));
  await expect(run.exited).resolves.toBe(1);
  expect(run.output()).toContain('Firestore emulator could not start');
  expect(run.output()).toContain('FIRESTORE_EMULATOR_COMMAND');
  expect(processesUsing(settings)).toEqual([]);
});
