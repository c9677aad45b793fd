import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { settingsToEnv } from '../../scripts/stack/startStack';
import type { Settings } from '../../src/server/config/settings';
import { samplePaymentDetails, TEST_ADULT_BIRTH_DATE } from '../fixtures/samples';
import { API_ROUTES, apiPath } from '../../src/shared/api';
import { authEmulatorAccount, signUpOnAuthEmulator } from '../../scripts/stack/authAccounts';
import { loopbackGuardEnv, makeTempDir, projectRoot, testStackSettings } from '../../scripts/stack/testing/throwawayStack';

jest.setTimeout(180_000);

interface StartRun {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Every run a test started, so one that a failed test left running is stopped (else Jest never exits). */
const runs: StartRun[] = [];

afterEach(async () => {
  for (const run of runs.splice(0)) {
    if (run.child.exitCode !== null || run.child.signalCode !== null) continue;
    run.child.kill('SIGTERM');
    const stopped = await Promise.race([run.exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30_000))]);
    // Its parts' guardians take them down when it dies.
    if (!stopped) run.child.kill('SIGKILL');
  }
});

/** Runs the same command as `npm start` with these settings (in a process group of its own when detached). */
function runStart(settings: Settings, dataDir: string, detached = false): StartRun {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('scripts', 'stack', 'main.ts')], {
    cwd: projectRoot,
    detached,
    env: { ...process.env, ...settingsToEnv(settings), DATA_DIR: dataDir, ...loopbackGuardEnv() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const run = { child, output: () => output, exited };
  runs.push(run);
  return run;
}

async function waitForOutput(run: StartRun, pattern: RegExp, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(run.output())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${pattern}. Output:\n${run.output()}`);
    if (run.child.exitCode !== null) throw new Error(`start exited early:\n${run.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Processes this run started: those whose command line names one of its ports (the emulators), or whose
 * environment carries its PORT (the API, the sandbox and their guardians). Each as "pid command line".
 */
function processesUsing(settings: Settings): string[] {
  const ports = [
    settings.PORT,
    settings.FIRESTORE_EMULATOR_PORT,
    settings.AUTH_EMULATOR_PORT,
    settings.GATEWAY_SANDBOX_PORT,
    settings.MAIL_CATCHER_SMTP_PORT,
    settings.MAIL_CATCHER_WEB_PORT,
  ];
  const portPattern = new RegExp(`(${ports.join('|')})`);
  const marker = `PORT=${settings.PORT}`;
  const found: string[] = [];
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    if (Number(pid) === process.pid) continue;
    try {
      const commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
      const environment = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      if (commandLine && (portPattern.test(commandLine) || environment.includes(marker))) found.push(`${pid} ${commandLine}`);
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

const firestoreDoc = (settings: Settings) =>
  `http://127.0.0.1:${settings.FIRESTORE_EMULATOR_PORT}/v1/projects/${settings.FIREBASE_PROJECT_ID}/databases/(default)/documents/persistence_checks/persisted-document`;
const account = { email: 'persisted@wyrmcrown.example', password: 'dragon-slayer-1' };

/** Kills the running sandbox (its guardian's child, leading its own process group), and sees it started again under a new guardian. */
async function killAndSeeRestarted(run: StartRun, settings: Settings): Promise<void> {
  const sandboxPid = processesUsing(settings).find((line) => line.includes('guardian.cjs') && line.includes('scripts/stack/sandbox.ts'));
  expect(sandboxPid).toBeDefined();
  const guardianPid = sandboxPid!.split(' ')[0]!;
  const partPid = Number(execFileSync('pgrep', ['-P', guardianPid], { encoding: 'utf8' }).trim().split('\n')[0]);
  process.kill(-partPid, 'SIGKILL');
  await waitForOutput(run, /Gateway sandbox stopped unexpectedly .*restarting it/);
  await waitForOutput(run, /Gateway sandbox is running again/);
  expect((await fetch(`http://127.0.0.1:${settings.GATEWAY_SANDBOX_PORT}/health`)).status).toBe(200);
  const now = processesUsing(settings).find((line) => line.includes('guardian.cjs') && line.includes('scripts/stack/sandbox.ts'));
  expect(now?.split(' ')[0]).not.toBe(guardianPid);
  expect(run.output()).not.toMatch(/could not be restarted/);
}

// One stack serves, stops, starts again on its data and has a part die: each start is a whole stack's (both
// emulators, the sandbox, the mail catcher, the API), the heaviest thing a suite here does.
test('npm start serves the store, stops cleanly on SIGTERM, keeps the data for the next start, and starts a part that dies again, saying so', async () => {
  const settings = await testStackSettings();
  const dataDir = makeTempDir('data');

  const first = runStart(settings, dataDir);
  await waitForOutput(first, /store is ready at (\S+)/);
  expect(first.output()).toContain(`store is ready at http://127.0.0.1:${settings.PORT}`);
  // The mail catcher's inbox is printed with the store's address, and answers there.
  expect(first.output()).toContain(`Emails the store sends are caught in the inbox at http://127.0.0.1:${settings.MAIL_CATCHER_WEB_PORT}`);
  expect((await fetch(`http://127.0.0.1:${settings.MAIL_CATCHER_WEB_PORT}/email`)).status).toBe(200);
  const page = await fetch(`http://127.0.0.1:${settings.PORT}/shop`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('"gameName"');

  const written = await fetch(firestoreDoc(settings), {
    method: 'PATCH',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({ fields: { keptAcrossRestarts: { integerValue: '1500' } } }),
  });
  expect(written.status).toBe(200);
  await authEmulatorAccount(settings, 'signUp', account);

  first.child.kill('SIGTERM');
  await expect(first.exited).resolves.toBe(0);
  expect(processesUsing(settings)).toEqual([]);

  const second = runStart(settings, dataDir);
  try {
    await waitForOutput(second, /store is ready at/);
    const read = await fetch(firestoreDoc(settings), { headers: { Authorization: 'Bearer owner' } });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ fields: { keptAcrossRestarts: { integerValue: '1500' } } });
    await authEmulatorAccount(settings, 'signInWithPassword', account);
    // A part that dies is started again, and the store says so.
    await killAndSeeRestarted(second, settings);
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

test('npm start killed with SIGKILL (its whole process group) between Pay and callback loses nothing, long before a periodic save', async () => {
  // The default minute between periodic saves: what survives the kill is the guardians' last save. The order's
  // first re-check is due at once, but this stack's sweep is off (the test settings), so only the restarted
  // stack asks the provider: on any machine the order is due by the time the second stack is up.
  const settings = await testStackSettings({ EMULATOR_EXPORT_INTERVAL_MS: '60000', ORDER_RECHECK_FIRST_MS: '100' });
  expect(settings.SWEEP_INTERVAL_MS).toBe(0);
  const dataDir = makeTempDir('data');
  const store = (route: string) => `http://127.0.0.1:${settings.PORT}${route}`;
  const sandbox = (route: string, method: string, body?: unknown) =>
    fetch(`http://127.0.0.1:${settings.GATEWAY_SANDBOX_PORT}/__sandbox${route}`, {
      method,
      headers: { 'Content-Type': 'application/json', 'X-Sandbox-Token': settings.SANDBOX_CONTROL_TOKEN },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const buyer = { email: 'crash@wyrmcrown.example', password: 'dragon-slayer-1' };

  const first = runStart(settings, dataDir, true);
  await waitForOutput(first, /store is ready at/);
  const { idToken, uid } = await signUpOnAuthEmulator(settings, buyer);
  const born = await fetch(store(apiPath(API_ROUTES.birthDate)), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ birthDate: TEST_ADULT_BIRTH_DATE }),
  });
  expect(born.status).toBe(200);
  const started = await fetch(store('/api/payments'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ packId: 3, ...samplePaymentDetails }),
  });
  expect(started.status).toBe(201);
  const { orderId } = (await started.json()) as { orderId: string };
  expect((await sandbox('/faults', 'PUT', { orderId, faults: { callback: { none: true } } })).status).toBe(200);
  expect((await sandbox(`/orders/${orderId}/complete`, 'POST', { outcome: 'paid' })).status).toBe(200);

  // Nothing has credited it yet: whatever the restarted stack finds is only what the kill left behind.
  const beforeKill = (await (await fetch(store(`/api/orders/${orderId}`), { headers: { Authorization: `Bearer ${idToken}` } })).json()) as { status?: string; credited?: boolean };
  expect(beforeKill).toMatchObject({ status: 'pending', credited: false });

  // No periodic save since the account and the order were made: kill everything at once.
  const metadata = path.join(dataDir, 'firestore', 'firestore_export', 'firestore_export.overall_export_metadata');
  expect(fs.existsSync(metadata)).toBe(false);
  process.kill(-first.child.pid!, 'SIGKILL');
  await first.exited;
  // Each emulator's guardian makes its last save, then takes it down.
  const freed = Date.now() + 30_000;
  while (processesUsing(settings).length > 0 && Date.now() < freed) await new Promise((resolve) => setTimeout(resolve, 200));
  expect(processesUsing(settings)).toEqual([]);

  const second = runStart({ ...settings, SWEEP_INTERVAL_MS: 500, SWEEP_LEASE_MS: 400, ORDER_RECHECK_FIRST_MS: 200 }, dataDir);
  try {
    await waitForOutput(second, /store is ready at/);
    // Signs in on the restarted emulator, or throws with its answer.
    const { idToken: fresh } = await authEmulatorAccount(settings, 'signInWithPassword', buyer);
    // The sandbox still knows the order was paid; the server's sweep finds it and credits it, once. The order was
    // due before the restart began, and the sweep's first pass runs as the store starts, so the bound counts from here.
    let order: { status?: string; credited?: boolean } = {};
    const creditDeadline = Date.now() + 20_000;
    while (!order.credited && Date.now() < creditDeadline) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      order = (await (await fetch(store(`/api/orders/${orderId}`), { headers: { Authorization: `Bearer ${fresh}` } })).json()) as typeof order;
    }
    expect(order).toMatchObject({ status: 'paid', credited: true });
    const balance = await fetch(
      `http://127.0.0.1:${settings.FIRESTORE_EMULATOR_PORT}/v1/projects/${settings.FIREBASE_PROJECT_ID}/databases/(default)/documents/users/${uid}`,
      { headers: { Authorization: 'Bearer owner' } },
    );
    expect(await balance.json()).toMatchObject({ fields: { gemCount: { integerValue: '3500' } } });
  } finally {
    second.child.kill('SIGINT');
    await second.exited;
  }
  expect(processesUsing(settings)).toEqual([]);
});
