/**
 * The API's paths as both sides know them (the shapes of what goes in and comes out are in this folder, one file an
 * area). The server mounts API_ROUTES under API_BASE; the client calls apiPath(...).
 */
export const API_BASE = '/api';

export const API_ROUTES = {
  health: '/health',
  /** Readiness: Firestore answers and the instance is not stopping (Cloud Run's startup probe). */
  ready: '/health/ready',
  countries: '/countries',
  /** The player's monthly spending limit, and this month's spending against it. */
  spendingLimit: '/account/limits',
  /** The date of birth, given once. */
  birthDate: '/account/birth-date',
  /** A player under 13 asks a guardian for consent (the store emails them a signed link). */
  guardianConsentRequest: '/account/guardian-consent',
  /** The daily gift: the calendar and where the player stands (GET), and today's claim (POST). */
  dailyGift: '/rewards/daily-gift',
  /** The payment details the player asked the store to remember: read, change (PUT) and forget (DELETE). */
  billingDetails: '/account/billing-details',
  /** The guardian's page: what they consent to (GET), and their consent (POST). */
  guardianConsent: '/guardian-consent',
  /** The player's statement: every move of their gems, newest first, a page at a time (?before=cursor), and all of it as CSV. */
  gemStatement: '/account/gem-statement',
  gemStatementCsv: '/account/gem-statement.csv',
  /** The player's data (shared/privacy): their deletion request and today's downloads (GET). */
  privacy: '/account/privacy',
  /** The archive of everything the store holds about an account (a zip, streamed): the player's own uid only. */
  dataArchive: '/players/:uid/data-archive',
  /** Asks for the account's deletion (POST, with a sign-in made in the last minutes), or withdraws it (DELETE). */
  accountDeletion: '/account/deletion',
  /** Emails a link to choose a new password, through the store's own mail. */
  passwordReset: '/account/password-reset',
  payments: '/payments',
  /** The running public offers the player may have (a visitor: every one). */
  offers: '/offers',
  /** What a promo code adds to a pack, before Submit. */
  promoCode: '/offers/code',
  /** The player's open unpaid orders, wherever they were started. */
  openOrders: '/payments/open',
  /** Where the store places the player's connection, for the payment form's note on international fees. */
  buyerCountry: '/payments/country',
  paymentReturn: '/payments/return',
  reconcile: '/transactions/reconcile',
  order: '/orders/:orderId',
  orderCheck: '/orders/:orderId/check',
  orderCancel: '/orders/:orderId/cancel',
  orderRefund: '/orders/:orderId/refund',
  supportHealth: '/support/health',
  supportOrders: '/support/orders',
  supportOrder: '/support/orders/:orderId',
  supportOrderCheck: '/support/orders/:orderId/check',
  supportOrderCredit: '/support/orders/:orderId/credit',
  supportRefunds: '/support/refunds',
  supportRefundApprove: '/support/refunds/:orderId/approve',
  supportRefundDecline: '/support/refunds/:orderId/decline',
  supportDisputes: '/support/disputes',
  /** GET: the dispute and its evidence pack; POST: a dispute recorded by hand (RecordDisputeRequest). */
  supportDispute: '/support/disputes/:orderId',
  supportDisputeAccept: '/support/disputes/:orderId/accept',
  supportDisputeEvidenceSent: '/support/disputes/:orderId/evidence-sent',
  supportDisputeWriteOff: '/support/disputes/:orderId/write-off',
  /** The game's events that need attention (undelivered for GAME_WEBHOOK_GIVE_UP_MS, or refused). */
  supportGameEvents: '/support/game-events',
  /** The operators' overview: revenue, the funnel, rates and players' page speed (OverviewResponse). */
  supportOverview: '/support/overview',
  /** The card schemes' and AusPayNet's ratios by month and quarter, and what the risk rules did (SchemeRates). */
  supportOverviewSchemes: '/support/overview/schemes',
  /** Field speed and funnel events from players' browsers (RumBeacon), by navigator.sendBeacon. */
  rum: '/rum',
  supportGameEventResend: '/support/game-events/:eventId/resend',
  /** A player's statement, as the player reads it (?before=cursor), for staff. */
  supportPlayerStatement: '/support/players/:uid/gem-statement',
  /** Every request about a player's data (GET), and a request a player made by email, recorded by staff (POST). */
  supportPrivacyRequests: '/support/privacy-requests',
  /** Carries out an open deletion: refused, with why, while something holds it back. */
  supportDeletionCarryOut: '/support/privacy-requests/:requestId/carry-out',
  /** A player's archive, for one who asked by email (?note=how they were checked). */
  supportPlayerDataArchive: '/support/players/:uid/data-archive',
  /** Creators' codes (staff): the list and the audit (GET), one created or changed (PUT /support/creators/:code). */
  supportCreators: '/support/creators',
  supportCreator: '/support/creators/:code',
  /** A month's earnings per creator (?month=yyyy-mm), and the same as the payout CSV. */
  supportCreatorEarnings: '/support/creator-earnings',
  supportCreatorPayouts: '/support/creator-payouts',
  /** May the game show a "buy on the web" link on this platform's storefront (?platform=ios&storefront=AU; anyone). */
  linkoutAllowed: '/linkout/allowed',
  /** The link-out switch (GET; PUT the storefronts per platform, audited). */
  supportLinkout: '/support/linkout',
  /** The month's link-out ledger as CSV (?month=yyyy-mm): orders paid within a day of a link-out. */
  supportLinkoutLedger: '/support/linkout/ledger',
  /** The risk decision's rules (GET; PUT the whole set, audited) and their last changes (RiskConsoleView). */
  supportRisk: '/support/risk',
  /** Clears a held or refused player (POST): nothing counted against them before now holds them. */
  supportPlayerRiskClear: '/support/players/:uid/risk-clear',
  supportOffers: '/support/offers',
  /** A day's gift claims, and the accounts that claimed from one address or browser (?date=yyyy-mm-dd). */
  supportDailyGifts: '/support/daily-gifts',
  /** The gift calendar's seven days (PUT). */
  supportGiftCalendar: '/support/daily-gift/calendar',
  supportOffer: '/support/offers/:offerId',
  supportOfferEnd: '/support/offers/:offerId/end',
  /** An experiment paused (nobody placed, no bonus) or resumed; audited. */
  supportOfferPause: '/support/offers/:offerId/pause',
  supportOfferResume: '/support/offers/:offerId/resume',
  /** Every offer run against a holdout, arm by arm with its intervals (ExperimentResultsResponse). */
  supportExperiments: '/support/experiments',
  /** The player's choice of tailored offers (GET, PUT { tailored }). */
  offerPreferences: '/offers/preferences',
  /** A gift for a friend: the player a tag names, if they can receive one (a masked name, never a uid or email). */
  giftRecipient: '/gifts/recipient',
  /** The shelf as published, at this moment (anyone). */
  catalogue: '/catalogue',
  /** An uploaded pack image, by the SHA-256 of its bytes (anyone; cached for good). */
  catalogueImage: '/pack-images/:imageId',
  /** The catalogue's published version, its draft, and what the draft changes (staff). */
  supportCatalogue: '/support/catalogue',
  /** Saves the draft (PUT, staff). */
  supportCatalogueDraft: '/support/catalogue/draft',
  /** Publishes the draft as the next version (staff). */
  supportCataloguePublish: '/support/catalogue/publish',
  /** Puts a published version's packs back in the draft (staff). */
  supportCatalogueRestore: '/support/catalogue/versions/:version/restore',
  /** Uploads a pack image (staff): its bytes as the body, with their content type. */
  supportCatalogueImages: '/support/catalogue/images',
  metrics: '/metrics',
  /** "Sign in with the game": the store starts a session and shows its code (anyone). */
  linkSessions: '/link/sessions',
  /** The browser that showed the code takes the confirmed sign-in up with its verifier (anyone holding it). */
  linkRedeem: '/link/sessions/:sessionId/redeem',
  /** The signed-in game asks what a code would sign in, to show its player before they confirm. */
  linkPreview: '/link/preview',
  /** The signed-in game confirms a code for its account. */
  linkConfirm: '/link/confirm',
  /** The game's server lists a game account's store sessions (signed as the store's events are: docs/game-integration.md). */
  gameStoreSessions: '/game/store-sessions/list',
  /** The game's server ends one of a game account's store sessions, or all of them. */
  gameStoreSessionsEnd: '/game/store-sessions/end',
  /** The game's server tells the store of gems a player spent in the game (src/shared/gameBooks.ts). */
  gameGemsSpent: '/game/gems/spent',
  gatewayCallback: '/gateway/callback',
  /** One bounded pass of background work, for Cloud Scheduler. */
  jobSweep: '/jobs/sweep',
  jobMail: '/jobs/mail',
  jobGameEvents: '/jobs/game-events',
  /** The nightly check of the books (?date=yyyy-mm-dd; yesterday in the store's time zone by default). */
  jobBooks: '/jobs/books',
} as const;

export type ApiRoute = (typeof API_ROUTES)[keyof typeof API_ROUTES];

/** The full path of a route, with its :parameters filled in (encoded). */
export function apiPath(route: ApiRoute, parameters: Record<string, string> = {}): string {
  return `${API_BASE}${route.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(parameters[name] ?? ''))}`;
}

/** GET /api/support/orders?q=<order number, player email, uid or player tag> */
export const SUPPORT_SEARCH_PARAM = 'q';
