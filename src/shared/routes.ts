/** Every page of the store. The client router and the server's not-found status both read this list. */
export const ROUTES = {
  home: '/',
  shop: '/shop',
  signInSignUp: '/signin-signup',
  /** The page a password-reset email links to: choose a new password. */
  resetPassword: '/reset-password',
  paymentSuccess: '/payment-success',
  aboutUs: '/information/about-us',
  privacyPolicy: '/information/privacy-policy',
  refundPolicy: '/information/refund-policy',
  termsOfService: '/information/terms-of-service',
  orders: '/account/orders',
  /** The player's whole gem statement: every move of their gems, a page at a time. */
  gemStatement: '/account/gem-statement',
  /** The daily gift's calendar: claim today's free gift. */
  rewards: '/rewards',
  /** The player's monthly spending limit. */
  limits: '/account/limits',
  /** The player's data: download it, or ask for the account's deletion. */
  privacy: '/account/your-data',
  /** The page a guardian's consent email links to. */
  guardianConsent: '/guardian-consent',
  support: '/support',
  /** Support's offers and promo codes. */
  supportOffers: '/support/offers',
  /** Support's disputes queue; ?order=<order id> opens one dispute's evidence pack. */
  supportDisputes: '/support/disputes',
  /** Support's daily gifts: a day's claims, who shares an address or a browser, and the calendar. */
  supportDailyGifts: '/support/daily-gifts',
  /** The gem pack catalogue: the draft, its preview and changes, Publish, and the versions published. */
  supportCatalogue: '/support/catalogue',
  /** Creators' codes, their changes, and a month's earnings with its payout CSV. */
  supportCreators: '/support/creators',
  /** The risk rules every payment is judged by, and their changes. */
  supportRisk: '/support/risk',
  /** Requests about players' data: deletions with their 30-day clock, and archives made. */
  supportPrivacy: '/support/privacy',
  /** The operators' overview: revenue, the funnel, rates and players' page speed. */
  supportOverview: '/support/overview',
} as const;

/** A receipt: /account/orders/<order id>. */
export const RECEIPT_ROUTE = `${ROUTES.orders}/:orderId`;
export const receiptPath = (orderId: string) => `${ROUTES.orders}/${encodeURIComponent(orderId)}`;

/** Support's page of one order: /support/orders/<order id>. */
export const SUPPORT_ORDER_ROUTE = `${ROUTES.support}/orders/:orderId`;
export const supportOrderPath = (orderId: string) => `${ROUTES.support}/orders/${encodeURIComponent(orderId)}`;

/**
 * The pages the build renders to HTML ahead of time (the same for every visitor who is not signed in), each
 * with its file; any other address, or one of these with a query, gets the plain page and renders in the
 * browser. NOT_FOUND_PAGE is what an unknown address shows.
 */
export const NOT_FOUND_PAGE = '(not found)';
export const PRERENDERED_PAGES: Record<string, string> = {
  [ROUTES.home]: 'home.html',
  [ROUTES.shop]: 'shop.html',
  [ROUTES.signInSignUp]: 'signin-signup.html',
  [ROUTES.aboutUs]: 'about-us.html',
  [ROUTES.privacyPolicy]: 'privacy-policy.html',
  [ROUTES.refundPolicy]: 'refund-policy.html',
  [ROUTES.termsOfService]: 'terms-of-service.html',
  [NOT_FOUND_PAGE]: 'not-found.html',
};

/** The query parameters the store's own pages read. */
export const ITEM_PARAM = 'item';
/** The moment (ms) the console's preview of the draft shows the shelf at. */
export const PREVIEW_AT_PARAM = 'at';

/** Pack ids are short whole numbers; text of any other shape (in `item`, say) names no pack. */
export function isPackIdText(text: string): boolean {
  return /^\d{1,4}$/.test(text);
}

/** /payment-success?order=<id>: the order the page confirms. */
export const ORDER_PARAM = 'order';
/** /support/disputes?order=<id>: the dispute whose evidence pack is open. */
export const DISPUTE_ORDER_PARAM = 'order';
/** /shop?item=<pack>&cancelled=<id>: the provider's cancel link, back to the pack. */
export const CANCELLED_ORDER_PARAM = 'cancelled';

/** /reset-password?oobCode=<code>: the one-time code Firebase Auth issued for the reset. */
export const RESET_CODE_PARAM = 'oobCode';
export const resetPasswordPath = (code: string) => `${ROUTES.resetPassword}?${RESET_CODE_PARAM}=${encodeURIComponent(code)}`;

/** /guardian-consent?request=…&expires=…&signature=…: the link a guardian's consent email carries. */
export const CONSENT_PARAMS = { request: 'request', expires: 'expires', signature: 'signature' } as const;

export const shopItemPath = (packId: number | string) => `${ROUTES.shop}?${ITEM_PARAM}=${packId}`;
export const signInForItemPath = (packId: number | string) => `${ROUTES.signInSignUp}?${ITEM_PARAM}=${packId}`;
export const paymentSuccessPath = (orderId: string) =>
  `${ROUTES.paymentSuccess}?${ORDER_PARAM}=${encodeURIComponent(orderId)}`;

export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];

const knownPaths = new Set<string>(Object.values(ROUTES));

/**
 * The route a path (without query, trailing slash ignored) is a page of: the path itself for a fixed page,
 * RECEIPT_ROUTE or SUPPORT_ORDER_ROUTE for one order's page; null for no page of the store.
 */
export function routeOf(pathname: string): string | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (knownPaths.has(trimmed)) return trimmed;
  if (/^\/account\/orders\/[^/]+$/.test(trimmed)) return RECEIPT_ROUTE;
  if (/^\/support\/orders\/[^/]+$/.test(trimmed)) return SUPPORT_ORDER_ROUTE;
  return null;
}

/** True when the path (without query, trailing slash ignored) is one of the store's pages. */
export const isKnownPage = (pathname: string): boolean => routeOf(pathname) !== null;
