import { z } from 'zod';
import { GAME_LINK_CODE_PLACEHOLDER } from '../../shared/gameSignIn/linkCode';
import { GAME_WEBHOOK_SECRET_PATTERN } from '../../shared/gameEvents';
import { SALES_COUNTRIES } from '../../shared/tax/taxTreatment';

/** The sandbox's key: fine on the local stack, refused against a real provider (assertSafeForProduction). */
export const SANDBOX_PRIVATE_KEY = 'sandbox-merchant-private-key-local-only';
/** The key of guardian-consent links on the local stack; refused with real Firebase (assertSafeForProduction). */
export const LOCAL_CONSENT_LINK_SECRET = 'local-consent-link-secret-only';
export const LOCAL_GIFT_KEY_SECRET = 'local-gift-key-secret-only';
/** The secret of the local game-server stand-in's events; refused with real Firebase (assertSafeForProduction). */
export const LOCAL_GAME_WEBHOOK_SECRET = `whsec_${Buffer.from('local-game-webhook-secret-only!!').toString('base64')}`;
/** The ABN the local store prints on its receipts; never a real seller's. */
export const PLACEHOLDER_SELLER_ABN = '53 004 085 616';

/**
 * Every setting the store reads from the environment, with its default, by concern.
 * `.env.example` documents the same keys and defaults; a test keeps the two equal.
 */
const port = z.coerce.number().int().min(1).max(65_535);
const booleanFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

export const settingsSchema = z.object({
  // Where the API and the built SPA are served.
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(3000),
  PUBLIC_BASE_URL: z.union([z.url(), z.literal('')]).default(''),
  DEV_API_PORT: port.default(3001),

  // What the site says about itself.
  GAME_NAME: z.string().min(1).default('Wyrmcrown'),
  COMPANY_NAME: z.string().min(1).default('Wyrmcrown Studios'),
  OPERATOR_LINE: z.string().min(1).default('Operated in Australia by Southern Cross Game Distribution Pty Ltd'),
  SUPPORT_EMAIL: z.email().default('support@wyrmcrown.example'),
  DOWNLOAD_URL: z.url().default('https://files.wyrmcrown.example/download/wyrmcrown-latest.apk'),
  /** The game's deep link (or https App Link) for "Sign in with the game", with {code} where the code goes. */
  GAME_LINK_URL: z
    .string()
    .regex(/^[a-z][a-z0-9+.-]*:\S+$/i, 'a link with a scheme, like wyrmcrown://store-link?code={code}')
    .refine((link) => link.includes(GAME_LINK_CODE_PLACEHOLDER), `a link with ${GAME_LINK_CODE_PLACEHOLDER} where the code goes`)
    .default('wyrmcrown://store-link?code={code}'),
  /** A browser's store session made from a game code reaches nothing after this many hours, whatever its tokens say. */
  STORE_SESSION_HOURS: z.coerce.number().int().min(1).max(30 * 24).default(72),
  LANDING_ANIMATION_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  COUNTRIES_URL: z.string().min(1).default('/api/countries'),
  SELLER_LEGAL_NAME: z.string().min(1).default('Southern Cross Game Distribution Pty Ltd'),
  SELLER_ABN: z.string().regex(/^\d{2} \d{3} \d{3} \d{3}$/).default(PLACEHOLDER_SELLER_ABN),
  SALES_COUNTRIES: z.enum(SALES_COUNTRIES).default('AU'),
  STORE_TIME_ZONE: z.string().min(1).default('Australia/Sydney'),

  // Firebase. The local defaults name a demo- project, which can never reach a real cloud project.
  FIREBASE_PROJECT_ID: z.string().min(1).default('demo-wyrmcrown'),
  /** The project's Firestore database: (default), or a named one (a test runs its own beside the shared stack's). */
  FIRESTORE_DATABASE_ID: z.string().regex(/^(\(default\)|[a-z][a-z0-9-]{2,62})$/).default('(default)'),
  FIREBASE_API_KEY: z.string().min(1).default('demo-api-key'),
  FIREBASE_AUTH_DOMAIN: z.string().default(''),
  FIREBASE_APP_ID: z.string().default('demo-app-id'),
  USE_FIREBASE_EMULATORS: booleanFlag.default(true),
  EMULATOR_HOST: z.string().min(1).default('127.0.0.1'),
  FIRESTORE_EMULATOR_PORT: port.default(8080),
  AUTH_EMULATOR_PORT: port.default(9099),
  FIRESTORE_EMULATOR_COMMAND: z.string().min(1).default('gcloud'),
  DATA_DIR: z.string().min(1).default('.data'),

  // Payments: the merchant's account with the card provider. The key never leaves the server.
  MERCHANT_ID: z.string().min(1).default('sandbox-merchant'),
  SITE_ID: z.string().min(1).default('sandbox-site'),
  MERCHANT_PRIVATE_KEY: z.string().min(16).default(SANDBOX_PRIVATE_KEY),
  PAYMENT_CURRENCY: z.string().regex(/^[A-Z]{3}$/).default('AUD'),
  SIGNATURE_ENCODING: z.enum(['raw', 'form']).default('raw'),
  GATEWAY_BASE_URL: z.union([z.url(), z.literal('')]).default(''),
  GATEWAY_PAYMENT_PATH: z.string().startsWith('/').default('/cardpayments'),
  GATEWAY_QUERY_PATH: z.string().startsWith('/').default('/transactions/query'),
  GATEWAY_REFUND_PATH: z.string().startsWith('/').default('/refunds'),
  GATEWAY_CANCEL_PATH: z.string().startsWith('/').default('/cardpayments/cancel'),
  CHECKOUT_TTL_MS: z.coerce.number().int().min(1_000).default(1_800_000),
  GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  API_PUBLIC_URL: z.union([z.url(), z.literal('')]).default(''),
  RECONCILE_WINDOW_MS: z.coerce.number().int().min(1).default(1_800_000),
  SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  SWEEP_BATCH: z.coerce.number().int().min(1).max(10_000).default(500),
  SWEEP_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  SWEEP_PASS_MS: z.coerce.number().int().min(100).default(30_000),
  SWEEP_LEASE_MS: z.coerce.number().int().min(100).default(45_000),
  SWEEP_INSTANCE_ID: z.string().max(200).default(''),
  ORDER_RECHECK_FIRST_MS: z.coerce.number().int().min(100).default(30_000),
  ORDER_RECHECK_MAX_MS: z.coerce.number().int().min(100).default(3_600_000),
  MAX_OPEN_ORDERS: z.coerce.number().int().min(1).max(100).default(3),
  /** Gifts for a friend: the payer's account must be this many days old (and have a paid purchase of its own). */
  GIFT_PAYER_MIN_ACCOUNT_DAYS: z.coerce.number().int().min(0).default(7),
  /** The most one payer may gift in a store day (cents). */
  GIFT_DAILY_TOTAL_CENTS: z.coerce.number().int().min(0).default(10_000),
  /** Tag lookups one player may make in an hour, and one address (across instances). */
  GIFT_LOOKUPS_PER_HOUR: z.coerce.number().int().min(1).default(20),

  // Background work: the sweep and the mail outbox.
  BACKGROUND_WORK: z.enum(['timers', 'jobs']).default('timers'),
  JOBS_AUTH: z.enum(['token', 'oidc']).default('token'),
  JOBS_TOKEN: z.string().default(''),
  JOBS_OIDC_AUDIENCE: z.string().default(''),
  JOBS_SERVICE_ACCOUNT: z.string().default(''),
  JOBS_OIDC_CERTS_URL: z.url().default('https://www.googleapis.com/oauth2/v1/certs'),

  // Traffic.
  TRUST_PROXY: z.string().default(''),
  CLIENT_COUNTRY_HEADER: z.string().regex(/^$|^[A-Za-z0-9-]{1,64}$/).default(''),
  RATE_LIMIT_PAYMENTS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Pack images one staff member may upload in an hour, across instances. */
  CATALOGUE_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_PLAYER_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_CALLBACKS_PER_MINUTE: z.coerce.number().int().min(1).default(6000),
  /** Signed requests the game's server may make per minute (spends, store sessions), per instance: a budget of its own. */
  RATE_LIMIT_GAME_SERVER_PER_MINUTE: z.coerce.number().int().min(1).default(6000),
  RUM_BEACONS_PER_ADDRESS_A_DAY: z.coerce.number().int().min(1).default(30),
  /** How long an instance gathers beacons before it writes them (ms): each day's figure takes one write a flush an instance. */
  RUM_FLUSH_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
  /** The shards a day's counts are spread over (stats_daily/{day}~{shard}): a money commit writes one, at random. */
  DAY_COUNT_SHARDS: z.coerce.number().int().min(1).max(400).default(100),
  /** Where the write meter writes down every Firestore commit and read (one JSON line each); empty: off. */
  FIRESTORE_METER_FILE: z.string().default(''),
  METRICS_TOKEN: z.string().default(''),
  /** Signs the links a guardian's consent email carries (HMAC-SHA256); the local default is refused in production. */
  CONSENT_LINK_SECRET: z.string().min(16).default(LOCAL_CONSENT_LINK_SECRET),
  /** Keys the addresses and browsers the daily gift counts (HMAC-SHA256), so neither is stored as it is; the local default is refused in production. */
  GIFT_KEY_SECRET: z.string().min(16).default(LOCAL_GIFT_KEY_SECRET),
  /** Daily gifts one address may claim in a store day, whatever the accounts and browsers. */
  DAILY_GIFT_CLAIMS_PER_ADDRESS_A_DAY: z.coerce.number().int().min(1).default(5),
  /** How often each instance reads the published catalogue again: players see a publish within this and a page's render. */
  CATALOGUE_REFRESH_MS: z.coerce.number().int().min(500).max(30_000).default(10_000),
  LINKOUT_CACHE_MS: z.coerce.number().int().min(500).max(30_000).default(30_000),
  /** Lets PUT /api/test/clock move the daily gift's clock (tests of a store day's end); refused in production. */
  TEST_CLOCK_CONTROL: booleanFlag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  // Email: receipts to players and refund notices to support, sent from an outbox.
  SMTP_URL: z.union([z.string().regex(/^smtps?:\/\//), z.literal('')]).default(''),
  MAIL_FROM: z.string().min(3).default('Wyrmcrown Store <store@wyrmcrown.example>'),
  MAIL_DISPATCH_INTERVAL_MS: z.coerce.number().int().min(0).default(5_000),
  RUN_MAIL_CATCHER: booleanFlag.default(true),
  MAIL_CATCHER_SMTP_PORT: port.default(1025),
  MAIL_CATCHER_WEB_PORT: port.default(1080),

  // Delivery to the game's own server: every credit and take-back as a signed event (Standard Webhooks), retried for days.
  /** The game server's https address for the store's events; empty: the local stand-in's when RUN_GAME_SERVER, else no delivery. */
  GAME_WEBHOOK_URL: z.union([z.url(), z.literal('')]).default(''),
  /** The shared secret events are signed with: `whsec_` and base64 (Secret Manager in production; the local one is refused there). */
  GAME_WEBHOOK_SECRET: z.string().regex(GAME_WEBHOOK_SECRET_PATTERN, 'whsec_ followed by the base64 of at least 24 random bytes').default(LOCAL_GAME_WEBHOOK_SECRET),
  /** The first retry comes within this; each next one waits about twice as long (jittered), until GAME_WEBHOOK_GIVE_UP_MS. */
  GAME_WEBHOOK_RETRY_FIRST_MS: z.coerce.number().int().min(100).default(10_000),
  GAME_WEBHOOK_GIVE_UP_MS: z.coerce.number().int().min(1_000).default(3 * 86_400_000),
  GAME_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  GAME_EVENTS_DISPATCH_INTERVAL_MS: z.coerce.number().int().min(0).default(2_000),
  /** Where the game's server answers the nightly check of the books (its wallets); empty: the local stand-in's when RUN_GAME_SERVER, else not asked. */
  GAME_STATEMENT_URL: z.union([z.url(), z.literal('')]).default(''),
  /** How often npm start checks whether yesterday's books were checked (ms; with BACKGROUND_WORK=jobs, POST /api/jobs/books nightly). */
  BOOKS_CHECK_INTERVAL_MS: z.coerce.number().int().min(0).default(600_000),
  // The local stand-in for the game's server.
  RUN_GAME_SERVER: booleanFlag.default(true),
  GAME_SERVER_PORT: port.default(3200),

  // The local stand-in for the card provider.
  RUN_GATEWAY_SANDBOX: booleanFlag.default(true),
  GATEWAY_SANDBOX_PORT: port.default(3100),
  SANDBOX_CALLBACK_RETRY_MS: z.coerce.number().int().min(10).default(2000),
  SANDBOX_CALLBACK_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  SANDBOX_PAYID_SETTLE_MS: z.coerce.number().int().min(0).default(300_000),
  SANDBOX_CONTROL_TOKEN: z.string().default(''),
  EMULATOR_EXPORT_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),

  // Developer tools.
  REDUX_DEVTOOLS: booleanFlag.default(true),
});

export type Settings = z.infer<typeof settingsSchema>;

export class SettingsError extends Error {}
