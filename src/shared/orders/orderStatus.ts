/**
 * The life of an order, written once for both sides (docs/storefront.md, The order's life). The server applies it
 * in atomic Firestore commits; the client's payment machine and every screen read it. No other module
 * decides what a status means.
 *
 *   pending ──provider──► paid ──support refund──► refunded
 *      │                    └──dispute lost or accepted──► charged_back   (the bank took the money back)
 *      │                    ◄──dispute won on arbitration──┘              (the bank gave it back again)
 *      ├──provider──► failed      (the card was declined)
 *      ├──provider──► cancelled   (the player cancelled on the provider's page)
 *      └──provider──► expired     (the provider says it was never paid and will not be)
 *
 * Being credited is a separate fact (`checked` on the record): set once, in the same commit that
 * stores `paid`.
 */
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded', 'charged_back'] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Which stored status may follow which. A provider's `paid` is honoured even after failed, cancelled or
 * expired: money moved, so the player gets their gems (a late payment). A chargeback the bank reverses makes the
 * order paid again (the dispute machine's move alone). Nothing else leaves a final status.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['paid', 'failed', 'cancelled', 'expired'],
  paid: ['refunded', 'charged_back'],
  failed: ['paid'],
  cancelled: ['paid'],
  expired: ['paid'],
  refunded: [],
  charged_back: ['paid'],
};

/** Statuses the provider will not change any more, but for a late payment (below). */
export const FINAL_STATUSES: readonly OrderStatus[] = ['paid', 'failed', 'cancelled', 'expired', 'refunded', 'charged_back'];

/** Final, but unpaid: a payment may still land after the provider said so (its callback lost), and the table honours it. */
export const UNPAID_FINAL_STATUSES: readonly OrderStatus[] = ['failed', 'cancelled', 'expired'];

/** How long after it was placed an unpaid final order is still asked about, for a late payment. */
export const LATE_PAYMENT_WATCH_MS = 7 * 24 * 60 * 60 * 1000;

/** The statuses the server's sweep looks at: every order that can still change on the provider's word. */
export const WATCHED_STATUSES: readonly OrderStatus[] = ['pending', ...UNPAID_FINAL_STATUSES];

/**
 * Whether the provider's word can still change the order: pending until the provider's final answer, and an
 * unpaid final order for LATE_PAYMENT_WATCH_MS after it was placed. The sweep asks about these, and a
 * player's Check again is offered for them.
 */
export function isStillWatched(order: { status: OrderStatus; createdAt: number }, now: number): boolean {
  if (order.status === 'pending') return true;
  return UNPAID_FINAL_STATUSES.includes(order.status) && now - order.createdAt < LATE_PAYMENT_WATCH_MS;
}

/** A sale happened: the order was paid, whatever became of the money since. It has a tax invoice and a receipt. */
export const SOLD_STATUSES: readonly OrderStatus[] = ['paid', 'refunded', 'charged_back'];
export const wasSold = (status: OrderStatus) => SOLD_STATUSES.includes(status);

/** The money went back to the card, by a refund or a chargeback: the sale is adjusted in full. */
export const wasReversed = (status: OrderStatus) => status === 'refunded' || status === 'charged_back';

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function isFinalStatus(status: OrderStatus): boolean {
  return FINAL_STATUSES.includes(status);
}

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/**
 * The provider's status words and the order status each means. Words that mean "not decided yet"
 * (processing, …) keep the order pending and under watch; a word not listed here is treated the same.
 */
const PROVIDER_WORDS: Readonly<Record<string, OrderStatus>> = {
  pending: 'pending',
  processing: 'pending',
  created: 'pending',
  unpaid: 'pending',
  paid: 'paid',
  success: 'paid',
  succeeded: 'paid',
  failed: 'failed',
  declined: 'failed',
  rejected: 'failed',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  expired: 'expired',
  closed: 'expired',
  refunded: 'refunded',
};

/** What a provider status word means for the order; pending when it decides nothing yet. */
export function statusFromProvider(word: string): OrderStatus {
  return PROVIDER_WORDS[word.toLowerCase()] ?? 'pending';
}

/**
 * The stored status after the provider's answer (`meant`: what its word means, read at the server's edge): that
 * status where the table allows the move,
 * otherwise the current one (an answer that would move a final order backwards changes nothing). The
 * provider's `refunded` moves nothing here: paid → refunded is the refund machine's move
 * (src/shared/refunds/refundRequest.ts), made in the commit that takes the gems back, and paid → charged_back the
 * dispute machine's (src/shared/disputes/dispute.ts).
 */
export function nextStatus(current: OrderStatus, meant: OrderStatus): OrderStatus {
  // charged_back → paid is the dispute machine's too: the provider still calls a charged-back payment "paid".
  if (current === 'charged_back') return current;
  return meant !== 'refunded' && meant !== 'charged_back' && canMove(current, meant) ? meant : current;
}
