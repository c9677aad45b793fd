import type { PurchaseBlock } from '../../shared/protections/playerProtections';
import type { TransactionRecord } from '../orders/orderRules';
import { countedAmounts, sumOf } from '../protections/monthlySpending';

/**
 * open_order_slots/{uid}: the places held for payments under way, by order id: until when, and the order's
 * amount (for the spending limit). A bare number is a hold kept before amounts were (it ends within seconds).
 */
export type OrderSlots = Record<string, { until: number; cents: number } | number>;

/** A new payment's request for a place. */
export interface SlotRequest {
  /** MAX_OPEN_ORDERS */
  limit: number;
  now: number;
  /** When the hold ends: by then the order is recorded, or was never made. */
  until: number;
  /** The new order's amount. */
  cents: number;
  /** Why the player may not buy yet (no date of birth, or a guardian's consent missing), or null. */
  block: PurchaseBlock;
  /** The player's monthly spending limit in effect (cents), or null for none. */
  spendingLimitCents: number | null;
  /** The player's orders made since the month began in STORE_TIME_ZONE (read before, like `open`). */
  monthOrders: TransactionRecord[];
}

export type SlotPlan =
  | { slots: OrderSlots }
  | { refused: 'openOrderCap' }
  | { refused: 'spendingLimit'; leftCents: number }
  | { refused: Exclude<PurchaseBlock, null> };

const holdOf = (slot: OrderSlots[string]) => (typeof slot === 'number' ? { until: slot, cents: 0 } : slot);

/**
 * Whether a new payment may hold a place. A player who has not given a date of birth, or is under the
 * minimum age without a guardian's consent, may not. The open-order cap: the player's pending orders, plus the places
 * still held for payments not yet recorded (a place is held until its order is recorded or the hold ends),
 * must leave one free. The spending limit: this month's paid and open orders, plus the payments still
 * starting, plus this one, must not pass it. Each order counts once, however many of those lists name it.
 * Answers the slots to write (expired holds dropped), or why not.
 */
export function planOrderSlot(slots: OrderSlots, open: TransactionRecord[], orderId: string, request: SlotRequest): SlotPlan {
  const { limit, now, until, cents, block, spendingLimitCents, monthOrders } = request;
  if (block) return { refused: block };
  // An order recorded (open, or in this month's list whatever its status) is counted as what it is, not by its
  // hold; the two lists were read one after the other, so an order may be open in either.
  const recorded = new Set([...open, ...monthOrders].map((record) => record.order_id));
  const openNow = new Set([...open, ...monthOrders.filter((record) => record.status === 'pending')].map((record) => record.order_id));
  const held = Object.fromEntries(Object.entries(slots).map(([id, slot]) => [id, holdOf(slot)] as const).filter(([, hold]) => hold.until > now));
  const inFlight = Object.keys(held).filter((id) => !recorded.has(id));
  if (openNow.size + inFlight.length >= limit) return { refused: 'openOrderCap' };
  if (spendingLimitCents !== null) {
    const counted = countedAmounts([...monthOrders, ...open]);
    for (const id of inFlight) if (!counted.has(id)) counted.set(id, held[id]!.cents);
    const spent = sumOf(counted);
    if (spent + cents > spendingLimitCents) return { refused: 'spendingLimit', leftCents: Math.max(0, spendingLimitCents - spent) };
  }
  return { slots: { ...held, [orderId]: { until, cents } } };
}
