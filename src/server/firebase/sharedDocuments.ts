import { COLLECTIONS, OFFER_AUDIT, OFFER_USES } from '../../shared/firestorePaths';

/**
 * Which documents one player's (or one order's, one event's) requests alone write, so that a peak of many players
 * spreads over as many documents. Every other document is shared: the day's counts and field speed, an offer and its
 * cap, an address's rate limit, the sweep's notes. A collection added later counts as shared until it is named here,
 * so the write meter never hides a new hot document.
 */
const OWN_COLLECTIONS = new Set<string>([
  COLLECTIONS.users,
  COLLECTIONS.transactions,
  COLLECTIONS.successfulTransactions,
  COLLECTIONS.refundRequests,
  COLLECTIONS.mailOutbox,
  COLLECTIONS.callbackRejections,
  COLLECTIONS.staff,
  COLLECTIONS.staffActions,
  COLLECTIONS.openOrderSlots,
  COLLECTIONS.playerProtections,
  COLLECTIONS.guardianConsentRequests,
  COLLECTIONS.firstPurchaseBonuses,
  COLLECTIONS.passwordResetRequests,
  COLLECTIONS.linkSessions,
  COLLECTIONS.linkSignals,
  COLLECTIONS.linkCodes,
  COLLECTIONS.providerEvents,
  COLLECTIONS.disputes,
  COLLECTIONS.gameEvents,
  COLLECTIONS.playerTags,
  COLLECTIONS.billingProfiles,
  COLLECTIONS.dailyGiftClaims,
  COLLECTIONS.dailyGiftPlayers,
  COLLECTIONS.dailyGiftDevices,
  COLLECTIONS.riskClearances,
]);

/** A risk count or hold of one account or one browser (server/risk/riskKeys); an address's is shared by everyone behind it. */
const OWN_RISK_KEY = /^(?:player|browser)-/;

/** A rate limit's counter keyed by a player (`uid:`, `promo-uid:`, `link-uid:`, `link-ip-uid:`) or a guardian's mailbox. */
const OWN_RATE_LIMIT = /^(?:[a-z-]*uid%3A|consent-mail:)/;

/** Whether the document at `path` is written on behalf of many players (see OWN_COLLECTIONS). */
export function isSharedDocument(path: string): boolean {
  const [collection, id, subcollection] = path.split('/');
  if (OWN_COLLECTIONS.has(collection!)) return false;
  // An offer's audit entries and each player's uses of a code are their own; the offer and its cap shards are shared.
  if (collection === COLLECTIONS.offers && (subcollection === OFFER_AUDIT || subcollection === OFFER_USES)) return false;
  if (collection === COLLECTIONS.rateLimits && OWN_RATE_LIMIT.test(id ?? '')) return false;
  if ((collection === COLLECTIONS.riskActivity || collection === COLLECTIONS.riskHolds) && OWN_RISK_KEY.test(id ?? '')) return false;
  return true;
}
