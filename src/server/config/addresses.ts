import os from 'node:os';
import { GAME_WEBHOOK_PATH } from '../../shared/gameEvents';
import { GAME_STATEMENT_PATH } from '../../shared/gameBooks';
import { SettingsError, type Settings } from './settingsSchema';

// Where each part of the store is, and who may reach it, as the settings say.

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

/** Where the game's server answers the nightly check of the books: GAME_STATEMENT_URL, else the local stand-in's when it runs; null: not asked. */
export function gameStatementUrl(settings: Settings): string | null {
  if (settings.GAME_STATEMENT_URL) return settings.GAME_STATEMENT_URL;
  return settings.RUN_GAME_SERVER ? `http://${settings.HOST}:${settings.GAME_SERVER_PORT}${GAME_STATEMENT_PATH}` : null;
}

/** The address the provider calls back (server to server); the store's own by default. */
export function apiPublicUrl(settings: Settings): string {
  return settings.API_PUBLIC_URL || publicBaseUrl(settings);
}

/** Whether an address is this machine's own (the sandbox reached by its address is still the sandbox). */
export const isLoopback = (url: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);

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
