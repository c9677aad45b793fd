import { takeBack, type PlayerGems } from '../../shared/balance';
import { formatGemCount } from '../../shared/money';
import type { OrderDispute } from '../../shared/disputes/dispute';
import type { OrderEvent } from '../../shared/orders/orderEvents';
import { gemsOfOrder, type TransactionRecord } from '../orders/orderRules';
import { gemsMoved } from '../gameEvents/gameEventRecords';
import type { DisputeRecord } from './disputeRecord';
import { moveEffects, type MoveEffects } from '../orders/moveEffects';

// The gems of a dispute's moves: what a round takes back (as far as the balance holds them, the rest a debt), what a
// decision for the store gives back, and what support's write-off forgives. The plans (./disputePlans) use them.

/** Who moves a dispute, and when. */
export interface DisputeMove {
  at: number;
  source: OrderEvent['source'];
  actor?: OrderEvent['actor'];
}

/** What every history event of a dispute's move starts with: the order, its owner, when, and who moved it. */
export function eventBase(order: TransactionRecord, move: DisputeMove) {
  return { orderId: order.order_id, userId: order.userId, at: move.at, source: move.source, ...(move.actor ? { actor: move.actor } : {}) };
}

/**
 * The gems a dispute of the order takes back: the order's (pack and bonus) when they were credited, unless a refund
 * has taken them back already or is taking them (approving); a refund that fails later hands them to the dispute.
 */
export function gemsToTakeBack(order: TransactionRecord): number {
  if (order.checked !== 1 || order.status === 'refunded') return 0;
  return order.refund?.status === 'approving' ? 0 : gemsOfOrder(order);
}

/** The order's gems taken back for a round of the dispute, as far as the balance holds them; the rest owed as debt. */
export function takeBackFor(order: TransactionRecord, gems: PlayerGems) {
  const owed = gemsToTakeBack(order);
  const { after, taken, debtAdded } = takeBack(gems, owed);
  const held = owed === 0 ? 'no gems to take: a refund took them back' : `${formatGemCount(taken)} from the balance${debtAdded > 0 ? `, ${formatGemCount(debtAdded)} owed as debt` : ''}`;
  return { owed, after: owed > 0 ? after : null, taken, debtAdded, held };
}

/** What a dispute decided for the store gives back: what it took, and what later credits paid of its debt; the rest of the debt cancelled. */
export function giveBackFor(summary: OrderDispute, dispute: DisputeRecord, gems: PlayerGems) {
  // The order's summary holds what was taken: a refund that failed meanwhile handed its gems over there.
  const held = debtHeldBy(dispute);
  const cancelled = Math.min(gems.debt, held);
  const givenBack = summary.gemsTaken + held - cancelled;
  return {
    givenBack,
    cancelled,
    // The game was told of all it held (a debt is the store's own book) and of what was written off: it gets the rest back.
    toGame: summary.gemsTaken + held,
    after: givenBack > 0 || cancelled > 0 ? { balance: gems.balance + givenBack, debt: gems.debt - cancelled } : null,
  };
}

/** Gems of this dispute's debt not written off: what `won` may still cancel, or give back once later credits paid it. */
export const debtHeldBy = (dispute: Pick<DisputeRecord, 'debtAdded' | 'debtWrittenOff'>) => dispute.debtAdded - (dispute.debtWrittenOff ?? 0);

/** A write-off: the dispute as it stands after, the player's gems after, what the history and the game are told. */
export interface WriteOffPlan {
  gems: number;
  dispute: DisputeRecord;
  after: PlayerGems;
  effects: MoveEffects;
}

/**
 * Support writes off what a player owes for this order's dispute, and only that: at most the debt the dispute added
 * and still holds (not written off before), as far as the player still owes it. Forgiven is forgiven for good: a
 * later `won` gives back only what was taken, never gems that were forgiven. The game is told as a credit, which a
 * wallet that keeps debt as the store does applies to the debt first (docs/game-integration.md).
 */
export function planWriteOff(order: TransactionRecord, dispute: DisputeRecord, gems: PlayerGems, move: Required<DisputeMove>): { ok: true; plan: WriteOffPlan } | { ok: false; why: string } {
  const forgiven = Math.min(gems.debt, debtHeldBy(dispute));
  if (forgiven <= 0) return { ok: false, why: gems.debt > 0 ? "This order's dispute holds no debt to write off: what the player owes comes from another order." : 'This player owes no gems.' };
  return {
    ok: true,
    plan: {
      gems: forgiven,
      dispute: { ...dispute, debtWrittenOff: (dispute.debtWrittenOff ?? 0) + forgiven, updatedAt: move.at },
      after: { balance: gems.balance, debt: gems.debt - forgiven },
      effects: moveEffects({
        events: [{ ...eventBase(order, move), type: 'debtWrittenOff', gems: forgiven }],
        gameEvents: [gemsMoved('gems.credited', 'debt_written_off', { ...order, gemCount: forgiven }, forgiven)],
      }),
    },
  };
}
