import type { OrderStatus } from '../../../shared/orders/orderStatus';
import { isTransferUnderWay } from '../../../shared/payMethod';

/**
 * One payment in this tab, as an explicit machine: a transition table, nothing else decides
 * where a payment goes next. Its order events come from the shared order machine's statuses
 * (eventForOrder), so the two cannot disagree (paymentMachine.test.ts holds them to it).
 *
 *   (Submit) → starting ──orderCreated──► awaitingPayment ──gemsCredited──► credited
 *                 └─startFailed─► failed      │  ├─paymentDeclined / paymentCancelled / orderExpired─► declined / cancelled / expired
 *                                             │  ├─tabClosed─► tabClosed ──tabOpened (Reopen checkout)──► awaitingPayment
 *                                             │  └─transferStarted─► transferUnderWay ──paymentConfirmed / gemsCredited──► paid / credited
 *
 * A PayID payment is a bank transfer under way (shared/payMethod): paid as far as the player can do anything, not yet
 * as far as the money goes. It has no checkout to reopen and no tab whose closing means anything, so the machine takes
 * no tab event there: it waits for the bank's money (or the player's Stop waiting, which cancels it).
 *
 * An order started in another tab or on another device, which the player chose to resume here, joins the
 * machine at tabClosed (ADOPTED_ORDER_PHASE): payable, with no checkout tab of this one open yet.
 */
export const PAYMENT_PHASES = [
  'starting',
  'awaitingPayment',
  'tabClosed',
  'transferUnderWay',
  'paid',
  'credited',
  'declined',
  'cancelled',
  'expired',
  'failed',
] as const;

export type PaymentPhase = (typeof PAYMENT_PHASES)[number];

/** Where an order started elsewhere joins this tab's machine when the player resumes it here. */
export const ADOPTED_ORDER_PHASE: PaymentPhase = 'tabClosed';

export const PAYMENT_EVENTS = [
  'orderCreated',
  'startFailed',
  'tabOpened',
  'tabClosed',
  'stillPending',
  'transferStarted',
  'paymentConfirmed',
  'gemsCredited',
  'paymentDeclined',
  'paymentCancelled',
  'orderExpired',
] as const;

export type PaymentEvent = (typeof PAYMENT_EVENTS)[number];

/** The events that carry the provider's news of an order. */
export type OrderNews = 'stillPending' | 'transferStarted' | 'paymentConfirmed' | 'gemsCredited' | 'paymentDeclined' | 'paymentCancelled' | 'orderExpired';

/** What the provider can still say about an order that is waiting for its payment. */
const WHILE_WAITING = {
  stillPending: undefined,
  transferStarted: 'transferUnderWay',
  paymentConfirmed: 'paid',
  gemsCredited: 'credited',
  paymentDeclined: 'declined',
  paymentCancelled: 'cancelled',
  orderExpired: 'expired',
} as const;

/** The provider's `paid` is honoured even after a decline, cancel or expiry (the shared machine's late payment). */
const LATE_PAYMENT = { paymentConfirmed: 'paid', gemsCredited: 'credited' } as const;

export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentPhase, Partial<Record<PaymentEvent, PaymentPhase>>>> = {
  starting: { orderCreated: 'awaitingPayment', startFailed: 'failed' },
  awaitingPayment: { ...WHILE_WAITING, stillPending: 'awaitingPayment', tabOpened: 'awaitingPayment', tabClosed: 'tabClosed' },
  tabClosed: { ...WHILE_WAITING, stillPending: 'tabClosed', tabOpened: 'awaitingPayment' },
  // A reading older than the one that named PayID (a poll answered late) cannot take the transfer back.
  transferUnderWay: { ...WHILE_WAITING, stillPending: 'transferUnderWay', transferStarted: 'transferUnderWay' },
  paid: { gemsCredited: 'credited' },
  credited: {},
  declined: LATE_PAYMENT,
  cancelled: LATE_PAYMENT,
  expired: LATE_PAYMENT,
  failed: {},
};

/** The phase after `event`, or null when the event is not allowed in `phase` (and so changes nothing). */
export function paymentTransition(phase: PaymentPhase, event: PaymentEvent): PaymentPhase | null {
  return PAYMENT_TRANSITIONS[phase][event] ?? null;
}

/** The order is still payable: a second Submit asks before opening another. */
export function isAwaitingPayment(phase: PaymentPhase): boolean {
  return phase === 'awaitingPayment' || phase === 'tabClosed';
}

/** The player has paid by bank transfer and waits for the money to land: nothing is theirs to do but wait (or stop). */
export const isWaitingForTransfer = (phase: PaymentPhase) => phase === 'transferUnderWay';

/** Nothing will move the checkout any more except a late payment; watchers may stop. */
export function isSettled(phase: PaymentPhase): boolean {
  return phase === 'credited' || phase === 'declined' || phase === 'cancelled' || phase === 'expired' || phase === 'failed';
}

/** The machine event an order reading means (from the listener, the return, the reconcile or a poll). */
export function eventForOrder(order: { status: OrderStatus; credited: boolean; payMethod?: string | null }): OrderNews | null {
  switch (order.status) {
    case 'pending':
      return isTransferUnderWay(order) ? 'transferStarted' : 'stillPending';
    case 'paid':
      return order.credited ? 'gemsCredited' : 'paymentConfirmed';
    case 'failed':
      return 'paymentDeclined';
    case 'cancelled':
      return 'paymentCancelled';
    case 'expired':
      return 'orderExpired';
    case 'refunded':
    case 'charged_back':
      // Refunds and chargebacks come long after the checkout ended; the checkout has nothing to show for them.
      return null;
  }
}
