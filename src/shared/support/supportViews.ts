import type { StatementLine } from '../ledger';
import type { BooksCheckReport } from '../booksCheck';
import type { DisputeRate, DisputeView } from '../disputes/dispute';
import type { GameEventReason, GameEventType } from '../gameEvents';
import type { ProtectionEvent } from '../protections/spendingLimit';
import type { PlayerProtections } from '../protections/playerProtections';
import type { AgeBand } from '../protections/age';
import type { OrderEvent } from '../orders/orderEvents';
import type { OrderView } from '../orders/orderView';
import type { RefundRequestView } from '../refunds/refundRequest';
import type { ReplyDue } from './replyDue';
import type { OrderTax } from '../tax/taxTreatment';
import type { RiskDecision } from '../risk/riskRules';
import type { ThreeDSecureOutcome } from '../risk/threeDSecure';

/** What support staff see of orders: the /api/support answers. */

/** One order in search results. */
export interface SupportOrderSummary {
  order: OrderView;
  userId: string;
  /** The player's account email, when known. */
  playerEmail: string | null;
}

/** One line of an order's history, oldest first. */
export interface TimelineEntry {
  at: number;
  type: OrderEvent['type'];
  source: OrderEvent['source'];
  /** The line in words (describeOrderEvent). */
  text: string;
  actor: OrderEvent['actor'] | null;
}

export interface SupportOrderDetail {
  order: OrderView;
  /** How the order is taxed and the evidence of where its buyer was; null for an order made before the store recorded it. */
  tax: OrderTax | null;
  player: { uid: string; email: string | null; balance: number };
  /** A gift for a friend: its recipient (whose ledger its gems move in), their balance, and the payer's message and choice. */
  giftRecipient: { uid: string; tag: string; maskedName: string; email: string | null; balance: number; message: string | null; showName: boolean } | null;
  /** The provider's own word, as it last said it (null before it said one). */
  providerStatus: string | null;
  /**
   * The sweep's questions to the provider about this order: how many, the last, and the next while the order is still
   * watched (null when no more are due). A check that changed nothing adds no line to the timeline: it shows here.
   */
  checks: { count: number; lastAt: number | null; nextAt: number | null };
  timeline: TimelineEntry[];
  refund: (RefundRequestView & { replyDue: ReplyDue | null }) | null;
  /** What support may do now. */
  can: { creditManually: boolean; decideRefund: boolean };
  /** What the game's own server was told of this order's gems, and how each delivery went. */
  gameEvents: GameEventView[];
  /** The moves of this order's gems in the player's ledger, newest first, as the player's statement says them. */
  gemMoves: StatementLine[];
  /** The player's protections, read-only: age band, a guardian's consent, the limit, and every change, newest first. */
  protections: Pick<PlayerProtections, 'guardianConsent' | 'spendingLimit' | 'limitSetBy'> & { ageBand: AgeBand | null; history: ProtectionEvent[] };
  /** The risk decision made before the provider was asked, with its signals (null for an order made before it). */
  risk: RiskDecision | null;
  /** How the provider's 3-D Secure went (null: it did not say). */
  threeDSecure: ThreeDSecureOutcome | null;
}

/** One refund waiting for a decision, in the queue (oldest first). */
export interface RefundQueueEntry {
  request: RefundRequestView;
  userId: string;
  playerEmail: string | null;
  productName: string;
  amount: string;
  gemCount: number;
  replyDue: ReplyDue;
}

/** The store's health at a glance: /support and GET /api/metrics show the same figures. */
export interface SupportHealth {
  /** Orders still waiting for the provider's final answer, by how long ago they were placed. */
  pendingByAge: { underFiveMinutes: number; fiveToThirtyMinutes: number; thirtyMinutesToADay: number; overADay: number };
  /** Provider callbacks refused (bad signature, unknown order, wrong amount) in the last hour. */
  callbacksRejectedLastHour: number;
  /** The last sweep pass any instance made, or null before the first. */
  lastSweep: { at: number; durationMs: number; claimed: number; credited: number; failed: number } | null;
  refundsWaiting: number;
  /** Emails owed and not yet sent, or given up on. */
  emailsUnsent: number;
  /** Disputes still with the banks, and this month's against the card schemes' marks (DISPUTE_RATE_MARKS). */
  disputes: { open: number; month: DisputeRate };
  /** Delivery to the game's server: off when no GAME_WEBHOOK_URL; events waiting, those left for support, the oldest's age. */
  delivery: { on: boolean; pending: number; attention: number; oldestUndeliveredAt: number | null };
  /** The last nightly check of the books, and anything it found apart; null before the first. */
  books: BooksCheckReport | null;
}

/** An event for the game's server as support sees it (an order's page, the "needs attention" list). */
export interface GameEventView {
  id: string;
  orderId: string;
  uid: string;
  type: GameEventType;
  reason: GameEventReason;
  gems: number;
  bonusGems: number;
  status: 'pending' | 'delivered' | 'declined' | 'attention';
  createdAt: number;
  attempts: number;
  lastTry: { at: number; answer: string } | null;
  deliveredAt: number | null;
  /** When it is tried next, while pending. */
  nextAttemptAt: number | null;
  /** Why the game refused it, or why it waits for support. */
  why: string | null;
}

/** One dispute in support's queue (newest first): the dispute, whose it is, and what the order gave. */
export interface DisputeQueueEntry {
  dispute: DisputeView;
  playerEmail: string | null;
  productName: string;
  /** The order's gems, its bonus included. */
  gems: number;
}

/**
 * GET /api/support/disputes/:orderId: the dispute and its evidence pack, generated from what the store already knows,
 * with what support may do now. `text` is the pack as plain text, to paste into the provider's evidence form.
 */
export interface DisputeDetail {
  dispute: DisputeView;
  order: OrderView;
  player: {
    uid: string;
    tag: string;
    email: string | null;
    /** When the account was made, and last signed in, as Firebase Auth keeps it; null when unknown. */
    accountCreatedAt: number | null;
    lastSignInAt: number | null;
    balance: number;
    debt: number;
    /** The player's other orders: paid and never disputed, and disputed before. */
    otherPaidOrders: number;
    otherDisputes: number;
  };
  /** Where the card was paid from, as given on the payment form (the billing details the provider has), and when. */
  payment: {
    name: string;
    email: string;
    address: string;
    country: string;
    placedAt: number;
    paidAt: number | null;
    method: string | null;
    /** How the provider's 3-D Secure went (null: it did not say): authenticated or attempted shifts a fraud chargeback's liability to the card's bank. */
    threeDSecure: ThreeDSecureOutcome | null;
  };
  /** The receipt email: where it went and whether it was delivered. */
  receiptEmail: { to: string | null; status: string; sentAt: number | null } | null;
  /** Of the order's gems, what the balance no longer held when the dispute opened: spent in the game. */
  gemsSpentBeforeDispute: number;
  /** The account's history (date of birth, sign-ins from the game with their browser, limits), newest first. */
  accountHistory: ProtectionEvent[];
  timeline: TimelineEntry[];
  /** The terms in force when the order was placed. */
  terms: { lastUpdated: string; path: string };
  text: string;
  can: { accept: boolean; evidenceSent: boolean; writeOff: boolean };
}

/** The answer of Ask the provider now: what it said (or why it could not be asked), and the order after. */
export interface ProviderCheckResult {
  detail: SupportOrderDetail;
  providerStatus: string | null;
  failure: string | null;
}
