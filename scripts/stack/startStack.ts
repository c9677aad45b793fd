import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { mailCatcherUrl, type Settings } from '../../src/server/config/settings';
import { authEmulator } from './authEmulator';
import { firestoreEmulator } from './firestoreEmulator';
import { ManagedProcess } from './managedProcess';
import { isPortFree, waitForHttp } from './network';
import { mailCatcher } from './mailCatcher';
import { apiServer, devServer, gameServer, gatewaySandbox } from './nodeServers';
import type { StackPart } from './part';
import { RestartBudget } from './restartBudget';
import { StackPartError } from './stackError';

export interface StackOptions {
  projectRoot: string;
  /**
   * Where the API server (and the built client it serves) comes from, if not projectRoot: the bench's `--against`
   * serves an earlier commit's API and build with this head's emulators, sandbox and game server.
   */
  apiRoot?: string;
  settings: Settings;
  /**
   * serve: the API serves the built client; dev: webpack-dev-server in front, the API on DEV_API_PORT;
   * backing: only what the servers lean on (npm run scale starts its own API instances).
   */
  mode: 'serve' | 'dev' | 'backing';
  /** Emulator data is imported from and exported to here; null keeps nothing (tests). */
  dataDir: string | null;
  /** Logs and generated emulator config. */
  runDir: string;
  /** Called when a part died after the stack was ready and could not be brought back. */
  onUnexpectedExit?: (part: string, code: number | null) => void;
  /** What the supervisor has to say while running (a part restarted, a save failed). */
  onNotice?: (message: string) => void;
  /** How often in a row a part that dies is started again before the stack gives up (default 5). */
  maxRestarts?: number;
  /** After running this long (ms), a part's restarts are counted afresh (default 60 s). */
  healthyAfterMs?: number;
  /** More environment for every part (the system tests load their loopback guard this way). */
  extraEnv?: NodeJS.ProcessEnv;
}

export interface RunningStack {
  url: string;
  /** The mail catcher's web inbox, when the stack runs one. */
  mailUrl: string | null;
  settings: Settings;
  processes: ManagedProcess[];
  stop(): Promise<void>;
}

/** The settings as environment variables, so every child reads the same values. */
export function settingsToEnv(settings: Settings): Record<string, string> {
  return Object.fromEntries(Object.entries(settings).map(([key, value]) => [key, String(value)]));
}

/**
 * The environment of a process of the local stack: `base` (this process's own by default), the settings, and
 * where the emulators are. It runs as in production, and Google's client libraries never probe a cloud
 * metadata server. The API instances of npm run scale and of the tests start with the same.
 */
export function stackEnv(settings: Settings, extraEnv: NodeJS.ProcessEnv = {}, base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base, ...settingsToEnv(settings), NODE_ENV: 'production', METADATA_SERVER_DETECTION: 'none', ...extraEnv };
  if (settings.USE_FIREBASE_EMULATORS) {
    // What firebase-admin and firebase-tools read to find the emulators.
    env.FIRESTORE_EMULATOR_HOST = `${settings.EMULATOR_HOST}:${settings.FIRESTORE_EMULATOR_PORT}`;
    env.FIREBASE_AUTH_EMULATOR_HOST = `${settings.EMULATOR_HOST}:${settings.AUTH_EMULATOR_PORT}`;
  }
  return env;
}

async function defineParts(options: StackOptions): Promise<{ backingServices: StackPart[]; servers: StackPart[] }> {
  const { settings, projectRoot, dataDir } = options;
  const emulatorHost = settings.EMULATOR_HOST;
  const env = stackEnv(settings, options.extraEnv);

  // What the servers lean on: the Firebase emulators, the gateway sandbox and the game server stand-in.
  const backingServices: StackPart[] = [];
  if (settings.USE_FIREBASE_EMULATORS) {
    backingServices.push(
      firestoreEmulator({
        projectRoot,
        command: settings.FIRESTORE_EMULATOR_COMMAND,
        host: emulatorHost,
        port: settings.FIRESTORE_EMULATOR_PORT,
        projectId: settings.FIREBASE_PROJECT_ID,
        dataDir: dataDir && path.join(dataDir, 'firestore'),
        env,
      }),
      authEmulator({
        projectRoot,
        host: emulatorHost,
        port: settings.AUTH_EMULATOR_PORT,
        projectId: settings.FIREBASE_PROJECT_ID,
        dataDir: dataDir && path.join(dataDir, 'auth'),
        runDir: options.runDir,
        env,
      }),
    );
  }

  if (settings.RUN_GATEWAY_SANDBOX && !settings.GATEWAY_BASE_URL) {
    backingServices.push(
      gatewaySandbox({
        projectRoot,
        host: settings.HOST,
        port: settings.GATEWAY_SANDBOX_PORT,
        env,
        ordersFile: dataDir && path.join(dataDir, 'sandbox', 'orders.json'),
      }),
    );
  }

  if (settings.RUN_GAME_SERVER && !settings.GAME_WEBHOOK_URL) {
    backingServices.push(gameServer({ projectRoot, host: settings.HOST, port: settings.GAME_SERVER_PORT, env }));
  }

  if (mailCatcherUrl(settings)) {
    backingServices.push(
      mailCatcher({
        projectRoot,
        host: settings.HOST,
        smtpPort: settings.MAIL_CATCHER_SMTP_PORT,
        webPort: settings.MAIL_CATCHER_WEB_PORT,
        mailDir: dataDir && path.join(dataDir, 'mail'),
        env,
      }),
    );
  }

  const servers: StackPart[] =
    options.mode === 'backing'
      ? []
      : options.mode === 'serve'
      ? [apiServer({ projectRoot: options.apiRoot ?? projectRoot, host: settings.HOST, port: settings.PORT, env, apiOnly: false })]
      : [
          apiServer({ projectRoot, host: settings.HOST, port: settings.DEV_API_PORT, env, apiOnly: true }),
          devServer({ projectRoot, host: settings.HOST, port: settings.PORT, env }),
        ];
  return { backingServices, servers };
}

async function preflight(parts: StackPart[]): Promise<void> {
  for (const part of parts) {
    for (const { port, portSetting } of [{ port: part.port, portSetting: part.portSetting }, ...(part.otherPorts ?? [])]) {
      if (!(await isPortFree(part.host, port))) {
        throw new StackPartError(
          part.name,
          `port ${port} on ${part.host} is already in use.`,
          `stop the program that uses it (lsof -i :${port} shows which), or set ${portSetting} to a free port.`,
        );
      }
    }
    part.preflight?.();
  }
}

/**
 * Starts the backing services (emulators, gateway sandbox), then the servers, waiting until each answers.
 * If any part fails, stops the ones already running and throws a StackPartError naming it.
 */
export async function startStack(requested: StackOptions): Promise<RunningStack> {
  // The sandbox's test controls want a token only this stack knows (tests pass their own).
  const options = {
    ...requested,
    settings: {
      ...requested.settings,
      SANDBOX_CONTROL_TOKEN: requested.settings.SANDBOX_CONTROL_TOKEN || crypto.randomBytes(24).toString('hex'),
    },
  };
  fs.mkdirSync(options.runDir, { recursive: true });
  const { backingServices, servers } = await defineParts(options);
  await preflight([...backingServices, ...servers]);

  const started: Array<{ part: StackPart; process: ManagedProcess }> = [];
  let stopping = false;
  const notice = options.onNotice ?? ((message: string) => console.log(message));
  const maxRestarts = options.maxRestarts ?? 5;
  const restarts = new RestartBudget(maxRestarts, options.healthyAfterMs ?? 60_000);

  let saving: Promise<void> | null = null;
  const saveAll = async () => {
    await Promise.all(
      started
        .filter(({ part, process }) => part.saveData && process.running)
        .map(({ part }) =>
          part.saveData!().catch((error: Error) => notice(`${part.name}: saving its data failed (${error.message}); will try again.`)),
        ),
    );
  };
  const interval = options.settings.EMULATOR_EXPORT_INTERVAL_MS;
  const saver =
    options.dataDir && interval > 0
      ? setInterval(() => {
          saving ??= saveAll().finally(() => (saving = null));
        }, interval)
      : null;
  saver?.unref();

  const stop = async () => {
    stopping = true;
    if (saver) clearInterval(saver);
    await saving;
    // Servers first, so nothing writes while the emulators export; then the backing services together.
    const stopOne = async ({ part, process }: (typeof started)[number]) => {
      if (part.beforeStop && process.running) {
        await part.beforeStop().catch((error: Error) => console.error(`${part.name}: ${error.message}`));
      }
      await process.stop(part.stopSignal);
    };
    const isServer = (entry: (typeof started)[number]) => servers.includes(entry.part);
    await Promise.all(started.filter(isServer).map(stopOne));
    await Promise.all(started.filter((entry) => !isServer(entry)).map(stopOne));
  };

  /**
   * Starts a part and waits until it answers. One that exits before it was ready is started once more: a port
   * it chose for itself a moment before can be taken meanwhile, and it chooses again (the Auth emulator's hub).
   */
  const launch = async (part: StackPart, startsLeft = 2): Promise<void> => {
    const process = new ManagedProcess({
      ...(await part.process()),
      name: part.name,
      logFile: path.join(options.runDir, `${part.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.log`),
    });
    const earlier = started.findIndex((entry) => entry.part === part);
    if (earlier >= 0) started.splice(earlier, 1, { part, process });
    else started.push({ part, process });
    const ready = await waitForHttp(part.readyUrl, { timeoutMs: part.readyTimeoutMs, giveUp: process.exited });
    if (!ready && !process.running && startsLeft > 1 && !stopping) {
      notice(`${part.name} exited (code ${await process.exited}) before it was ready; starting it once more.`);
      return launch(part, startsLeft - 1);
    }
    if (!ready) {
      const reason = process.running
        ? `it did not answer at ${part.readyUrl} within ${part.readyTimeoutMs / 1000} s.`
        : `it exited (code ${await process.exited}) before it was ready.`;
      throw new StackPartError(part.name, reason, `read its log, ${process.logFile}:\n${process.logTail()}`);
    }
    restarts.started(part.name);
    void process.exited.then((code) => {
      if (!stopping) void bringBack(part, code);
    });
  };

  /** A part died while the stack was running: start it again, with backoff, a bounded number of times in a row. */
  const bringBack = async (part: StackPart, code: number | null) => {
    const attempt = restarts.nextRestart(part.name);
    if (attempt === null) {
      notice(`${part.name} stopped unexpectedly (exit code ${code}) and was restarted ${maxRestarts} times already; giving up.`);
      options.onUnexpectedExit?.(part.name, code);
      return;
    }
    const delayMs = 500 * 2 ** (attempt - 1);
    notice(`${part.name} stopped unexpectedly (exit code ${code}); restarting it in ${delayMs} ms (attempt ${attempt} of ${maxRestarts}).`);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (stopping) return;
    try {
      await launch(part);
      notice(`${part.name} is running again.`);
    } catch (error) {
      notice(`${part.name} could not be restarted: ${(error as Error).message}`);
      if (!stopping) void bringBack(part, null);
    }
  };

  try {
    await Promise.all(backingServices.map((part) => launch(part)));
    await Promise.all(servers.map((part) => launch(part)));
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url: `http://${options.settings.HOST}:${options.settings.PORT}`,
    mailUrl: mailCatcherUrl(options.settings),
    settings: options.settings,
    processes: started.map((entry) => entry.process),
    stop,
  };
}
