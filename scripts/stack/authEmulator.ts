import fs from 'node:fs';
import path from 'node:path';
import type { StackPart } from './part';

export interface AuthEmulatorOptions {
  projectRoot: string;
  host: string;
  port: number;
  hubPort: number;
  loggingPort: number;
  projectId: string;
  dataDir: string | null;
  /** A folder for the generated firebase.json that carries this run's ports. */
  runDir: string;
  env: NodeJS.ProcessEnv;
}

/** The Firebase Auth emulator from firebase-tools (pure Node). It exports its accounts itself on SIGINT. */
export function authEmulator(options: AuthEmulatorOptions): StackPart {
  const { host, port, dataDir } = options;
  const configFile = path.join(options.runDir, 'firebase.auth.json');
  const privateTmp = fs.mkdtempSync(path.join(options.runDir, 'auth-tmp-'));
  fs.writeFileSync(
    configFile,
    JSON.stringify({
      emulators: {
        auth: { host, port },
        hub: { host, port: options.hubPort },
        logging: { host, port: options.loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const firebaseCli = require.resolve('firebase-tools/lib/bin/firebase.js', { paths: [options.projectRoot] });
  const args = [firebaseCli, 'emulators:start', '--only', 'auth', '--project', options.projectId];
  args.push('--config', configFile);
  if (dataDir) {
    if (fs.existsSync(path.join(dataDir, 'firebase-export-metadata.json'))) args.push('--import', dataDir);
    args.push('--export-on-exit', dataDir);
  }
  return {
    name: 'Auth emulator',
    host,
    port,
    portSetting: 'AUTH_EMULATOR_PORT',
    process: {
      command: process.execPath,
      args,
      cwd: options.runDir,
      // firebase-tools finds "its" hub through a file in the temp folder named after the project; a private
      // temp folder keeps two stacks on the same demo project (npm start and the tests) apart.
      env: { ...options.env, TMPDIR: privateTmp, NO_UPDATE_NOTIFIER: '1' },
    },
    readyUrl: `http://${host}:${port}/`,
    readyTimeoutMs: 90_000,
    stopSignal: 'SIGINT',
  };
}
