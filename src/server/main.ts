import path from 'node:path';
import { createApp } from './app';
import { createLogger } from './logger';
import { firestoreRateLimitStore } from './http/firestoreRateLimitStore';
import { assertSafeForProduction, loadSettings, publicBaseUrl } from './config/settings';
import { firebaseAdmin } from './firebase/admin';
import { createGatewayClient } from './payments/gatewayClient';
import { startSweep } from './payments/sweep';
import { firestoreTransactions } from './payments/transactionsRepository';
import { createMailer } from './mail/mailer';
import { startMailDispatch } from './mail/mailDispatcher';
import { firestoreOutbox } from './mail/outbox';
import { firestorePlayers } from './players/playersRepository';
import { firestoreRefunds, toRefundView } from './refunds/refundsRepository';
import { firebasePlayerDirectory } from './support/playerDirectory';
import { firestoreSupportReadModel } from './support/supportReadModel';
import { firestoreStaffRecords } from './support/supportRole';

/**
 * Starts the payments API and serves the built SPA on one origin.
 * `--api-only` serves just /api (used behind webpack-dev-server, which serves the client itself).
 */
function main(): void {
  const projectRoot = path.resolve(__dirname, '../..');
  const settings = loadSettings(projectRoot);
  assertSafeForProduction(settings);
  const log = createLogger(settings.LOG_LEVEL);
  const { auth, db } = firebaseAdmin(settings);
  const deps = {
    settings,
    transactions: firestoreTransactions(db),
    refunds: firestoreRefunds(db),
    players: firestorePlayers(db),
    readModel: firestoreSupportReadModel(db),
    directory: firebasePlayerDirectory(auth),
    staff: firestoreStaffRecords(db),
    gateway: createGatewayClient(settings),
    log,
  };
  const apiOnly = process.argv.includes('--api-only');
  const port = apiOnly ? settings.DEV_API_PORT : settings.PORT;
  const app = createApp({
    settings,
    distDir: apiOnly ? undefined : path.join(projectRoot, 'dist'),
    payments: { deps, auth },
    rateLimitStore: firestoreRateLimitStore(db),
  });
  const stopSweep = startSweep(deps, (report) => deps.readModel.recordSweep(report));
  const stopMail = startMailDispatch({
    settings,
    outbox: firestoreOutbox(db),
    mailer: createMailer(settings),
    log,
    factsFor: async (orderId) => {
      const [order, refund] = await Promise.all([deps.transactions.find(orderId), deps.refunds.find(orderId)]);
      if (!order) return null;
      const account = await deps.directory.byUid(order.userId);
      return { order, refund: refund && { ...toRefundView(refund), accountEmail: refund.accountEmail }, accountEmail: account?.email ?? order.accountEmail ?? null };
    },
  });
  const server = app.listen(port, settings.HOST, () => {
    log.info({ event: 'api.listening', url: `http://${settings.HOST}:${port}`, publicAddress: publicBaseUrl(settings) });
  });
  server.on('error', (error) => {
    log.fatal({ event: 'api.failed', reason: `API server could not start: ${error.message}` });
    process.exit(1);
  });
  const shutdown = () => {
    stopSweep();
    stopMail();
    server.close(() => process.exit(0));
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main();
