import { startStack, type RunningStack } from '../startStack';
import path from 'node:path';
import { loopbackGuardEnv, makeTempDir, projectRoot, testStackSettings } from './throwawayStack';

declare global {
  // The stack the system tests share; globalTeardown stops it.
  var testStack: RunningStack | undefined;
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
  // Workers are forked after global setup, so they inherit these.
  process.env.STORE_URL = stack.url;
  process.env.TEST_STACK_SETTINGS = JSON.stringify(settings);
}
