import { takeBack, type PlayerGems } from '../../shared/balance';
import { formatGemCount } from '../../shared/money';
import type { OrderDispute } from '../../shared/disputes/dispute';
import type { OrderEvent } from '../../shared/orders/orderEvents';
import { gemsOfOrder, type TransactionRecord } from '../orders/orderRules';
import { orderMove } from '../ledger/orderMoves';
import { applyGems } from '../../shared/ledger';
import type { DisputeRecord } from './disputeRecord';
import { moveEffects, type MoveEffects } from '../ledger/moveEffects';

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

/** The gems a dispute's plan reads: the credited player's (a gift's recipient), and a gift's payer's. */
export interface DisputeGems {
  credited: PlayerGems;
  payer: PlayerGems | null;
}

/**
 * The order's gems taken back for a round of the dispute, as far as the balance holds them; the rest owed as debt. A
 * gift's are taken from its recipient's balance down to 0, never into a debt (they paid nothing), and the rest from its
 * payer as any take-back is: their balance first, what it lacks owed. `moves`: what each ledger loses.
 */
export function takeBackFor(order: TransactionRecord, gems: DisputeGems) {
  const owed = gemsToTakeBack(order);
  const fromRecipient = order.gift ? Math.min(gems.credited.balance, owed) : 0;
  const fromPayer = owed - fromRecipient;
  const payerBefore = order.gift ? (gems.payer ?? { balance: 0, debt: 0 }) : gems.credited;
  const { after, taken: payerTaken, debtAdded } = takeBack(payerBefore, fromPayer);
  const taken = fromRecipient + payerTaken;
  const fromGift = order.gift ? `${formatGemCount(fromRecipient)} from the recipient's balance, ${formatGemCount(payerTaken)} from the payer's` : `${formatGemCount(taken)} from the balance`;
  const held = owed === 0 ? 'no gems to take: a refund took them back' : `${fromGift}${debtAdded > 0 ? `, ${formatGemCount(debtAdded)} owed as debt` : ''}`;
  const moves = order.gift ? { credited: fromRecipient, payer: fromPayer } : { credited: owed, payer: 0 };
  return { owed, after: owed > 0 ? after : null, taken, debtAdded, held, moves, ...(order.gift ? { recipientTaken: fromRecipient } : {}) };
}

/**
 * What a dispute decided for the store gives back: all it took, less what support wrote off of its debt (forgiven is
 * forgiven: that credit was made already). Given back as every credit is (shared/ledger applyGems): what the player
 * still owes is paid first, and the rest reaches the balance.
 */
export function giveBackFor(order: TransactionRecord, summary: OrderDispute, dispute: DisputeRecord, gems: DisputeGems) {
  // The order's summary holds what was taken: a refund that failed meanwhile handed its gems over there.
  const gives = summary.gemsTaken + debtHeldBy(dispute);
  // A gift's recipient gets back what was taken from them; its payer the rest, which pays their debt first.
  const toRecipient = order.gift ? Math.min(summary.recipientTaken ?? 0, gives) : 0;
  const toPayer = gives - toRecipient;
  const { debtPaid } = applyGems(order.gift ? (gems.payer ?? { balance: 0, debt: 0 }) : gems.credited, toPayer);
  const moves = order.gift ? { credited: toRecipient, payer: toPayer } : { credited: gives, payer: 0 };
  return { gives, givenBack: gives - debtPaid, cancelled: debtPaid, moves };
}

/** The write-offs made this round (a dispute from before they were counted: one, if any gems were written off). */
const writeOffsOf = (dispute: Pick<DisputeRecord, 'writeOffs' | 'debtWrittenOff'>) => dispute.writeOffs ?? ((dispute.debtWrittenOff ?? 0) > 0 ? 1 : 0);

/** Gems of this dispute's debt not written off: what `won` may still cancel, or give back once later credits paid it. */
export const debtHeldBy = (dispute: Pick<DisputeRecord, 'debtAdded' | 'debtWrittenOff'>) => dispute.debtAdded - (dispute.debtWrittenOff ?? 0);

/** A write-off: the gems forgiven, the dispute as it stands after, and the move (a credit that pays the debt, by the staff member). */
export interface WriteOffPlan {
  gems: number;
  dispute: DisputeRecord;
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
  const nth = writeOffsOf(dispute) + 1;
  return {
    ok: true,
    plan: {
      gems: forgiven,
      dispute: { ...dispute, debtWrittenOff: (dispute.debtWrittenOff ?? 0) + forgiven, writeOffs: nth, updatedAt: move.at },
      effects: moveEffects({
        // Forgiven gems are no pack's: none of them is a bonus.
        // The debt is the payer's (a gift's recipient never owes): `gems` are theirs.
        gems: orderMove('write_off', { ...order, gemCount: forgiven }, forgiven, move.at, { round: dispute.round, nth, staff: move.actor, uid: order.userId }),
        events: [{ ...eventBase(order, move), type: 'debtWrittenOff', gems: forgiven }],
      }),
    },
  };
}
