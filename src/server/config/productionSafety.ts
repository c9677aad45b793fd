import { isLoopback } from './addresses';
import { LOCAL_CONSENT_LINK_SECRET, LOCAL_GIFT_KEY_SECRET, LOCAL_GAME_WEBHOOK_SECRET, PLACEHOLDER_SELLER_ABN, SANDBOX_PRIVATE_KEY, SettingsError, type Settings } from './settingsSchema';

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
  if (!settings.USE_FIREBASE_EMULATORS && settings.GIFT_KEY_SECRET === LOCAL_GIFT_KEY_SECRET) {
    throw new SettingsError('Real Firebase needs its own key for the addresses and browsers the daily gift counts: set GIFT_KEY_SECRET.');
  }
  if (!settings.USE_FIREBASE_EMULATORS && settings.TEST_CLOCK_CONTROL) {
    throw new SettingsError('TEST_CLOCK_CONTROL lets anyone move the daily gift to another day: never with real Firebase.');
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
