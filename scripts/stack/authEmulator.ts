import fs from 'node:fs';
import path from 'node:path';
import { lastSaveArgs } from './lastSave';
import { findFreePort } from './network';
import type { StackPart } from './part';
import { recoverSavedData, saveIntoPlace } from './saveIntoPlace';

export interface AuthEmulatorOptions {
  projectRoot: string;
  host: string;
  port: number;
  projectId: string;
  dataDir: string | null;
  /** A folder for the generated firebase.json that carries this run's ports. */
  runDir: string;
  env: NodeJS.ProcessEnv;
}

/**
 * The Firebase Auth emulator from firebase-tools (pure Node). It exports its accounts itself on SIGINT. Its
 * hub and logging ports are its own business: chosen free at each start (a port chosen earlier can be taken
 * by the time it starts, and then the stack starts it again).
 */
export function authEmulator(options: AuthEmulatorOptions): StackPart {
  const { host, port, dataDir } = options;
  const configFile = path.join(options.runDir, 'firebase.auth.json');
  const privateTmp = fs.mkdtempSync(path.join(options.runDir, 'auth-tmp-'));
  let hubPort = 0;
  const writeConfig = async () => {
    hubPort = await findFreePort(host);
    const loggingPort = await findFreePort(host);
    fs.writeFileSync(
      configFile,
      JSON.stringify({
        emulators: {
          auth: { host, port },
          hub: { host, port: hubPort },
          logging: { host, port: loggingPort },
          ui: { enabled: false },
          singleProjectMode: true,
        },
      }),
    );
  };
  // firebase-tools fetches a "message of the day" from firebase-public.firebaseio.com unless its config
  // store says it did so today: give it a private store that says so, and it stays on this machine.
  const configHome = path.join(options.runDir, 'auth-config');
  const writeConfigStore = () => {
    fs.mkdirSync(path.join(configHome, 'configstore'), { recursive: true });
    fs.writeFileSync(
      path.join(configHome, 'configstore', 'firebase-tools.json'),
      JSON.stringify({ motd: { fetched: Date.now() }, usage: false }),
    );
  };
  const firebaseCli = require.resolve('firebase-tools/lib/bin/firebase.js', { paths: [options.projectRoot] });
  const args = () => {
    const list = [firebaseCli, 'emulators:start', '--only', 'auth', '--project', options.projectId, '--config', configFile];
    if (dataDir) {
      recoverSavedData(dataDir);
      if (fs.existsSync(path.join(dataDir, 'firebase-export-metadata.json'))) list.push('--import', dataDir);
      list.push('--export-on-exit', dataDir);
    }
    return list;
  };
  return {
    name: 'Auth emulator',
    host,
    port,
    portSetting: 'AUTH_EMULATOR_PORT',
    process: async () => {
      await writeConfig();
      writeConfigStore();
      return {
        command: process.execPath,
        args: args(),
        cwd: options.runDir,
        // firebase-tools finds "its" hub through a file in the temp folder named after the project; a private
        // temp folder keeps two stacks on the same demo project (npm start and the tests) apart.
        env: { ...options.env, TMPDIR: privateTmp, XDG_CONFIG_HOME: configHome, NO_UPDATE_NOTIFIER: '1' },
        lastSave: dataDir ? lastSaveArgs(options.projectRoot, { part: 'auth', host, hubPort, dataDir }) : undefined,
      };
    },
    readyUrl: `http://${host}:${port}/`,
    readyTimeoutMs: 90_000,
    stopSignal: 'SIGINT',
    saveData: dataDir ? () => exportAccounts(host, hubPort, dataDir) : undefined,
  };
}

/** The accounts, exported through the emulator hub into a save that is swapped in only when whole. */
export async function exportAccounts(host: string, hubPort: number, dataDir: string): Promise<void> {
  await saveIntoPlace(dataDir, async (staging) => {
    const response = await fetch(`http://${host}:${hubPort}/_admin/export`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: staging, initiatedBy: 'npm start', targets: ['auth'] }),
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok) throw new Error(`Auth export failed (${response.status}): ${await response.text()}`);
  });
}
