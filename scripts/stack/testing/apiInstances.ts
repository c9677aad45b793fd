import fs from 'node:fs';
import { parseSettings, type Settings } from '../../../src/server/config/settings';
import { ManagedProcess } from '../managedProcess';
import { findFreePort, waitForHttp } from '../network';
import { apiServer } from '../nodeServers';
import { settingsToEnv, stackEnv } from '../startStack';
import { sharedStackSettings } from './sharedStackSettings';
import { loopbackGuardEnv, makeTempDir, projectRoot } from './throwawayStack';

export interface ApiInstances {
  /** Each instance's address, to send requests to in turn, as a load balancer would. */
  urls: string[];
  stop(): Promise<void>;
}

/**
 * More API instances on the shared stack's emulators and sandbox, as Cloud Run would run several: each its
 * own process and port, the same Firestore as the only state they share, with `overrides` to their settings.
 */
export async function startApiInstances(count: number, overrides: Record<string, string> = {}): Promise<ApiInstances> {
  const shared = sharedStackSettings();
  const runDir = makeTempDir('instances');
  const started: ManagedProcess[] = [];
  const urls: string[] = [];
  try {
    for (let index = 0; index < count; index += 1) {
      const port = await findFreePort(shared.HOST);
      const settings: Settings = parseSettings({ ...settingsToEnv(shared), PORT: String(port), SWEEP_INSTANCE_ID: `extra-${index}`, ...overrides });
      const env = stackEnv(settings, loopbackGuardEnv());
      const part = apiServer({ projectRoot, host: shared.HOST, port, env, apiOnly: false });
      const instance = new ManagedProcess({ ...(await part.process()), name: `API instance ${index + 1}`, logFile: `${runDir}/api-${index + 1}.log` });
      started.push(instance);
      if (!(await waitForHttp(part.readyUrl, { timeoutMs: part.readyTimeoutMs, giveUp: instance.exited }))) {
        throw new Error(`API instance ${index + 1} did not start:\n${fs.existsSync(instance.logFile) ? instance.logTail() : ''}`);
      }
      urls.push(`http://${shared.HOST}:${port}`);
    }
  } catch (error) {
    await Promise.all(started.map((instance) => instance.stop()));
    throw error;
  }
  return { urls, stop: async () => void (await Promise.all(started.map((instance) => instance.stop()))) };
}
