/**
 * The settings the browser may see. The server builds this from its environment and embeds it in the
 * page; nothing secret may ever be added here.
 */
export interface PublicConfig {
  gameName: string;
  companyName: string;
  operatorLine: string;
  supportEmail: string;
  downloadUrl: string;
  landingAnimationMs: number;
  /** GET <countriesUrl>?fields=name,alpha2Code answers the country list. */
  countriesUrl: string;
  firebase: {
    apiKey: string;
    authDomain: string;
    projectId: string;
    appId: string;
    /** The Firestore database the live reads use: (default) or a named one. */
    databaseId: string;
  };
  /** Set when the store runs against the local Firebase emulators. */
  emulators: { authUrl: string; firestoreHost: string; firestorePort: number } | null;
  /** Who sells the gems, as a tax invoice names them. */
  seller: { legalName: string; abn: string };
  /** The time zone dates and times are written in. */
  timeZone: string;
  /** How long an unpaid order's checkout stays open (CHECKOUT_TTL_MS): the orders page says when it expires. */
  checkoutTtlMs: number;
  /** Connect the store to Redux DevTools (local sandbox only; the actions are sanitised even then). */
  reduxDevTools: boolean;
  /** The year in the store's time zone as the page was served (the footer's copyright line). */
  currentYear: number;
}

/** The id of the inert JSON script element that carries the config into the page. */
export const PUBLIC_CONFIG_ELEMENT_ID = 'app-config';

/** Stands in the built index.html until the server fills in the real config. */
export const PUBLIC_CONFIG_PLACEHOLDER = '__APP_CONFIG__';

/** The id of the inert JSON script element that carries the shelf as served (GET /api/catalogue's answer) into the page. */
export const PAGE_SHELF_ELEMENT_ID = 'page-shelf';

/** Stands in the built index.html until the server fills in the shelf of the moment. */
export const PAGE_SHELF_PLACEHOLDER = '__PAGE_SHELF__';
