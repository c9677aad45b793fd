import { startStack, type RunningStack } from '../startStack';
import { startSuiteLock, type SuiteLock } from './suiteLock';
import path from 'node:path';
import { loopbackGuardEnv, makeTempDir, projectRoot, testStackSettings } from './throwawayStack';

declare global {
  // The stack the system tests share; globalTeardown stops it.
  var testStack: RunningStack | undefined;
  // Which suites run beside another and which alone; globalTeardown stops it.
  var suiteLock: SuiteLock | undefined;
}

/** Starts the real stack (emulators + API serving the built client) once for all system tests. */
export default async function startTestStack(): Promise<void> {
  const settings = await testStackSettings();
  const runDir = makeTempDir('stack');
  process.env.LOOPBACK_GUARD_LOG = path.join(runDir, 'loopback-guard.log');
  const stack = await startStack({
    projectRoot,
    settings,
    mode: 'serve',
    dataDir: null,
    runDir,
    extraEnv: loopbackGuardEnv(),
  });
  globalThis.testStack = stack;
  globalThis.suiteLock = await startSuiteLock();
  // Workers are forked after global setup, so they inherit these.
  process.env.SUITE_LOCK_URL = globalThis.suiteLock.url;
  process.env.STORE_URL = stack.url;
  process.env.TEST_STACK_SETTINGS = JSON.stringify(settings);
}
