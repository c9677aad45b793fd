import type { SalesCountries, TaxTreatment } from './tax/taxTreatment';
import { GIFT_REFUSAL_REASONS } from './dailyGift/giftRefusals';
import type { OrderView } from './orders/orderView';
import type { RefundStanding } from './refunds/refundRequest';
import type { LinkPurpose } from './gameSignIn/linkSession';
import type { RefundRequestBody } from './validation/refundRequest';
import type { PaymentFormData } from './validation/paymentForm';
import type { ProtectionsView } from './protections/playerProtections';
import type { SpendingLimitFormData } from './validation/spendingLimit';
import type { GemsGiven, Offer, PublicOffer } from './offers/offer';
import type { OfferAuditEntry } from './offers/offerAudit';
import type { OfferFormData } from './validation/offer';
import type { GemPack, Shelf } from './catalogue';
import { CATALOGUE_REFUSAL_REASONS } from './catalogueRefusals';
import type { PackForm } from './validation/catalogue';

/**
 * The payments API as both sides know it: every path, and the shape of what goes in and comes out.
 * The server mounts API_ROUTES under API_BASE; the client calls apiPath(...).
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
  /** Field speed and funnel events from players' browsers (RumBeacon), by navigator.sendBeacon. */
  rum: '/rum',
  supportGameEventResend: '/support/game-events/:eventId/resend',
  /** A player's statement, as the player reads it (?before=cursor), for staff. */
  supportPlayerStatement: '/support/players/:uid/gem-statement',
  supportOffers: '/support/offers',
  /** A day's gift claims, and the accounts that claimed from one address or browser (?date=yyyy-mm-dd). */
  supportDailyGifts: '/support/daily-gifts',
  /** The gift calendar's seven days (PUT). */
  supportGiftCalendar: '/support/daily-gift/calendar',
  supportOffer: '/support/offers/:offerId',
  supportOfferEnd: '/support/offers/:offerId/end',
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

/**
 * POST /api/payments. `openOrdersSeen`: the open unpaid orders the player was asked about (or started in
 * this tab). When it is given and the player has another, nothing starts: the answer is 409 with `openOrders`,
 * so the store asks before a second payable order, wherever the first was started.
 */
export type StartPaymentRequest = { packId: number; openOrdersSeen?: string[]; promoCode?: string; priceCents?: number } & PaymentFormData;
export interface StartPaymentResponse {
  orderId: string;
  checkoutUrl: string;
  /** What the order gives as recorded, its bonus included, so every screen shows the order's figure from the start. */
  gives: GemsGiven;
  /** The pack as the order sold it (its title, and its amount as the provider charges it): what its paid card shows. */
  soldAs: SoldAs;
}

/** A pack as an order sold it, whatever the catalogue says of it since. */
export interface SoldAs {
  title: string;
  amount: string;
}

/** One of the player's open unpaid orders: the player can resume its checkout, or leave it and start another. */
export interface OpenOrder {
  orderId: string;
  packId: number;
  createdAt: number;
  /** The provider's checkout of the order; null for orders recorded before the store kept it. */
  checkoutUrl: string | null;
  gives: GemsGiven;
}

/** GET /api/payments/country: the country of the request's address (null when unknown), and where the store sells. */
export interface BuyerCountryResponse {
  addressCountry: string | null;
  salesCountries: SalesCountries;
  /**
   * How a sale to this connection is taxed before a billing country is chosen (shared/tax/taxTreatment's expectedTax),
   * or null where the store does not sell: the shop's prices say it without carrying the rule.
   */
  treatmentHere: TaxTreatment | null;
}

/** GET /api/payments/open, newest first */
export interface OpenOrdersResponse {
  orders: OpenOrder[];
}

/**
 * POST /api/account/password-reset: answered 202 whether or not an account has the email, so the answer
 * never tells who has one.
 */
export interface PasswordResetRequest {
  email: string;
}

/** POST /api/account/limits: the new limit in dollars ("20", "20.50"), or "" for none. */
export type SpendingLimitRequest = SpendingLimitFormData;
/** GET and POST /api/account/limits, POST /api/account/birth-date and /api/account/guardian-consent */
export type SpendingLimitResponse = ProtectionsView;

/** GET and POST /api/guardian-consent: who asks, and to whom the link was sent. */
export interface ConsentPageFacts {
  playerEmail: string;
  guardianEmail: string;
  expiresAt: number;
  /** The guardian consented before and is asked for a new limit: the limit when the player asked. */
  limitChange: { monthlyLimitCents: number | null } | null;
}

/** GET /api/offers */
export interface OffersResponse {
  offers: PublicOffer[];
}

/** POST /api/offers/code */
export type PromoCodeRequest = { code: string; packId: number };
export interface PromoCodeResponse {
  /** The code as the store keeps it (upper case). */
  code: string;
  title: string;
  bonusGems: number;
}

/** GET /api/support/offers: every offer, and the zone its times are entered in. */
export interface SupportOffersResponse {
  offers: Offer[];
  timeZone: string;
  /** The published catalogue's packs (on the shelf or scheduled): those an offer may name. */
  packs: GemPack[];
}

/** GET /api/support/offers/:offerId */
export interface SupportOfferDetail {
  offer: Offer;
  audit: OfferAuditEntry[];
  timeZone: string;
}

/** POST /api/support/offers; PUT /api/support/offers/:offerId also names the change it was made from (`updatedAt`). */
export type OfferRequest = OfferFormData;
export type OfferUpdateRequest = OfferFormData & { updatedAt: number };

/** POST /api/payments/return (the provider's redirect parameters, as they came) */
export type PaymentReturnRequest = Record<string, string>;

/** POST /api/payments/return, GET /api/orders/:orderId, POST /api/orders/:orderId/check and /cancel */
export type OrderResponse = OrderView;

/** POST /api/transactions/reconcile */
export interface ReconcileResponse {
  checked: number;
  credited: number;
  orders: OrderView[];
}

/** GET and POST /api/orders/:orderId/refund */
export type RefundRequest = RefundRequestBody;
export type RefundResponse = RefundStanding;

/**
 * POST /api/link/sessions: the SHA-256 (base64url) of a verifier only the starting browser holds, and what the game is
 * asked to confirm: a sign-in (anyone), or that this browser's store session may reach the account's personal data
 * (sent by that session: src/shared/storeSession.ts).
 */
export interface StartLinkRequest {
  verifierHash: string;
  purpose?: LinkPurpose;
}
export interface StartLinkResponse {
  /** The session's long random id: its live state is link_sessions/{sessionId}. */
  sessionId: string;
  /** "K7Q2-M4XD" */
  code: string;
  /** How long the code works from now (the page counts down from its own clock). */
  expiresInMs: number;
  /** The deep link (GAME_LINK_URL) with the code filled in: the QR code's and "Open Wyrmcrown"'s. */
  gameLink: string;
}

/** POST /api/link/preview and /api/link/confirm, from the game with its player's Firebase ID token. */
export interface LinkCodeRequest {
  code: string;
}
/** What the game shows its player: what it is asked to confirm, and where and when that was started. */
export interface LinkCodeResponse {
  purpose: LinkPurpose;
  /** "Chrome on Android" */
  startedOn: string;
  startedAt: number;
  /** The country the code was shown in ("New Zealand"), where its address said; null where nobody can say. */
  startedIn: string | null;
}

/** POST /api/link/sessions/:sessionId/redeem */
export interface RedeemLinkRequest {
  verifier: string;
}
export interface RedeemLinkResponse {
  /** A Firebase custom token for the game account (signInWithCustomToken), good for an hour. */
  customToken: string;
  account: { uid: string; displayName: string | null; email: string | null };
}

/** GET /api/support/orders?q=<order number, player email, uid or player tag> */
export const SUPPORT_SEARCH_PARAM = 'q';
/** POST /api/support/refunds/:orderId/decline */
export interface DeclineRefundRequest {
  reason: string;
}

/** The reasons a refusal may name (ApiErrorBody.reason). */
export const API_REFUSAL_REASONS = [
  'openOrderCap',
  'spendingLimit',
  'birthDateNeeded',
  'guardianConsentNeeded',
  'disputePaused',
  'promoCode',
  'salesCountry',
  'notOnSale',
  'packLimit',
  'priceChanged',
  /** A store session asked for personal data the game has not confirmed it may reach (src/shared/storeSession.ts). */
  'confirmInGame',
  ...GIFT_REFUSAL_REASONS,
  ...CATALOGUE_REFUSAL_REASONS,
] as const;

/** Every error the API answers, with words meant for the player. */
export interface ApiErrorBody {
  error: string;
  /** POST /api/payments refused for open orders the player was not asked about (see StartPaymentRequest). */
  openOrders?: OpenOrder[];
  /**
   * Why POST /api/payments refused: the player has MAX_OPEN_ORDERS unpaid orders open, the order would pass
   * their monthly spending limit, or they may not buy yet (no date of birth; under 13 without consent); the
   * promo code cannot be used (also POST /api/offers/code), said under its field; the buyer is where the store does
   * not sell (SALES_COUNTRIES); a daily gift is claimed today already, not for this account yet, or by this browser or
   * address for others; the pack is not on the shelf, the player bought it as often as it allows, or its price
   * changed since the page showed it; a change to the catalogue was refused (../shared/catalogue's reasons).
   */
  reason?: (typeof API_REFUSAL_REASONS)[number];
}

/** GET /api/catalogue (and each page, embedded): the shelf now. */
export type ShelfResponse = Shelf;

/** One published version in the catalogue's history: who published it, when, and what it changed. */
export interface CatalogueVersionEntry {
  version: number;
  publishedAt: number | null;
  publishedBy: string | null;
  changes: string[];
}

/** GET /api/support/catalogue (and the answer of every change to it). */
export interface SupportCatalogueResponse {
  /** STORE_TIME_ZONE: the zone a pack's times are entered in. */
  timeZone: string;
  published: CatalogueVersionEntry & { packs: GemPack[] };
  /** The draft staff edit, as its form shows it; `revision` counts its saves. */
  draft: { revision: number; packs: PackForm[]; updatedAt: number | null; updatedBy: string | null };
  /** The draft's packs as the shop would show them, schedules aside (the console's preview). */
  draftShelf: GemPack[];
  /** What publishing the draft would change, one line a change; none when it matches the published version. */
  changes: string[];
  /** The published versions, newest first. */
  history: CatalogueVersionEntry[];
}

/** POST /api/support/catalogue/publish: the version and the draft's revision the staff member saw. */
export interface PublishCatalogueRequest {
  version: number;
  revision: number;
}

/** POST /api/support/catalogue/images: the name the uploaded image goes by in a pack's form. */
export interface UploadedImageResponse {
  image: string;
}
