import { centsOfAmount } from '../../shared/money';
import { PACK_LIMITS } from '../../shared/validation/catalogue';
import type { TransactionRecord } from '../orders/orderRules';

/**
 * What counts toward a player's monthly spending limit, read from their orders: one rule for the limits page and
 * for the commit that holds a new order's place (payments/orderSlotRules).
 */

/** What an order counts toward the month's spending: paid and open orders; a refunded, unpaid or refused one nothing. */
const countsTowardLimit = (record: TransactionRecord) => (record.status === 'paid' && !record.notCredited) || record.status === 'pending';

/** The amount of each order that counts toward the spending limit, each order once, by order id. */
export function countedAmounts(orders: TransactionRecord[]): Map<string, number> {
  const counted = new Map<string, number>();
  for (const record of orders) {
    const cents = centsOfAmount(record.amount);
    // The store wrote every amount; one that did not parse is taken at the highest price a pack may have, never as nothing.
    if (countsTowardLimit(record)) counted.set(record.order_id, Number.isFinite(cents) ? cents : PACK_LIMITS.priceMaxCents);
  }
  return counted;
}

export const sumOf = (amounts: Map<string, number>) => [...amounts.values()].reduce((sum, cents) => sum + cents, 0);

/**
 * This month's figures as a player reads them: what was paid (refunds taken off), and what the open unpaid
 * orders hold against the limit until they are paid or end. Together, what the limit counts (as planOrderSlot does).
 */
export function monthFigures(monthOrders: TransactionRecord[], open: TransactionRecord[]): { paidCents: number; heldCents: number } {
  const counted = countedAmounts([...monthOrders, ...open]);
  const pending = new Set([...monthOrders, ...open].filter((record) => record.status === 'pending').map((record) => record.order_id));
  let paidCents = 0;
  let heldCents = 0;
  for (const [orderId, cents] of counted) {
    if (pending.has(orderId)) heldCents += cents;
    else paidCents += cents;
  }
  return { paidCents, heldCents };
}
