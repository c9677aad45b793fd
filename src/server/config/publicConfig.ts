import type { PublicConfig } from '../../shared/publicConfig';
import { PUBLIC_CONFIG_PLACEHOLDER } from '../../shared/publicConfig';
import { yearIn } from '../../shared/storeTime';
import { firebaseAuthDomain, reduxDevToolsEnabled, type Settings } from './settings';

export function toPublicConfig(settings: Settings): PublicConfig {
  return {
    gameName: settings.GAME_NAME,
    companyName: settings.COMPANY_NAME,
    operatorLine: settings.OPERATOR_LINE,
    supportEmail: settings.SUPPORT_EMAIL,
    downloadUrl: settings.DOWNLOAD_URL,
    landingAnimationMs: settings.LANDING_ANIMATION_MS,
    countriesUrl: settings.COUNTRIES_URL,
    firebase: {
      apiKey: settings.FIREBASE_API_KEY,
      authDomain: firebaseAuthDomain(settings),
      projectId: settings.FIREBASE_PROJECT_ID,
      appId: settings.FIREBASE_APP_ID,
      databaseId: settings.FIRESTORE_DATABASE_ID,
    },
    emulators: settings.USE_FIREBASE_EMULATORS
      ? {
          authUrl: `http://${settings.EMULATOR_HOST}:${settings.AUTH_EMULATOR_PORT}`,
          firestoreHost: settings.EMULATOR_HOST,
          firestorePort: settings.FIRESTORE_EMULATOR_PORT,
        }
      : null,
    seller: { legalName: settings.SELLER_LEGAL_NAME, abn: settings.SELLER_ABN },
    timeZone: settings.STORE_TIME_ZONE,
    checkoutTtlMs: settings.CHECKOUT_TTL_MS,
    reduxDevTools: reduxDevToolsEnabled(settings),
    currentYear: yearIn(settings.STORE_TIME_ZONE),
  };
}

/** JSON that is safe inside a <script> element: no sequence in it can close the element. */
export function toScriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Fills the built page's config placeholder with the public config. */
export function renderIndexHtml(template: string, config: PublicConfig): string {
  if (!template.includes(PUBLIC_CONFIG_PLACEHOLDER)) {
    throw new Error('index.html has no config placeholder: was it built by this project?');
  }
  return template.replace(PUBLIC_CONFIG_PLACEHOLDER, () => toScriptSafeJson(config));
}
