/** Where things live in Firestore (docs/storefront.md, Data, and the after-sale ones); the API, the client's listeners and the rules tests all read these. */
export const COLLECTIONS = {
  users: 'users',
  transactions: 'transactions',
  successfulTransactions: 'successful_transactions',
  /** refund_requests/{orderId}: one per order. */
  refundRequests: 'refund_requests',
  /** mail_outbox/{kind-orderId}: emails the server owes, written in the commit that owes them. */
  mailOutbox: 'mail_outbox',
  /** Rejected provider callbacks (bad signature, unknown order, wrong amount), for support's health view. */
  callbackRejections: 'callback_rejections',
  /** staff/{uid}: who is support staff, written by the role command; the rules and the API check it beside the claim. */
  staff: 'staff',
  /** staff_actions/{eventId}: which staff member did what, kept apart from the order's history that its player reads. */
  staffActions: 'staff_actions',
  /** open_order_slots/{uid}: the places a player's payments under way hold, so the open-order cap holds across instances. */
  openOrderSlots: 'open_order_slots',
  /**
   * player_protections/{uid}: the player's monthly spending limit (and what a guardian set); the player reads
   * their own, only the server writes it.
   */
  playerProtections: 'player_protections',
  /** guardian_consent_requests/{requestId}: a player's request for a guardian's consent; only the server reads it. */
  guardianConsentRequests: 'guardian_consent_requests',
  /**
   * offers/{id}: the store's offers (first-purchase, time-boxed, promo codes). Players read the active public
   * ones; a promo code is never readable; only the server writes.
   */
  offers: 'offers',
  /** first_purchase_bonuses/{uid}: the order that was credited the player's one first-purchase bonus, written in its credit. */
  firstPurchaseBonuses: 'first_purchase_bonuses',
  /** password_reset_requests/{id}: an address a reset email was asked for, until the email is written (TTL). */
  passwordResetRequests: 'password_reset_requests',
  /** rate_limits/{key}: request counts per window, shared by every instance (the payment limit). */
  rateLimits: 'rate_limits',
  /** The server's own notes on how it runs (operations/{name}, below). */
  operations: 'operations',
  /** link_sessions/{sessionId}: a "Sign in with the game" the store started (TTL), with its code, verifier hash and game account; only the server reads it. */
  linkSessions: 'link_sessions',
  /**
   * store_sessions/{sessionUid}: a browser's store session made from a game code (src/shared/storeSession.ts): whose game
   * account, when it ends, and whether the game confirmed it for personal data. The API and the rules ask it on every
   * request: ended or expired, the session reaches nothing.
   */
  storeSessions: 'store_sessions',
  /**
   * link_signals/{sessionId}: what the browser that started a session may read of it, its state and expiry (TTL).
   * Anyone holding the session's long random id (only that browser) may read it, to hear the game's confirmation at
   * once; only the server writes, in the commits that move the session.
   */
  linkSignals: 'link_signals',
  /** link_codes/{code}: which session a code shown now names (TTL); only the server reads it. */
  linkCodes: 'link_codes',
  /** provider_events/{eventId}: each provider notice applied, written in the commit of its effect (TTL); only the server reads it. */
  providerEvents: 'provider_events',
  /**
   * disputes/{orderId}: a chargeback the player's bank raised on a paid order, at most one per order. Only the server
   * reads and writes it: the player reads the order's summary of it, support the console's API.
   */
  disputes: 'disputes',
  /**
   * game_events/{eventId}: what the game's own server is told of a player's gems, written in the commit that moves
   * them, and its delivery (tries, last answer); only the server reads and writes it.
   */
  gameEvents: 'game_events',
  /** stats_daily/{yyyy-mm-dd}: the day's counts, incremented in the commits that change orders (the operators' overview). */
  statsDaily: 'stats_daily',
  /**
   * funnel_daily/{yyyy-mm-dd}: the day's funnel steps from the players' beacons. Apart from stats_daily, so anonymous
   * traffic never writes the document an order's commit writes.
   */
  funnelDaily: 'funnel_daily',
  /** rum_daily/{yyyy-mm-dd}~{page}~{device}: the day's field speed histograms of one page and device class. */
  rumDaily: 'rum_daily',
  /** player_tags/{tag}: the accounts a player tag names, for support's search; only the server reads it. */
  playerTags: 'player_tags',
  /**
   * billing_profiles/{uid}: the payment form's nine fields a player asked the store to remember (never a card
   * number); the player reads their own, only the server writes it, and it goes when they forget it (TTL: 24 months
   * after their last purchase with it).
   */
  billingProfiles: 'billing_profiles',
  /**
   * daily_gift_claims/{uid}~{yyyy-mm-dd}: a player's daily gift of a store day, created once in the commit that gives
   * its gems (so a day can never give two); only the server reads and writes it.
   */
  dailyGiftClaims: 'daily_gift_claims',
  /** daily_gift_players/{uid}: where a player stands on the gift calendar (their last step and day). */
  dailyGiftPlayers: 'daily_gift_players',
  /** daily_gift_devices/{yyyy-mm-dd}~{device key}: the one claim a browser made that day (TTL). */
  dailyGiftDevices: 'daily_gift_devices',
  /** daily_gift_addresses/{yyyy-mm-dd}~{address key}: the claims made from one address that day (TTL). */
  dailyGiftAddresses: 'daily_gift_addresses',
  /** store_settings/{name}: what staff set for the whole store (the gift calendar: store_settings/daily_gift). */
  storeSettings: 'store_settings',
  /** catalogue/published and catalogue/draft: the packs players are sold, and what staff edit (../server/catalogue). */
  catalogue: 'catalogue',
  /** catalogue_versions/{version}: every published version, who published it, when and what it changed (the audit). */
  catalogueVersions: 'catalogue_versions',
  /** books_checks/{yyyy-mm-dd}: the nightly check of the books for that store day (shared/booksCheck.ts). */
  booksChecks: 'books_checks',
  /** catalogue_images/{sha256}: an uploaded pack image's bytes and type, served from the store's origin. */
  catalogueImages: 'catalogue_images',
  /**
   * risk_activity/{key}~{yyyy-mm-dd}: what the risk rules count against one account, browser or address (a keyed hash,
   * server/risk/riskKeys) in a UTC day: payments started, declined, paid, with the card's brand and last four (TTL: 2 days).
   */
  riskActivity: 'risk_activity',
  /** creators/{code}: a creator's code (shared/creators); only the server reads it. */
  creators: 'creators',
  /** creator_changes/{id}: every change of a creator's code, who and when, before and after (the audit). */
  creatorChanges: 'creator_changes',
  /** risk_holds/{key}: a refusal's cooling period on an account, browser or address (TTL at its end). */
  riskHolds: 'risk_holds',
  /** risk_clearances/{uid}: when staff cleared a held player, and who: nothing counted before it holds them. */
  riskClearances: 'risk_clearances',
  /** risk_rules/current: the rules of the risk decision staff set (shared/risk/riskRules), and risk_rules/current/audit/{id}: every change. */
  riskRules: 'risk_rules',
  /** offer_preferences/{uid}: whether the player opted out of tailored offers (they get the default offer). */
  offerPreferences: 'offer_preferences',
  /** experiment_players/{offerId}~{uid}: a player's first sight of an experiment's arm (shared/offers/experiment), once. */
  experimentPlayers: 'experiment_players',
  /**
   * privacy_requests/{id}: a player's requests about their data (shared/privacy): each archive made, and a deletion
   * (deletion-{uid}) open until carried out; only the server reads and writes them.
   */
  privacyRequests: 'privacy_requests',
} as const;

/** catalogue/{name}: the published catalogue and the draft. */
export const CATALOGUE_DOCS = { published: 'published', draft: 'draft' } as const;

/** operations/{name}: the last sweep pass, and when the open orders older than the sweep's watch were put under it. */
export const OPERATIONS = { sweep: 'sweep', watchAdoption: 'watch-adoption' } as const;

/** store_settings/daily_gift: the gift calendar staff set. */
export const GIFT_CALENDAR_SETTING = 'daily_gift';

/** player_protections/{uid}/events/{eventId}: every change of a player's protections. */
export const PROTECTION_EVENTS = 'events';

/** offers/{id}/audit/{entryId}: every change of an offer; offers/{id}/uses/{uid}: a player's uses of a promo code. */
export const OFFER_AUDIT = 'audit';
export const OFFER_USES = 'uses';

/** transactions/{orderId}/events/{eventId}: an order's history. */
export const ORDER_EVENTS = 'events';

/** users/{uid}/gem_ledger/{entryId}: every move of the player's gems (shared/ledger.ts); only the server reads and writes it. */
export const GEM_LEDGER = 'gem_ledger';

export const userPath = (uid: string) => `${COLLECTIONS.users}/${uid}`;
export const gemLedgerPath = (uid: string) => `${userPath(uid)}/${GEM_LEDGER}`;
export const transactionPath = (orderId: string) => `${COLLECTIONS.transactions}/${orderId}`;
export const playerProtectionsPath = (uid: string) => `${COLLECTIONS.playerProtections}/${uid}`;
export const linkSignalPath = (sessionId: string) => `${COLLECTIONS.linkSignals}/${sessionId}`;
export const orderEventsPath = (orderId: string) => `${transactionPath(orderId)}/${ORDER_EVENTS}`;
export const refundRequestPath = (orderId: string) => `${COLLECTIONS.refundRequests}/${orderId}`;
