import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { GAME_LINK_CODE_PLACEHOLDER } from '../../shared/gameLink/linkCode';
import { GAME_WEBHOOK_PATH, GAME_WEBHOOK_SECRET_PATTERN } from '../../shared/gameEvents';

/** The sandbox's key: fine on the local stack, refused against a real provider (assertSafeForProduction). */
export const SANDBOX_PRIVATE_KEY = 'sandbox-merchant-private-key-local-only';
/** The key of guardian-consent links on the local stack; refused with real Firebase (assertSafeForProduction). */
export const LOCAL_CONSENT_LINK_SECRET = 'local-consent-link-secret-only';
/** The secret of the local game-server stand-in's events; refused with real Firebase (assertSafeForProduction). */
export const LOCAL_GAME_WEBHOOK_SECRET = `whsec_${Buffer.from('local-game-webhook-secret-only!!').toString('base64')}`;
/** The ABN the local store prints on its receipts; never a real seller's. */
export const PLACEHOLDER_SELLER_ABN = '53 004 085 616';

/**
 * Every setting the store reads from the environment, with its default.
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
  LANDING_ANIMATION_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  COUNTRIES_URL: z.string().min(1).default('/api/countries'),
  SELLER_LEGAL_NAME: z.string().min(1).default('Southern Cross Game Distribution Pty Ltd'),
  SELLER_ABN: z.string().regex(/^\d{2} \d{3} \d{3} \d{3}$/).default(PLACEHOLDER_SELLER_ABN),
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
  RATE_LIMIT_PLAYER_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_CALLBACKS_PER_MINUTE: z.coerce.number().int().min(1).default(6000),
  METRICS_TOKEN: z.string().default(''),
  /** Signs the links a guardian's consent email carries (HMAC-SHA256); the local default is refused in production. */
  CONSENT_LINK_SECRET: z.string().min(16).default(LOCAL_CONSENT_LINK_SECRET),
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
  // The local stand-in for the game's server.
  RUN_GAME_SERVER: booleanFlag.default(true),
  GAME_SERVER_PORT: port.default(3200),

  // The local stand-in for the card provider.
  RUN_GATEWAY_SANDBOX: booleanFlag.default(true),
  GATEWAY_SANDBOX_PORT: port.default(3100),
  SANDBOX_CALLBACK_RETRY_MS: z.coerce.number().int().min(10).default(2000),
  SANDBOX_CALLBACK_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  SANDBOX_CONTROL_TOKEN: z.string().default(''),
  EMULATOR_EXPORT_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),

  // Developer tools.
  REDUX_DEVTOOLS: booleanFlag.default(true),
});

export type Settings = z.infer<typeof settingsSchema>;

export class SettingsError extends Error {}

/** Parses settings from an environment-like object; empty strings count as unset. */
export function parseSettings(env: Record<string, string | undefined>): Settings {
  const present = Object.fromEntries(
    Object.keys(settingsSchema.shape)
      .map((key) => [key, env[key]] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = settingsSchema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new SettingsError(`Invalid settings:\n  ${problems.join('\n  ')}`);
  }
  const { SWEEP_INTERVAL_MS: interval, SWEEP_LEASE_MS: lease } = result.data;
  if (interval > 0 && lease >= interval) {
    // A dead instance's claims must come back within one interval of the instances still running.
    throw new SettingsError(`Invalid settings:\n  SWEEP_LEASE_MS (${lease}) must be shorter than SWEEP_INTERVAL_MS (${interval}).`);
  }
  return result.data;
}

/** Reads `.env` (if any) beneath the process environment, then parses. */
export function loadSettings(projectRoot = process.cwd()): Settings {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('dotenv').config({ path: path.join(projectRoot, '.env'), quiet: true });
  return parseSettings(process.env);
}

export function publicBaseUrl(settings: Settings): string {
  return settings.PUBLIC_BASE_URL || `http://${settings.HOST}:${settings.PORT}`;
}

/**
 * The name this instance's sweep claims orders under: SWEEP_INSTANCE_ID, else the host and port, which an
 * instance keeps when it is started again on the same machine, so it can take its own claims back.
 */
export function sweepInstanceId(settings: Settings): string {
  return settings.SWEEP_INSTANCE_ID || `${os.hostname()}:${settings.PORT}`;
}

/** Where the card provider is: the configured address, or the local sandbox. */
export function gatewayBaseUrl(settings: Settings): string {
  if (settings.GATEWAY_BASE_URL) return settings.GATEWAY_BASE_URL;
  if (settings.RUN_GATEWAY_SANDBOX) return `http://${settings.HOST}:${settings.GATEWAY_SANDBOX_PORT}`;
  throw new SettingsError('GATEWAY_BASE_URL is required when RUN_GATEWAY_SANDBOX is false.');
}

/** Where email goes: the configured SMTP server, or the local mail catcher. */
export function smtpUrl(settings: Settings): string {
  if (settings.SMTP_URL) return settings.SMTP_URL;
  if (settings.RUN_MAIL_CATCHER) return `smtp://${settings.HOST}:${settings.MAIL_CATCHER_SMTP_PORT}`;
  throw new SettingsError('SMTP_URL is required when RUN_MAIL_CATCHER is false.');
}

/** The local mail catcher's web inbox, when the stack runs one. */
export function mailCatcherUrl(settings: Settings): string | null {
  return settings.RUN_MAIL_CATCHER && !settings.SMTP_URL ? `http://${settings.HOST}:${settings.MAIL_CATCHER_WEB_PORT}` : null;
}

/** Where the store's events for the game go: GAME_WEBHOOK_URL, else the local stand-in's when it runs; null: no delivery. */
export function gameWebhookUrl(settings: Settings): string | null {
  if (settings.GAME_WEBHOOK_URL) return settings.GAME_WEBHOOK_URL;
  return settings.RUN_GAME_SERVER ? `http://${settings.HOST}:${settings.GAME_SERVER_PORT}${GAME_WEBHOOK_PATH}` : null;
}

/** The address the provider calls back (server to server); the store's own by default. */
export function apiPublicUrl(settings: Settings): string {
  return settings.API_PUBLIC_URL || publicBaseUrl(settings);
}

const isLoopback = (url: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);

/** The variables that point the Admin SDK at an emulator (which accepts unsigned ID tokens). */
export const EMULATOR_HOST_VARIABLES = ['FIREBASE_AUTH_EMULATOR_HOST', 'FIRESTORE_EMULATOR_HOST'] as const;

/**
 * Refuses mixtures that would take real money unsafely, each with what to set: a real provider with the sandbox's
 * well-known key (anyone could forge callbacks); the emulators (which take any ID token unverified) with a real
 * provider or a real key; real Firebase accounts paying into the sandbox (nobody would be charged); and, with real
 * Firebase, receipts without a mail server or under the placeholder ABN, plain-http addresses, a sweep lease that
 * can lapse while its pass still works on an order, metrics anyone behind the same host may read, or the game's
 * events sent to the local stand-in or signed with its secret.
 */
export function assertSafeForProduction(settings: Settings, environment: NodeJS.ProcessEnv = process.env): void {
  // The Admin SDK obeys these whatever USE_FIREBASE_EMULATORS says, and the Auth emulator's tokens are unsigned:
  // one left set in production would let anyone be staff.
  const emulatorHosts = EMULATOR_HOST_VARIABLES.filter((name) => environment[name]);
  if (!settings.USE_FIREBASE_EMULATORS && emulatorHosts.length > 0) {
    throw new SettingsError(`Real Firebase never runs beside an emulator: unset ${emulatorHosts.join(' and ')}.`);
  }
  const sandboxGateway = !settings.GATEWAY_BASE_URL;
  const realGateway = !sandboxGateway && !isLoopback(settings.GATEWAY_BASE_URL);
  if (realGateway && settings.MERCHANT_PRIVATE_KEY === SANDBOX_PRIVATE_KEY) {
    throw new SettingsError('MERCHANT_PRIVATE_KEY must be set to the real key when GATEWAY_BASE_URL names a real provider.');
  }
  if (settings.USE_FIREBASE_EMULATORS && (realGateway || settings.MERCHANT_PRIVATE_KEY !== SANDBOX_PRIVATE_KEY)) {
    throw new SettingsError(
      'The Firebase emulators take any ID token unverified, so they never run with a real card provider or merchant key: set USE_FIREBASE_EMULATORS=false with real Firebase, or leave GATEWAY_BASE_URL and MERCHANT_PRIVATE_KEY unset for the sandbox.',
    );
  }
  if (sandboxGateway && !settings.USE_FIREBASE_EMULATORS) {
    throw new SettingsError('Real Firebase needs a real card provider: set GATEWAY_BASE_URL (and its MERCHANT_* settings).');
  }
  if (!settings.SMTP_URL && !settings.USE_FIREBASE_EMULATORS) {
    throw new SettingsError("Real Firebase needs a real mail server for players' receipts: set SMTP_URL.");
  }
  if (!settings.USE_FIREBASE_EMULATORS && settings.CONSENT_LINK_SECRET === LOCAL_CONSENT_LINK_SECRET) {
    throw new SettingsError("Real Firebase needs its own key for guardians' consent links: set CONSENT_LINK_SECRET.");
  }
  if (!settings.USE_FIREBASE_EMULATORS && (settings.JOBS_AUTH !== 'oidc' || !settings.JOBS_OIDC_AUDIENCE || !settings.JOBS_SERVICE_ACCOUNT)) {
    throw new SettingsError('Real Firebase takes jobs only from Cloud Scheduler: set JOBS_AUTH=oidc, JOBS_OIDC_AUDIENCE and JOBS_SERVICE_ACCOUNT.');
  }
  if (settings.SELLER_ABN === PLACEHOLDER_SELLER_ABN && !settings.USE_FIREBASE_EMULATORS) {
    throw new SettingsError("Receipts are tax invoices under the seller's own ABN: set SELLER_ABN (the default is a placeholder).");
  }
  if (settings.USE_FIREBASE_EMULATORS) return;
  const plain = (['GATEWAY_BASE_URL', 'PUBLIC_BASE_URL', 'API_PUBLIC_URL', 'GAME_WEBHOOK_URL'] as const).filter((name) => !settings[name].startsWith('https://') && (settings[name] || name === 'PUBLIC_BASE_URL'));
  if (plain.length > 0) {
    throw new SettingsError(`Players' details and the provider's notices travel only over TLS: set ${plain.join(', ')} to https:// addresses.`);
  }
  if (settings.SWEEP_LEASE_MS <= settings.SWEEP_PASS_MS + settings.GATEWAY_TIMEOUT_MS) {
    throw new SettingsError(
      `SWEEP_LEASE_MS (${settings.SWEEP_LEASE_MS}) must be longer than SWEEP_PASS_MS plus GATEWAY_TIMEOUT_MS (${settings.SWEEP_PASS_MS + settings.GATEWAY_TIMEOUT_MS}), so a claim never lapses while its pass still asks the provider about it.`,
    );
  }
  if (!settings.METRICS_TOKEN) {
    throw new SettingsError('The metrics tell how the store is doing to anyone who may read them: set METRICS_TOKEN (Prometheus sends it as a bearer token).');
  }
  if (!settings.GAME_WEBHOOK_URL && settings.RUN_GAME_SERVER) {
    throw new SettingsError("Real Firebase delivers to the game's own server, not the local stand-in: set GAME_WEBHOOK_URL, or RUN_GAME_SERVER=false when the game reads balances from Firestore.");
  }
  if (settings.GAME_WEBHOOK_URL && settings.GAME_WEBHOOK_SECRET === LOCAL_GAME_WEBHOOK_SECRET) {
    throw new SettingsError("Real Firebase signs the game's events with its own secret: set GAME_WEBHOOK_SECRET (from Secret Manager).");
  }
}

/** Express's `trust proxy` from TRUST_PROXY: nothing by default, else the listed addresses or subnets. */
export function trustedProxies(settings: Settings): string[] | false {
  const list = settings.TRUST_PROXY.split(',').map((entry) => entry.trim()).filter(Boolean);
  return list.length > 0 ? list : false;
}

/** Redux DevTools see every action and state: on for the local sandbox when asked, never against a real provider. */
export function reduxDevToolsEnabled(settings: Settings): boolean {
  return settings.REDUX_DEVTOOLS && !settings.GATEWAY_BASE_URL && settings.RUN_GATEWAY_SANDBOX;
}

export function firebaseAuthDomain(settings: Settings): string {
  return settings.FIREBASE_AUTH_DOMAIN || `${settings.FIREBASE_PROJECT_ID}.firebaseapp.com`;
}
