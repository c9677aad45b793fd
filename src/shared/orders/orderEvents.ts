import { formatGemCount } from '../money';
import type { OrderStatus } from './orderStatus';

/**
 * An order's history: transactions/{orderId}/events/{eventId}, appended by the server in the same commit
 * as the change each records, so the history never disagrees with the order. Support's timeline reads it;
 * a player may read the events of their own orders.
 */
export type OrderEventType =
  | 'created'
  | 'callbackReceived'
  | 'returnReceived'
  | 'providerAnswered'
  | 'checkScheduled'
  | 'watchStarted'
  | 'credited'
  | 'creditRefused'
  | 'staffChecked'
  | 'refundRequested'
  | 'refundApproving'
  | 'refundDelayed'
  | 'refundApproved'
  | 'refundDeclined'
  | 'refundFailed'
  | 'debtPaid'
  | 'disputeOpened'
  | 'disputeEvidenceSent'
  | 'disputeWon'
  | 'disputeLost'
  | 'disputeAccepted'
  | 'disputeNoticeUnapplied'
  | 'debtWrittenOff'
  | 'methodNamedLater'
  | 'waitingStopped';

/** Who or what caused it. */
export type OrderEventSource = 'player' | 'callback' | 'return' | 'reconcile' | 'check' | 'sweep' | 'support' | 'dispute' | 'game';

export interface OrderEvent {
  orderId: string;
  /** The order's owner (the rules let a player read their own events). */
  userId: string;
  at: number;
  type: OrderEventType;
  source: OrderEventSource;
  /** A status change: from → to. */
  statusFrom?: OrderStatus;
  statusTo?: OrderStatus;
  /** The provider's own word, when it said one. */
  providerStatus?: string;
  /** Gems added (positive) or taken back (negative). */
  gems?: number;
  /** A callback's signature verdict. */
  signature?: 'valid' | 'invalid';
  /** Anything else worth reading, in plain words. */
  detail?: string;
  /** The staff member who acted (the server and support's console; the stored history names only the role). */
  actor?: { uid: string; email: string };
}

/** How an order's stored history, which its player reads, names a staff member who acted: by role, never by who. */
export const STAFF_ROLE = { role: 'support' } as const;

/** An event as transactions/{orderId}/events keeps it. */
export type StoredOrderEvent = Omit<OrderEvent, 'actor'> & { actor?: typeof STAFF_ROLE };

/**
 * A document id that sorts events by time, and by their order within one commit: the time in ms, padded,
 * then the position in the commit, then randomness so two instances never collide.
 */
export function orderEventId(at: number, position: number, random: string): string {
  return `${String(at).padStart(15, '0')}-${String(position).padStart(2, '0')}-${random}`;
}

const SOURCE_WORDS: Record<OrderEventSource, string> = {
  player: 'the player',
  callback: "the provider's callback",
  return: "the player's return from the provider",
  reconcile: "the player's reconcile",
  check: 'Check again',
  sweep: "the server's sweep",
  support: 'support',
  dispute: "the provider's dispute notice",
  game: "the game's server",
};

const gems = (event: OrderEvent) => formatGemCount(Math.abs(event.gems ?? 0));

/** One line of the timeline, in words a support agent reads at a glance. */
export function describeOrderEvent(event: OrderEvent): string {
  const by = SOURCE_WORDS[event.source];
  const said = event.providerStatus ? ` (provider said "${event.providerStatus}")` : '';
  const detail = event.detail ? `: ${event.detail}` : '';
  switch (event.type) {
    case 'created':
      return `Order created by ${by}${detail}`;
    case 'callbackReceived':
      return `Callback received, signature ${event.signature ?? 'unknown'}${said}${detail}`;
    case 'returnReceived':
      return `Player returned from the provider${said}${detail}`;
    case 'providerAnswered':
      return `Provider: ${event.statusFrom} → ${event.statusTo}, via ${by}${said}`;
    case 'checkScheduled':
      return `Asked the provider via ${by}${said}${detail}`;
    case 'watchStarted':
      return `Put under the watch of ${by}${detail}`;
    case 'credited':
      return `${formatGemCount(event.gems ?? 0)} gems credited${event.actor ? ` by ${event.actor.email}` : ''}${detail}`;
    case 'creditRefused':
      return `Paid, not credited: the payment is refunded in full${detail}`;
    case 'staffChecked':
      return `${event.actor?.email ?? 'Support'} asked the provider${said}${detail}`;
    case 'refundRequested':
      return `Refund requested by the player${detail}`;
    case 'refundApproving':
      return `Refund approved by ${event.actor?.email ?? by}; ${formatGemCount(Math.abs(event.gems ?? 0))} gems taken back while the provider refunds${detail}`;
    case 'refundDelayed':
      return `The provider did not confirm the refund yet, via ${by}${detail}`;
    case 'refundApproved':
      return `Refunded, via ${by}${detail}`;
    case 'refundDeclined':
      return `Refund declined by ${event.actor?.email ?? by}${detail}`;
    case 'refundFailed':
      return `The provider refused the refund, via ${by}${detail}`;
    case 'debtPaid':
      return `${gems(event)} gems of this credit paid the player's debt from a disputed payment${detail}`;
    case 'disputeOpened':
      return `Disputed with the player's bank, via ${by}; ${gems(event)} gems taken back${detail}`;
    case 'disputeEvidenceSent':
      return `Evidence sent to the provider by ${event.actor?.email ?? by}${detail}`;
    case 'disputeWon':
      return `Dispute won, via ${by}; ${gems(event)} gems given back${event.statusTo === 'paid' ? '; the order is paid again' : ''}${detail}`;
    case 'disputeLost':
      return `Dispute lost: charged back, via ${by}${detail}`;
    case 'disputeAccepted':
      return `Dispute accepted by ${event.actor?.email ?? by}: charged back${detail}`;
    case 'disputeNoticeUnapplied':
      return `A dispute notice the store could not apply, via ${by}; support to review${detail}`;
    case 'debtWrittenOff':
      return `${gems(event)} gems of debt written off by ${event.actor?.email ?? by}${detail}`;
    case 'waitingStopped':
      return `The player stopped waiting for their bank transfer: ${event.statusFrom} → ${event.statusTo}${detail}`;
    case 'methodNamedLater':
      return `The provider named another method after the payment, via ${by}${detail}`;
  }
}
