import path from 'node:path';
import { GAME_WEBHOOK_PATH } from '../../src/shared/gameEvents';
import { loadSettings, SettingsError } from '../../src/server/config/settings';
import { ensureFreshBuild } from '../build/main';
import { startStack, type RunningStack } from './startStack';
import { StackPartError } from './stackError';

/**
 * `npm start` (and `npm run dev` with --dev): builds the client if needed, starts the emulators and the
 * servers as supervised children, prints the store's address, and stops everything on Ctrl-C or SIGTERM.
 */
async function main(): Promise<number> {
  const projectRoot = path.resolve(__dirname, '../..');
  const dev = process.argv.includes('--dev');
  const settings = loadSettings(projectRoot);
  const dataDir = path.resolve(projectRoot, settings.DATA_DIR);
  const runDir = path.join(dataDir, 'logs');

  if (!dev) {
    process.stdout.write('Checking the client build… ');
    console.log((await ensureFreshBuild(projectRoot)) ? 'built.' : 'up to date.');
  }

  let stack: RunningStack;
  let exitCode: number | null = null;
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (finish = resolve));

  const shutdown = (code: number) => {
    if (exitCode !== null) return;
    exitCode = code;
    finish();
  };
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));

  console.log(`Starting the emulators and servers (logs in ${path.relative(projectRoot, runDir)}/)…`);
  try {
    stack = await startStack({
      projectRoot,
      settings,
      mode: dev ? 'dev' : 'serve',
      dataDir,
      runDir,
      onNotice: (message) => console.log(message),
      onUnexpectedExit: (part) => {
        console.error(`${part} keeps stopping; stopping the store. Its log is in ${path.relative(projectRoot, runDir)}/.`);
        shutdown(1);
      },
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  }

  if (exitCode === null) {
    // One write, so whoever watches for "ready" reads the inbox's address with it.
    const mailLine = stack.mailUrl ? `\nEmails the store sends are caught in the inbox at ${stack.mailUrl}` : '';
    // The game's stand-in confirms "Sign in with the game" against the emulators; a real game does it on the phone.
    const gameLine = settings.USE_FIREBASE_EMULATORS ? '\nSign in with the game: the game stand-in confirms a code the store shows: npm run game -- confirm XXXX-XXXX [--guest | --email E]' : '';
    // The game server's stand-in takes the store's signed gem events, as the game's own server would.
    const serverLine =
      settings.RUN_GAME_SERVER && !settings.GAME_WEBHOOK_URL
        ? `\nThe game server stand-in takes the store's gem events at http://${settings.HOST}:${settings.GAME_SERVER_PORT}${GAME_WEBHOOK_PATH} (each one it takes is in its log)`
        : '';
    console.log(`${settings.GAME_NAME} store is ready at ${stack.url}${mailLine}${gameLine}${serverLine}`);
  }
  await finished;
  console.log('Stopping the store…');
  await stack.stop();
  return exitCode ?? 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof SettingsError || error instanceof StackPartError ? error.message : error);
    process.exit(1);
  },
);
