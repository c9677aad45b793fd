/**
 * 3-D Secure, as the provider's protocol carries it (docs/storefront.md, The card provider's protocol): the store asks
 * for it with `three_ds=challenge` in a payment request; the provider's signed return, callback and query answer say
 * how it went in `three_ds` (optional like `pay_method`: a provider that never sends it is read as not asked).
 */
export const THREE_DS_OUTCOMES = ['authenticated', 'attempted', 'failed', 'not_asked'] as const;
export type ThreeDSecureOutcome = (typeof THREE_DS_OUTCOMES)[number];

/** What a payment request sends to ask for a challenge. */
export const THREE_DS_CHALLENGE = 'challenge';

/** A `three_ds` word as the store keeps it, or null for anything else (never stored). */
export const threeDSecureOrNull = (word: string | undefined | null): ThreeDSecureOutcome | null =>
  (THREE_DS_OUTCOMES as readonly string[]).includes(word ?? '') ? (word as ThreeDSecureOutcome) : null;

/** Authenticated or attempted: the card's bank, not the store, bears a fraud chargeback (the liability shift). */
export const shiftsLiability = (outcome: ThreeDSecureOutcome | null | undefined) => outcome === 'authenticated' || outcome === 'attempted';

/** Support's and the evidence pack's words for an outcome. */
export const threeDSecureText: Record<ThreeDSecureOutcome, string> = {
  authenticated: 'authenticated (the cardholder confirmed it with their bank; liability shifted to the card’s bank)',
  attempted: 'attempted (the card’s bank does not take part; liability shifted to it)',
  failed: 'failed (the cardholder could not confirm it; not paid)',
  not_asked: 'not asked',
};

/** What the player reads of an order whose 3-D Secure check failed. */
export const THREE_DS_FAILED_TEXT = 'Your bank could not confirm this payment was yours (3-D Secure), so it was not taken. You have not been charged.';
