import compression from 'compression';
import express from 'express';
import type { PlayerAuth } from './auth/playerAuth';
import { API_BASE, API_ROUTES } from '../shared/api';
import { toPublicConfig } from './config/publicConfig';
import { trustedProxies, type Settings } from './config/settings';
import { accountsRouter } from './accounts/accountsRouter';
import type { PasswordResetDeps } from './accounts/passwordReset';
import { countriesRouter } from './countries/countriesRouter';
import { htmlErrorHandler, jsonErrorHandler } from './http/errors';
import { rateLimits, type SharedStoreMaker } from './http/rateLimits';
import { billingRouter } from './billing/billingRouter';
import { ledgerRouter } from './ledger/ledgerRouter';
import type { BillingProfiles } from './billing/billingProfiles';
import { securityHeaders } from './http/securityHeaders';
import { spaRouter } from './http/spa';
import { metricsRouter } from './support/metricsRouter';
import { rumRouter } from './overview/rumRouter';
import type { BeaconDesk } from './overview/beaconDesk';
import { meteredAs, requestOrigin } from './firebase/firestoreMeter';
import { todayOf } from './overview/overview';
import { supportRouter } from './support/supportRouter';
import { storeHealth, type SupportDeps } from './support/supportService';
import type { OrderDeps } from './payments/paymentDeps';
import { paymentsRouter } from './payments/paymentsRouter';
import { providerRouter } from './provider/providerRouter';
import { protectionsRouter } from './protections/protectionsRouter';
import { refundsRouter } from './refunds/refundsRouter';
import { offersRouter } from './offers/offersRouter';
import { linkRouter } from './gameSignIn/linkRouter';
import { gameApiRouter } from './gameSignIn/gameApiRouter';
import type { LinkDeps } from './gameSignIn/linkService';
import { jobsRouter, type BackgroundPasses } from './jobs/jobsRouter';
import type { SchedulerCheck } from './jobs/schedulerAuth';
import { giftRouter } from './dailyGift/giftRouter';
import { catalogueRouter } from './catalogue/catalogueRouter';
import type { CatalogueDeps } from './catalogue/catalogueService';
import { shelfSourceOf } from './catalogue/publishedCatalogue';
import type { GiftDeps } from './dailyGift/giftService';
import type { StaffRecords } from './auth/supportRole';
import type { MovableClock } from './lib/clock';
import { testClockRouter } from './http/testClockRouter';
import { riskRouter } from './risk/riskRouter';
import { linkoutRouter, type LinkoutDeps } from './linkout/linkoutRouter';
import { giftsRouter } from './gifts/giftsRouter';
import { creatorsRouter } from './creators/creatorsRouter';
import { privacyRouter } from './privacy/privacyRouter';
import type { PrivacyDeps } from './privacy/privacyService';

export interface AppOptions {
  settings: Settings;
  /** The payments API; omitted by tests of the static parts alone. */
  payments?: { deps: SupportDeps & OrderDeps & { billingProfiles: BillingProfiles }; auth: PlayerAuth };
  /** "Sign in with the game" (its game accounts are the payments API's Auth); omitted by tests of the other parts. */
  gameSignIn?: LinkDeps;
  /** Password-reset emails through the store's mailer; omitted by tests of the other parts. */
  accounts?: PasswordResetDeps;
  /** Makes a store that counts a limit across instances (Firestore in the store), one per limiter; each instance alone without. */
  rateLimitStore?: SharedStoreMaker;
  /** The job endpoints for the scheduler; omitted where no background work is offered. */
  jobs?: { passes: BackgroundPasses; check: SchedulerCheck };
  /** The daily gift (its accounts are the payments API's Auth); omitted by tests of the other parts. */
  dailyGift?: GiftDeps & { clock: MovableClock; staff: StaffRecords };
  /** The gem pack catalogue (its staff are the payments API's Auth); omitted by tests of the other parts, whose pages show the starting shelf. */
  catalogue?: CatalogueDeps & { staff: StaffRecords };
  /** Where page-speed beacons are counted (POST /api/rum); omitted by tests of the other parts. */
  beacons?: BeaconDesk;
  /** Readiness (GET /api/health/ready): Firestore answers and the instance is not stopping. Ready by default. */
  ready?: () => Promise<boolean>;
  /** The built client; omitted when only the API is served (webpack-dev-server serves the client). */
  distDir?: string;
  /** The link-out switch and its ledger. */
  linkout?: LinkoutDeps;
  /** A player's own data: the archive, the deletion, and support's queue (its accounts are the payments API's Auth). */
  privacy?: Omit<PrivacyDeps, 'settings'>;
}

export function createApp({ settings, distDir, payments, gameSignIn, accounts, rateLimitStore, jobs, beacons, dailyGift, catalogue, linkout, privacy, ready = async () => true }: AppOptions): express.Express {
  const publicConfig = toPublicConfig(settings);
  const limits = rateLimits(settings, rateLimitStore);
  const app = express();
  app.disable('x-powered-by');
  // X-Forwarded-For is believed only from the proxies TRUST_PROXY names.
  app.set('trust proxy', trustedProxies(settings));
  // The write meter puts each Firestore operation down to the request that made it.
  if (settings.FIRESTORE_METER_FILE) app.use((req, _res, next) => meteredAs(requestOrigin(req.method, req.path), next));
  app.use(securityHeaders(publicConfig));
  app.use(compression());

  const api = express.Router();
  // Liveness: the process answers. Cheap, so a probe never loads the instance.
  api.get(API_ROUTES.health, (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  api.get(API_ROUTES.ready, async (_req, res) => {
    const isReady = await ready().catch(() => false);
    res.status(isReady ? 200 : 503).set('Cache-Control', 'no-store').json({ status: isReady ? 'ready' : 'not ready' });
  });
  api.use(API_ROUTES.countries, limits.anonymous, countriesRouter());
  if (accounts) api.use(accountsRouter(accounts, limits));
  if (beacons) api.use(rumRouter(beacons, settings, limits));
  if (payments) {
    api.use(providerRouter(payments.deps, limits));
    api.use(paymentsRouter(payments.deps, payments.auth, limits, payments.deps));
    api.use(billingRouter(payments.deps, payments.auth, limits));
    api.use(ledgerRouter(payments.deps, payments.auth, limits));
    api.use(refundsRouter(payments.deps, payments.auth, limits));
    api.use(supportRouter(payments.deps, payments.auth, limits));
    api.use(riskRouter({ ...payments.deps, isPlayer: async (uid) => (await payments.deps.directory.byUid(uid)) !== null }, payments.auth, limits));
    const today = () => todayOf({ stats: payments.deps.stats, timeZone: settings.STORE_TIME_ZONE });
    api.use(metricsRouter(() => storeHealth(payments.deps), settings.METRICS_TOKEN, today));
  }
  if (payments) api.use(protectionsRouter(payments.deps, payments.auth, limits));
  if (payments) api.use(offersRouter(payments.deps, payments.auth, limits));
  if (payments?.deps.giftRecipients) api.use(giftsRouter({ ...payments.deps, giftRecipients: payments.deps.giftRecipients }, payments.auth, limits));
  if (payments && gameSignIn) api.use(linkRouter(gameSignIn, payments.auth, limits));
  if (gameSignIn) api.use(gameApiRouter(gameSignIn, limits));
  if (payments && catalogue) api.use(catalogueRouter(catalogue, payments.auth, limits));
  if (payments && linkout) api.use(linkoutRouter(linkout, payments.auth, limits));
  if (payments) api.use(creatorsRouter(payments.deps, payments.auth, limits));
  if (payments && privacy) api.use(privacyRouter({ ...privacy, settings, staff: payments.deps.staff }, payments.auth, limits));
  if (payments && dailyGift) api.use(giftRouter({ ...dailyGift, settings }, payments.auth, limits));
  // Tests only (refused in production): the daily gift's clock, moved to cross a store day.
  if (dailyGift && settings.TEST_CLOCK_CONTROL) api.use(testClockRouter(dailyGift.clock));
  if (jobs) api.use(jobsRouter(jobs.passes, jobs.check));
  api.use((_req, res) => {
    res.status(404).json({ error: 'Not found' });
  });
  api.use(jsonErrorHandler);
  app.use(API_BASE, api);

  if (distDir) app.use(spaRouter(distDir, publicConfig, console.warn, catalogue && shelfSourceOf(catalogue.published)));
  app.use(htmlErrorHandler);
  return app;
}
