import path from 'node:path';
import { createApp } from './app';
import { toPublicConfig } from './config/publicConfig';
import { assertSafeForProduction, loadSettings, publicBaseUrl } from './config/settings';
import { firebaseAdmin } from './firebase/admin';
import { createGatewayClient } from './payments/gatewayClient';
import { startSweep } from './payments/sweep';
import { firestoreTransactions } from './payments/transactionsRepository';

/**
 * Starts the payments API and serves the built SPA on one origin.
 * `--api-only` serves just /api (used behind webpack-dev-server, which serves the client itself).
 */
function main(): void {
  const projectRoot = path.resolve(__dirname, '../..');
  const settings = loadSettings(projectRoot);
  assertSafeForProduction(settings);
  const { auth, db } = firebaseAdmin(settings);
  const deps = { settings, transactions: firestoreTransactions(db), gateway: createGatewayClient(settings) };
  const apiOnly = process.argv.includes('--api-only');
  const port = apiOnly ? settings.DEV_API_PORT : settings.PORT;
  const app = createApp({
    publicConfig: toPublicConfig(settings),
    distDir: apiOnly ? undefined : path.join(projectRoot, 'dist'),
    payments: { deps, auth },
  });
  const stopSweep = startSweep(deps);
  const server = app.listen(port, settings.HOST, () => {
    console.log(`API listening on http://${settings.HOST}:${port} (public address ${publicBaseUrl(settings)})`);
  });
  server.on('error', (error) => {
    console.error(`API server could not start: ${error.message}`);
    process.exit(1);
  });
  const shutdown = () => {
    stopSweep();
    server.close(() => process.exit(0));
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main();
