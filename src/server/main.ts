import fs from 'node:fs';
import path from 'node:path';
import http, { type Server } from 'node:http';
import { createApp } from './app';
import { createLogger, type Logger } from './lib/logger';
import { firestoreRateLimitStore } from './http/firestoreRateLimitStore';
import { firestoreBillingProfiles } from './billing/billingProfiles';
import { firestoreStoreSessions } from './gameSignIn/storeSessions';
import { playerAuth } from './auth/playerAuth';
import { assertSafeForProduction, loadSettings, publicBaseUrl, SettingsError } from './config/settings';
import { firebaseAdmin } from './firebase/admin';
import { installFirestoreMeter } from './firebase/firestoreMeter';
import { schedulerCheck } from './jobs/schedulerAuth';
import { createGatewayClient } from './provider/gatewayClient';
import { startSweep, sweepRunner } from './orderWatch/sweep';
import { firestoreOffers } from './offers/offersRepository';
import { firestoreOrderRepositories } from './orderRepositories';
import { firestoreGiftRecipients } from './gifts/giftRecipients';
import { firestoreLedger } from './ledger/ledgerRepository';
import { firestoreBooksChecks } from './ledger/booksCheckRecords';
import { booksJob } from './ledger/booksJob';
import { gameBooksClient } from './ledger/gameBooksClient';
import { createMailer } from './mail/mailer';
import { mailRunner, startMailDispatch } from './mail/mailDispatcher';
import { firestoreOutbox } from './mail/outbox';
import { composeOwedMail } from './jobs/owedMail';
import { firestoreCatalogue } from './catalogue/catalogueRepository';
import { firestoreCatalogueImages } from './catalogue/catalogueImages';
import { publishedCatalogue } from './catalogue/publishedCatalogue';
import { shelfAt } from '../shared/catalogue';
import { firestoreBalances } from './accounts/balancesRepository';
import { firestorePasswordResetRequests, passwordResetMailFor } from './accounts/passwordReset';
import { firestoreProtections } from './protections/protectionsRepository';
import { firestoreRefunds } from './refunds/refundsRepository';
import { toRefundView } from './orders/refundRequestRecord';
import { firebasePlayerDirectory } from './support/playerDirectory';
import { firestoreSupportReadModel } from './support/supportReadModel';
import { firestoreStaffRecords } from './auth/supportRole';
import { firestoreLinks } from './gameSignIn/linkRepository';
import { firebaseGameAccounts } from './gameSignIn/gameAccounts';
import { COLLECTIONS, OPERATIONS } from '../shared/firestorePaths';
import type { GameEventRecord } from './gameEvents/gameEventRecords';
import { firestoreGameEvents } from './gameDelivery/gameEventsRepository';
import { firestoreStats } from './overview/statsRepository';
import { firestoreGiftClaims } from './dailyGift/giftClaims';
import { firebaseGiftAccounts } from './dailyGift/giftService';
import { movableClock } from './lib/clock';
import { beaconDesk } from './overview/beaconDesk';
import { deliveryRunner, startGameEventDelivery } from './gameDelivery/gameEventDispatcher';
import { refundDeclinedCredit } from './refunds/declinedCredit';
import { firestoreLinkout } from './linkout/linkoutRepository';
import { linkoutLedger } from './linkout/linkoutLedger';
import { firestorePrivacyRequests } from './privacy/privacyRequests';
import { firestorePlayerDataReads } from './privacy/playerDataReads';
import { firebaseAccountClosing } from './privacy/accountRecords';
import { closeDeletion, eraseAccountData } from './privacy/accountErasure';

/** Longer than any client's idle keep-alive in front of the API (nginx's upstream 60 s), so the client closes first. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Cloud Run gives a stopping instance 10 s after SIGTERM; in-flight requests get most of it, then it exits. */
const SHUTDOWN_GRACE_MS = 8_000;
/** How long the readiness probe waits for Firestore. */
const READY_TIMEOUT_MS = 2_000;

/** The folder the store runs from: the nearest one up with a package.json (the repository, or a release folder). */
function projectRootFrom(start: string): string {
  for (let folder = start; ; folder = path.dirname(folder)) {
    if (fs.existsSync(path.join(folder, 'package.json'))) return folder;
    if (path.dirname(folder) === folder) return start;
  }
}

/**
 * Starts the payments API and serves the built SPA on one origin. Runs as TypeScript through tsx (npm start,
 * npm run dev) or as the production bundle with node (dist-server/server.cjs, the container's command).
 * `--api-only` serves just /api (used behind webpack-dev-server, which serves the client itself).
 */
function main(): void {
  const projectRoot = projectRootFrom(__dirname);
  const settings = loadSettings(projectRoot);
  assertSafeForProduction(settings);
  const log = createLogger(settings.LOG_LEVEL);
  if (settings.FIRESTORE_METER_FILE) installFirestoreMeter(settings.FIRESTORE_METER_FILE);
  const { auth, db } = firebaseAdmin(settings);
  const catalogueRepository = firestoreCatalogue(db);
  const storeSessions = firestoreStoreSessions(db);
  const catalogue = publishedCatalogue(catalogueRepository, settings.CATALOGUE_REFRESH_MS, log);
  const deps = {
    settings,
    ...firestoreOrderRepositories(db, settings),
    offers: firestoreOffers(db),
    refunds: firestoreRefunds(db, settings),
    balances: firestoreBalances(db),
    protections: firestoreProtections(db),
    billingProfiles: firestoreBillingProfiles(db),
    gameEvents: firestoreGameEvents(db),
    ledger: firestoreLedger(db, settings),
    booksChecks: firestoreBooksChecks(db),
    stats: firestoreStats(db),
    readModel: firestoreSupportReadModel(db),
    directory: firebasePlayerDirectory(auth),
    giftRecipients: firestoreGiftRecipients(db, auth),
    staff: firestoreStaffRecords(db),
    gateway: createGatewayClient(settings),
    catalogue,
    log,
  };
  const mailer = createMailer(settings);
  const resetRequests = firestorePasswordResetRequests(db);
  const compose = composeOwedMail({
    settings,
    passwordResetFor: async (requestId) => {
      const request = await resetRequests.find(requestId);
      return request && passwordResetMailFor(settings, auth, request);
    },
    consentRequestFor: (requestId) => deps.protections.consentRequest(requestId),
    shelf: () => shelfAt(catalogue.current(), Date.now()),
    factsFor: async (orderId) => {
      const [order, refund] = await Promise.all([deps.orders.find(orderId), deps.refunds.find(orderId)]);
      if (!order) return null;
      const [account, recipient] = await Promise.all([deps.directory.byUid(order.userId), order.gift ? deps.directory.byUid(order.gift.toUid) : null]);
      return {
        order,
        refund: refund && { ...toRefundView(refund), accountEmail: refund.accountEmail },
        accountEmail: account?.email ?? order.accountEmail ?? null,
        recipientEmail: recipient?.email ?? null,
      };
    },
  });
  const mailDeps = { settings, outbox: firestoreOutbox(db), mailer, log, compose };
  const sweep = sweepRunner(deps, (report) => deps.readModel.recordSweep(report));
  const mail = mailRunner(mailDeps);
  const deliveryDeps = { settings, gameEvents: deps.gameEvents, log, declined: (event: GameEventRecord, reason: string) => refundDeclinedCredit(deps, event.orderId, reason) };
  const delivery = deliveryRunner(deliveryDeps);
  const beacons = beaconDesk({ stats: deps.stats, log, settings });
  const books = booksJob({ ...deps, gameBooks: gameBooksClient(settings) });
  let stopping = false;
  // Not ready before the published catalogue was read: the pages would show the starting packs meanwhile.
  const ready = async () =>
    !stopping &&
    (await catalogue.loaded()) &&
    (await Promise.race([
      db.collection(COLLECTIONS.operations).doc(OPERATIONS.sweep).get().then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), READY_TIMEOUT_MS).unref()),
    ]));

  const apiOnly = process.argv.includes('--api-only');
  const port = apiOnly ? settings.DEV_API_PORT : settings.PORT;
  const app = createApp({
    settings,
    distDir: apiOnly ? undefined : path.join(projectRoot, 'dist'),
    payments: { deps, auth: playerAuth(auth, storeSessions) },
    gameSignIn: { settings, links: firestoreLinks(db), accounts: firebaseGameAccounts(auth, log), storeSessions, log },
    accounts: { resetRequests, log },
    rateLimitStore: (options) => firestoreRateLimitStore(db, options),
    beacons,
    dailyGift: { settings, giftClaims: firestoreGiftClaims(db, settings), accounts: firebaseGiftAccounts(db, auth), clock: movableClock(), staff: deps.staff },
    catalogue: { settings, catalogue: catalogueRepository, published: catalogue, images: firestoreCatalogueImages(db), staff: deps.staff, log },
    linkout: {
      linkout: firestoreLinkout(db, settings.LINKOUT_CACHE_MS),
      ledger: (from, to) => linkoutLedger(db, from, to),
      staff: deps.staff,
      timeZone: settings.STORE_TIME_ZONE,
      cacheMs: settings.LINKOUT_CACHE_MS,
      log,
    },
    privacy: {
      privacyRequests: firestorePrivacyRequests(db),
      playerData: firestorePlayerDataReads(db, settings.GIFT_KEY_SECRET),
      ledger: deps.ledger,
      accounts: { find: (uid) => deps.directory.byUid(uid), close: firebaseAccountClosing(auth) },
      erase: (uid, email) => eraseAccountData(db, uid, email),
      closeDeletion: (uid, staffUid, at) => closeDeletion(db, uid, staffUid, at),
    },
    jobs: { passes: { sweep: () => sweep.pass(), mail: () => mail.pass(), gameEvents: () => delivery.pass(), books: (date) => books.check(date) }, check: schedulerCheck(settings) },
    ready,
  });
  // npm start runs the background work on timers; on Cloud Run, Cloud Scheduler asks through the job endpoints.
  const timers =
    settings.BACKGROUND_WORK === 'timers' ? [startSweep(sweep, deps), startMailDispatch(mail, mailDeps), startGameEventDelivery(delivery, deliveryDeps), books.start()] : [];
  // The beacons' tally is written by the beacons that find a flush due, by this timer, and once the last request is answered.
  const stopBeacons = beacons.start();
  // Once stopping, every answer closes its connection, so keep-alive clients (a load balancer) move on at once.
  const server = http.createServer((req, res) => {
    if (stopping) res.setHeader('Connection', 'close');
    app(req, res);
  });
  // An idle kept-alive connection is closed by its client first (nginx's 60 s upstream keep-alive, a load balancer's idle
  // timeout, undici's 4 s), never by this server at the moment a request is sent on it: that request would fail at the
  // client ("other side closed") without ever reaching the store.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  server.listen(port, settings.HOST, () => {
    log.info({ event: 'api.listening', url: `http://${settings.HOST}:${port}`, publicAddress: publicBaseUrl(settings), backgroundWork: settings.BACKGROUND_WORK });
  });
  server.on('error', (error) => {
    log.fatal({ event: 'api.failed', reason: `API server could not start: ${error.message}` });
    process.exit(1);
  });
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    void stopGracefully(server, timers, stopBeacons, log, signal).then(() => process.exit(0));
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

/**
 * A graceful stop within Cloud Run's 10 s: take no new connections, let the requests in flight finish (and
 * the commits they wait on), stop the timers and let a pass under way finish, write what the requests left in memory
 * (`lastly`, once the last of them is answered), then close what is left.
 */
async function stopGracefully(server: Server, timers: Array<() => Promise<void>>, lastly: () => Promise<void>, log: Logger, signal: NodeJS.Signals): Promise<void> {
  const started = Date.now();
  log.info({ event: 'api.stopping', signal });
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const finished = Promise.all([closed.then(lastly), ...timers.map((stop) => stop())]);
  const outcome = await Promise.race([finished.then(() => 'finished' as const), new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), SHUTDOWN_GRACE_MS))]);
  server.closeAllConnections();
  log.info({ event: 'api.stopped', outcome, durationMs: Date.now() - started });
}

try {
  main();
} catch (error) {
  // A setting that is missing or unsafe: say which and what to set, without a stack, and do not start.
  if (!(error instanceof SettingsError)) throw error;
  console.error(`The store cannot start. ${error.message}`);
  process.exit(1);
}
