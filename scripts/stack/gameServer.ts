import path from 'node:path';
import { apiPublicUrl, loadSettings } from '../../src/server/config/settings';
import { createGameServerApp } from '../../src/gameServer/gameServerApp';

/**
 * Runs the game-server stand-in on GAME_SERVER_PORT with the store's GAME_WEBHOOK_SECRET. It lives with the scripts
 * because it reads the store's settings: the stand-in itself knows only src/shared.
 */
function main(): void {
  const settings = loadSettings(path.resolve(__dirname, '../..'));
  const app = createGameServerApp({
    secret: settings.GAME_WEBHOOK_SECRET,
    controlToken: settings.SANDBOX_CONTROL_TOKEN,
    // The game tells the store of each spend, server to server.
    storeUrl: apiPublicUrl(settings),
    onEvent: (line) => console.log(JSON.stringify({ at: new Date().toISOString(), ...line })),
  });
  const server = app.listen(settings.GAME_SERVER_PORT, settings.HOST, () => {
    console.log(`Game server stand-in listening on http://${settings.HOST}:${settings.GAME_SERVER_PORT}`);
  });
  server.on('error', (error) => {
    console.error(`Game server stand-in could not start: ${error.message}`);
    process.exit(1);
  });
  const shutdown = () => server.close(() => process.exit(0));
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main();
