import fs from 'node:fs';
import path from 'node:path';
import { javaMajorVersion, findExecutable } from './executables';
import { lastSaveArgs } from './lastSave';
import type { StackPart } from './part';
import { recoverSavedData, saveIntoPlace } from './saveIntoPlace';
import { StackPartError } from './stackError';

const EXPORT_NAME = 'firestore_export';

export interface FirestoreEmulatorOptions {
  projectRoot: string;
  command: string;
  host: string;
  port: number;
  projectId: string;
  /** Where data is imported from on start and exported to on stop; null keeps nothing. */
  dataDir: string | null;
  env: NodeJS.ProcessEnv;
}

/**
 * The official Cloud Firestore emulator through the Google Cloud CLI, with the project's security rules.
 * Data is exported through the emulator's REST API while it runs and before it stops (a signal alone exports
 * nothing), and swapped into place only when complete, so a failed export never eats the previous one.
 */
export function firestoreEmulator(options: FirestoreEmulatorOptions): StackPart {
  const { host, port, dataDir, projectId } = options;
  const name = 'Firestore emulator';
  const metadataFile = dataDir && path.join(dataDir, EXPORT_NAME, `${EXPORT_NAME}.overall_export_metadata`);
  const args = () => {
    const list = [
      'emulators',
      'firestore',
      'start',
      `--host-port=${host}:${port}`,
      `--rules=${path.join(options.projectRoot, 'firestore.rules')}`,
    ];
    if (dataDir) recoverSavedData(dataDir);
    if (metadataFile && fs.existsSync(metadataFile)) list.push(`--import-data=${metadataFile}`);
    return list;
  };

  return {
    name,
    host,
    port,
    portSetting: 'FIRESTORE_EMULATOR_PORT',
    preflight() {
      if (!findExecutable(options.command)) {
        throw new StackPartError(
          name,
          `the Google Cloud CLI ("${options.command}") was not found.`,
          'install the Google Cloud CLI with its cloud-firestore-emulator component, or set FIRESTORE_EMULATOR_COMMAND to the path of gcloud.',
        );
      }
      const java = javaMajorVersion();
      if (java === null || java < 11) {
        throw new StackPartError(
          name,
          java === null ? 'Java was not found.' : `Java ${java} is too old.`,
          'install Java 17 or newer (on Debian: apt-get install -y openjdk-17-jre-headless).',
        );
      }
    },
    process: () => ({
      command: options.command,
      args: args(),
      cwd: options.projectRoot,
      env: { ...options.env, CLOUDSDK_CORE_DISABLE_PROMPTS: '1' },
      lastSave: dataDir ? lastSaveArgs(options.projectRoot, { part: 'firestore', host, port, projectId, dataDir }) : undefined,
    }),
    readyUrl: `http://${host}:${port}/`,
    readyTimeoutMs: 60_000,
    beforeStop: dataDir ? () => exportData(host, port, projectId, dataDir) : undefined,
    saveData: dataDir ? () => exportData(host, port, projectId, dataDir) : undefined,
    stopSignal: 'SIGTERM',
  };
}

export async function exportData(host: string, port: number, projectId: string, dataDir: string): Promise<void> {
  await saveIntoPlace(dataDir, async (staging) => {
    fs.mkdirSync(staging, { recursive: true });
    const response = await fetch(`http://${host}:${port}/emulator/v1/projects/${projectId}:export`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        database: `projects/${projectId}/databases/(default)`,
        export_directory: staging,
        export_name: EXPORT_NAME,
      }),
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok) throw new Error(`Firestore export failed (${response.status}): ${await response.text()}`);
  });
}
