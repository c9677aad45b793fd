import { FieldValue } from 'firebase-admin/firestore';
import { isDisputedNow } from '../../shared/disputes/dispute';
import { storedStatus, type TransactionRecord } from './orderRules';

/**
 * users/{uid}.paidOrders: the player's orders whose money the store still holds: credited and paid, not refunded, not
 * taken back by their bank (a dispute open or lost). A daily gift's eligibility follows it (../dailyGift), and every
 * commit that changes an order's standing (a credit, a refund, a dispute's stage) changes it in the same commit.
 */
export const PAID_ORDERS_FIELD = 'paidOrders';

/** Whether the order's money stands: it is paid and credited, and neither refunded nor disputed now. */
export const orderStands = (order: Pick<TransactionRecord, 'checked' | 'status' | 'notCredited' | 'dispute'>) =>
  order.checked === 1 && storedStatus(order) === 'paid' && !order.notCredited && !isDisputedNow(order.dispute);

/** How a move changes the player's standing orders: +1 (it stands now), -1 (it no longer does), or 0. */
export function standingMove(before: TransactionRecord, after: TransactionRecord): -1 | 0 | 1 {
  const was = orderStands(before);
  const is = orderStands(after);
  return was === is ? 0 : is ? 1 : -1;
}

/** The users/{uid} fields a standing move writes (merged into the player's document), or null for none. */
export function standingFields(orderId: string, move: -1 | 0 | 1): Record<string, FieldValue> | null {
  if (move === 0) return null;
  return { [PAID_ORDERS_FIELD]: move > 0 ? FieldValue.arrayUnion(orderId) : FieldValue.arrayRemove(orderId) };
}

/** The player's standing orders as their document holds them; null for a player from before they were kept. */
export function paidOrdersOf(user: Record<string, unknown> | undefined): string[] | null {
  const value = user?.[PAID_ORDERS_FIELD];
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : null;
}
