/**
 * A dispute of a paid order with the player's bank (a chargeback), written once for both sides like the order and
 * refund machines (drawn in docs/payment-state-machine.md). disputes/{orderId}: one per order, through its rounds.
 *
 *   opened ──support: evidence sent──► evidence_submitted ──provider: won──► won
 *     │                                        ├────────────provider: lost──► lost
 *     │                                        └──────────support: accept──► accepted
 *     ├──provider: won──► won          ├──provider: lost──► lost          └──support: accept──► accepted
 *   won ──provider: a second dispute or a pre-arbitration──► opened (a new round)
 *   won ──provider: lost after all──► lost (a new round)       lost ──provider: won on arbitration──► won
 *
 * `opened` takes the order's gems back (a debt for what the balance no longer holds, never a negative balance) and
 * pauses the player's buying; `won` gives them back and lifts the pause; `lost` and `accepted` are a chargeback:
 * the money went back to the card, the order reads "Charged back" and its tax invoice gets an adjustment note. The
 * bank may move money again after an end: each such stage has its arrow; a notice no arrow takes is recorded on the
 * dispute for support, never dropped.
 */
export const DISPUTE_STATUSES = ['opened', 'evidence_submitted', 'won', 'lost', 'accepted'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** Which status may follow which. Nothing else moves a dispute. */
export const DISPUTE_TRANSITIONS: Readonly<Record<DisputeStatus, readonly DisputeStatus[]>> = {
  opened: ['evidence_submitted', 'won', 'lost', 'accepted'],
  evidence_submitted: ['won', 'lost', 'accepted'],
  won: ['opened', 'lost'],
  lost: ['won'],
  accepted: [],
};

export const canMoveDispute = (from: DisputeStatus, to: DisputeStatus) => DISPUTE_TRANSITIONS[from].includes(to);

/** Still with the bank: the player's buying is paused while any of theirs is. */
export const isDisputeOpen = (status: DisputeStatus) => status === 'opened' || status === 'evidence_submitted';

/** A dispute that stops a refund: open, or decided against the store (the bank returned the money). Only a won one does not. */
export const isDisputedNow = (dispute: { status: DisputeStatus } | null | undefined) => Boolean(dispute && dispute.status !== 'won');

/** The money went back to the card for good. */
export const isChargedBack = (status: DisputeStatus) => status === 'lost' || status === 'accepted';

export function isDisputeStatus(value: unknown): value is DisputeStatus {
  return typeof value === 'string' && (DISPUTE_STATUSES as readonly string[]).includes(value);
}

/** The stages a provider's dispute notice names. */
export const DISPUTE_STAGES = ['opened', 'won', 'lost'] as const;
export type DisputeStage = (typeof DISPUTE_STAGES)[number];

/**
 * The card schemes' marks a month's dispute rate is read against: Visa's dispute and fraud monitoring acts at
 * 1.5 % of transactions; Australia's card fraud rules ask for stronger checks past 0.2 % (and A$50k a quarter).
 */
export const DISPUTE_RATE_MARKS = { monitoring: 0.015, strongerChecks: 0.002 } as const;

/** What the player reads of a dispute, wherever the order shows. */
export const disputeTexts = {
  disputed: 'Disputed with your bank',
  chargedBack: 'Charged back',
  paused: (supportEmail: string) => `Buying is paused while your bank reviews a payment. Questions? Write to ${supportEmail}.`,
  adjustment: 'This payment was charged back through your bank, and the gems it gave were taken back.',
  underReview: 'Your bank is reviewing this payment. Its gems are taken back while the bank decides, and come back if it finds the payment stands.',
} as const;

/** Who reported a dispute: the provider's signed notice, or support by hand (a provider that reports only in its dashboard). */
export type DisputeReporter = 'provider' | 'support';

/** Common card-scheme reason codes, in support's words; any other is shown as it came. */
export const DISPUTE_REASONS: Readonly<Record<string, string>> = {
  '10.4': 'Fraud: card absent (Visa)',
  '10.5': 'Fraud monitoring programme (Visa)',
  '11.3': 'No authorisation (Visa)',
  '12.6': 'Duplicate processing (Visa)',
  '13.1': 'Not received (Visa)',
  '13.3': 'Not as described (Visa)',
  '13.6': 'Credit not processed (Visa)',
  '4837': 'No cardholder authorisation (Mastercard)',
  '4853': 'Cardholder dispute (Mastercard)',
  '4855': 'Goods or services not provided (Mastercard)',
};

export const disputeReasonText = (code: string) => DISPUTE_REASONS[code] ?? `Reason code ${code}`;

/**
 * The card schemes' fraud reason codes: Visa's fraud category (10.x), Mastercard's fraud codes, American Express's
 * fraud codes. A dispute under one is fraud-coded: what the schemes' fraud ratios and AusPayNet's fraud losses count.
 */
const FRAUD_REASON_CODES = new Set(['10.1', '10.2', '10.3', '10.4', '10.5', '4837', '4840', '4849', '4863', '4870', '4871', 'F24', 'F29', 'FR2', 'FR4', 'FR6']);
export const isFraudReason = (code: string) => FRAUD_REASON_CODES.has(code);

/** A dispute as support's console shows it (GET /api/support/disputes, and on its order). */
export interface DisputeView {
  orderId: string;
  userId: string;
  status: DisputeStatus;
  reasonCode: string;
  /** As the gateway takes it: "45.99". */
  amount: string;
  currency: string;
  /** The last moment the provider accepts evidence (ms); null once decided or when not given. */
  evidenceDueAt: number | null;
  openedAt: number;
  updatedAt: number;
  decidedAt: number | null;
  reportedBy: DisputeReporter;
  /** The provider's id of the dispute, when it sent one. */
  providerDisputeId: string | null;
  /** Gems taken from the balance when it opened, and owed as debt for what the balance no longer held. */
  gemsTaken: number;
  debtAdded: number;
  /** A gift's: of gemsTaken, what came from its recipient's balance; the rest, and the debt, are its payer's. */
  recipientTaken?: number;
  /** Of debtAdded, the gems support wrote off (forgiven for good); absent on a dispute never written off. */
  debtWrittenOff?: number;
  /** How many write-offs made debtWrittenOff, this round (absent: one if any was written off): each is its own move of gems. */
  writeOffs?: number;
  evidenceSentAt: number | null;
  /** Which round: 1, then one more each time the bank takes the money again after the store won (absent: 1). */
  round?: number;
  /** Notices the machine could not apply (a second dispute while one is open, a stage after support accepted), for support. */
  unapplied?: UnappliedDisputeNotice[];
}

/** A provider's dispute notice no arrow of the machine takes: kept on the dispute and shown to support. */
export interface UnappliedDisputeNotice {
  at: number;
  stage: DisputeStage;
  providerDisputeId: string | null;
  why: string;
}

/** POST /api/support/disputes/:orderId (support records a dispute the provider reported only in its dashboard). */
export interface RecordDisputeRequest {
  stage: DisputeStage;
  reasonCode: string;
  /** yyyy-mm-dd in the store's time zone, for an opened dispute: the evidence deadline the dashboard shows. */
  evidenceDue?: string;
}

/** This month's disputes against the card schemes' marks (support's health panel, /api/metrics). */
export interface DisputeRate {
  /** yyyy-mm in the store's time zone. */
  month: string;
  disputes: number;
  /** Orders paid this month: the transactions the rate is counted against. */
  paidOrders: number;
  /** disputes / paidOrders, 0 with no paid order. */
  rate: number;
}

export const disputeRateOf = (disputes: number, paidOrders: number) => (paidOrders === 0 ? 0 : disputes / paidOrders);

/**
 * The dispute as its order carries it (transactions/{orderId}.dispute), with the gems it holds: the refund's commits
 * read it there, so a refund and a dispute never take the gems twice.
 */
export interface OrderDispute {
  status: DisputeStatus;
  openedAt: number;
  decidedAt?: number;
  /** Gems taken from the balance, and owed as debt, when it opened; a refund that failed meanwhile hands its gems over here. */
  gemsTaken: number;
  debtAdded: number;
  /** A gift's: of gemsTaken, what came from its recipient's balance (never a debt); the rest, and the debt, are its payer's. */
  recipientTaken?: number;
}
