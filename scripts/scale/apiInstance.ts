import path from 'node:path';
import { SERVER_BUNDLE } from '../build/main';
import { ManagedProcess } from '../stack/managedProcess';
import { waitForHttp } from '../stack/network';
import { stackEnv, type RunningStack } from '../stack/startStack';

/** An API instance from the production build (node dist-server/server.cjs), as Cloud Run runs one. */
export interface ApiInstance {
  port: number;
  process: ManagedProcess;
  /** From the process's start to its readiness (ms). */
  readyMs: number;
}

export interface ApiInstanceOptions {
  projectRoot: string;
  /** The backing services it uses (emulators, sandbox), whose settings it starts from. */
  stack: RunningStack;
  runDir: string;
  /** Its number among its fellows: its sweep's name, its log's and its write meter's files. */
  index: number;
  port: number;
  /** Extra environment (the tests' loopback guard). */
  extraEnv?: NodeJS.ProcessEnv;
}

/** Where instance `index` writes its meter's lines (a restarted instance goes on in its predecessor's file). */
export const meterFileOf = (runDir: string, index: number) => path.join(runDir, `meter-${index + 1}.jsonl`);

/** Starts instance `index` on `port`, with the write meter on, and waits until it is ready. */
export async function startApiInstance({ projectRoot, stack, runDir, index, port, extraEnv }: ApiInstanceOptions): Promise<ApiInstance> {
  const env = stackEnv({ ...stack.settings, PORT: port, SWEEP_INSTANCE_ID: `instance-${index}`, FIRESTORE_METER_FILE: meterFileOf(runDir, index) }, extraEnv);
  const spawned = Date.now();
  const instance = new ManagedProcess({
    name: `API instance ${index + 1}`,
    command: process.execPath,
    args: [path.join(projectRoot, SERVER_BUNDLE)],
    cwd: projectRoot,
    env,
    logFile: path.join(runDir, `api-${index + 1}.log`),
  });
  if (!(await waitForHttp(`http://127.0.0.1:${port}/api/health/ready`, { timeoutMs: 30_000, giveUp: instance.exited }))) {
    throw new Error(`API instance ${index + 1} did not get ready:\n${instance.logTail()}`);
  }
  return { port, process: instance, readyMs: Date.now() - spawned };
}
