import type { PackLimit } from '../../shared/catalogue';
import type { PurchaseBlock } from '../../shared/protections/playerProtections';
import type { TransactionRecord } from '../orders/orderRules';
import { countedAmounts, sumOf } from '../protections/monthlySpending';
import { isTransferUnderWay } from '../../shared/payMethod';

/**
 * open_order_slots/{uid}: the places held for payments under way, by order id: until when, and the order's
 * amount (for the spending limit). A bare number is a hold kept before amounts were (it ends within seconds).
 */
export type OrderSlots = Record<string, { until: number; cents: number; packId?: number } | number>;

/** The pack a new payment is for, when it has a per-player limit: how often, since when, and the player's orders of it (read before, like `open`). */
export interface PackHold {
  id: number;
  limit: PackLimit | null;
  /** The limit's window starts (ms): 0 for ever, the month's start in STORE_TIME_ZONE for a monthly one. */
  since: number;
  orders: TransactionRecord[];
}

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
  /** The pack the payment is for (absent: a pack with no per-player limit, held without its id). */
  pack?: PackHold;
}

export type SlotPlan =
  | { slots: OrderSlots }
  | { refused: 'openOrderCap' }
  | { refused: 'spendingLimit'; leftCents: number }
  | { refused: 'packLimit'; limit: PackLimit }
  | { refused: Exclude<PurchaseBlock, null> };

/** What an order counts toward a pack's per-player limit: paid and credited, or still open. A refunded, failed or expired one nothing. */
const countsTowardPackLimit = (record: TransactionRecord) => (record.status === 'paid' && !record.notCredited) || record.status === 'pending';

const holdOf = (slot: OrderSlots[string]): Exclude<OrderSlots[string], number> => (typeof slot === 'number' ? { until: slot, cents: 0 } : slot);

/**
 * Whether a new payment may hold a place. A player who has not given a date of birth, or is under the
 * minimum age without a guardian's consent, may not. The open-order cap: the player's pending orders (a bank transfer
 * under way aside), plus the places
 * still held for payments not yet recorded (a place is held until its order is recorded or the hold ends),
 * must leave one free. The spending limit: this month's paid and open orders, plus the payments still
 * starting, plus this one, must not pass it. A pack's per-player limit likewise, over its orders in the limit's window.
 * Each order counts once, however many of those lists name it.
 * Answers the slots to write (expired holds dropped), or why not.
 */
export function planOrderSlot(slots: OrderSlots, open: TransactionRecord[], orderId: string, request: SlotRequest): SlotPlan {
  const { limit, now, until, cents, block, spendingLimitCents, monthOrders, pack } = request;
  if (block) return { refused: block };
  // An order recorded (open, or in this month's list whatever its status) is counted as what it is, not by its
  // hold; the two lists were read one after the other, so an order may be open in either.
  const recorded = new Set([...open, ...monthOrders].map((record) => record.order_id));
  // A bank transfer under way holds no place: it never blocks another way to pay (its money still counts toward the limit).
  const openNow = new Set([...open, ...monthOrders.filter((record) => record.status === 'pending')].filter((record) => !isTransferUnderWay(record)).map((record) => record.order_id));
  const held = Object.fromEntries(Object.entries(slots).map(([id, slot]) => [id, holdOf(slot)] as const).filter(([, hold]) => hold.until > now));
  const inFlight = Object.keys(held).filter((id) => !recorded.has(id));
  if (openNow.size + inFlight.length >= limit) return { refused: 'openOrderCap' };
  if (spendingLimitCents !== null) {
    const counted = countedAmounts([...monthOrders, ...open]);
    for (const id of inFlight) if (!counted.has(id)) counted.set(id, held[id]!.cents);
    const spent = sumOf(counted);
    if (spent + cents > spendingLimitCents) return { refused: 'spendingLimit', leftCents: Math.max(0, spendingLimitCents - spent) };
  }
  if (pack?.limit) {
    // The pack's per-player limit: its orders in the window, and the payments for it still starting (each held with its
    // pack), with this one, must not pass it. Racing payments meet here one after another, under the slot's guard.
    const bought = new Set(pack.orders.filter((record) => record.packId === pack.id && record.createdAt >= pack.since && countsTowardPackLimit(record)).map((record) => record.order_id));
    // A place held for this pack counts unless some list read shows its order counts for nothing (ended unpaid): the
    // lists were read one after the other, so a racer's order may be in the open list and not yet in the pack's.
    const known = new Map([...open, ...monthOrders, ...pack.orders].map((record) => [record.order_id, record] as const));
    for (const [id, hold] of Object.entries(held)) {
      const record = known.get(id);
      if (hold.packId === pack.id && (!record || countsTowardPackLimit(record))) bought.add(id);
    }
    if (bought.size + 1 > pack.limit.count) return { refused: 'packLimit', limit: pack.limit };
  }
  return { slots: { ...held, [orderId]: pack ? { until, cents, packId: pack.id } : { until, cents } } };
}
