import type { StatsChunkGroup, StatsCompilation } from 'webpack';
import { NOT_FOUND_PAGE, RECEIPT_ROUTE, ROUTES, SUPPORT_ORDER_ROUTE } from '../../src/shared/routes';

/**
 * The app itself (its start, store, router and layout, with the libraries they use): every page loads it after
 * the entry, which starts it once the first paint is on the screen (src/client/index.tsx). A page that is used
 * preloads it, so it downloads alongside the page; a page that is read (isReadingPage) after its first paint.
 */
export const APP_CHUNK_GROUP = 'app';

/**
 * redux-saga and the root saga (src/client/app/sagaRuntime.ts): loaded with the first page whose features have
 * sagas, and at start for a remembered player (src/client/app/store.ts); a page without features never needs it.
 */
export const SAGA_RUNTIME_CHUNK_GROUP = 'saga-runtime';

/**
 * The heading font (Cinzel 700), which every page's HTML preloads, the plain page too: a signed-in page's
 * heading that arrives with its data would otherwise render in the fallback face first, and move as the font
 * swaps in.
 */
export const HEADING_FONT_FILE = /cinzel-latin-700-normal\.[0-9a-f]+\.woff2$/;

/**
 * Field speed (src/client/lib/rum.ts, web-vitals): every page loads it with the app, after the first paint, so the
 * bench counts it in every page's first load.
 */
export const RUM_CHUNK_GROUP = 'rum';

/** A page with features: they start their sagas before it renders, so it needs the saga runtime too. */
const withSagas = (...chunkGroups: string[]) => [...chunkGroups, SAGA_RUNTIME_CHUNK_GROUP];

/**
 * The JavaScript each public page needs beyond the app's entry and the app itself: its page chunk and the
 * features its route loads with it (the webpackChunkName of each import in src/client/app/routes.tsx), and the
 * saga runtime where there are features. The bench measures these; the prerendered pages preload them. A name
 * missing from a build fails both.
 */
export const PAGE_CHUNK_GROUPS: Record<string, readonly string[]> = {
  [ROUTES.home]: ['route-home'],
  // The checkout (payment-screens, feature-payment) loads when a pack is chosen: not in the pack list's first load.
  [ROUTES.shop]: withSagas('route-shop', 'feature-shop', 'feature-protections', 'feature-offers'),
  [ROUTES.signInSignUp]: withSagas('route-signin', 'feature-signin'),
  [ROUTES.resetPassword]: withSagas('route-reset-password', 'feature-signin'),
  [ROUTES.paymentSuccess]: withSagas('route-payment-success', 'feature-payment'),
  [ROUTES.aboutUs]: ['route-about-us'],
  [ROUTES.privacyPolicy]: ['route-privacy-policy'],
  [ROUTES.refundPolicy]: ['route-refund-policy'],
  [ROUTES.termsOfService]: ['route-terms-of-service'],
  [ROUTES.orders]: withSagas('route-orders', 'feature-orders', 'feature-protections'),
  // A receipt reads its order through RTK Query (in its chunk group); the live history is the orders feature's.
  [RECEIPT_ROUTE]: ['route-receipt'],
  [ROUTES.limits]: withSagas('route-limits', 'feature-protections'),
  // The daily gift reads and claims through RTK Query (in its chunk group).
  [ROUTES.rewards]: ['route-rewards'],
  // The statement reads its pages through RTK Query (in its chunk group).
  [ROUTES.gemStatement]: ['route-gem-statement'],
  // The player's data reads and asks through RTK Query (in its chunk group).
  [ROUTES.privacy]: ['route-your-data'],
  [ROUTES.guardianConsent]: withSagas('route-guardian-consent', 'feature-protections'),
  // The console's pages read the server through RTK Query (in their chunk groups): no sagas of their own.
  [ROUTES.support]: ['route-support'],
  [ROUTES.supportOffers]: ['route-support-offers'],
  [ROUTES.supportDisputes]: ['route-support-disputes'],
  [ROUTES.supportOverview]: ['route-support-overview'],
  [ROUTES.supportDailyGifts]: ['route-support-daily-gifts'],
  [ROUTES.supportRisk]: ['route-support-risk'],
  [ROUTES.supportPrivacy]: ['route-support-privacy'],
  [ROUTES.supportCreators]: ['route-support-creators'],
  [ROUTES.supportCatalogue]: ['route-support-catalogue'],
  [SUPPORT_ORDER_ROUTE]: ['route-support-order'],
  [NOT_FOUND_PAGE]: ['route-not-found'],
};

/**
 * The pages that are read rather than used: the landing page, the policies and not-found. A read page's prerendered
 * HTML names its scripts for after its first paint instead of preloading them (src/client/lib/scriptsAfterPaint.ts).
 */
const READING_PAGES: ReadonlySet<string> = new Set([ROUTES.home, ROUTES.aboutUs, ROUTES.privacyPolicy, ROUTES.refundPolicy, ROUTES.termsOfService, NOT_FOUND_PAGE]);
export const isReadingPage = (page: string): boolean => READING_PAGES.has(page);

/** A build's named chunk group; a name the build lacks (a webpackChunkName changed) fails whoever asks. */
export function chunkGroupOf(stats: StatsCompilation, name: string): StatsChunkGroup {
  const group = stats.namedChunkGroups?.[name];
  if (!group) throw new Error(`No chunk group ${name} in the build: did a webpackChunkName change?`);
  return group;
}

/** The script files of a build's named chunk group. */
export const scriptsOf = (stats: StatsCompilation, name: string): string[] =>
  (chunkGroupOf(stats, name).assets ?? []).map((asset) => asset.name).filter((file) => file.endsWith('.js'));
