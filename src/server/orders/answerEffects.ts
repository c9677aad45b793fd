import { gemsMoved } from '../gameEvents/gameEventRecords';
import type { AppliedChange, TransactionRecord } from './orderRules';
import { moveEffects, type MoveEffects } from './moveEffects';
import { orderMadeCounts, providerAnswerCounts } from './rollupRules';
import { formatGatewayAmount } from '../../shared/money';

/**
 * What a provider's answer does besides the order and the gems: its history, the mail it owes, the game told of a
 * credit, and the day's counts. The Firestore commit writes it; the in-memory fake applies it.
 */
export function providerAnswerEffects(record: TransactionRecord, plan: AppliedChange, now: number, paidAtProvider: number | null, giftClaimer = false): MoveEffects {
  return moveEffects({
    events: plan.events,
    mail: plan.mail.map((kind) => ({ kind, orderId: record.order_id })),
    // The game's own server hears of the credit, in the same commit.
    gameEvents: plan.credit > 0 ? [gemsMoved('gems.credited', 'purchase', record, plan.credit)] : [],
    day: providerAnswerCounts(record, plan, now, paidAtProvider, giftClaimer),
  });
}

/** What making an order does besides storing it: its `created` history line, and one more order made on its day. */
export const orderCreatedEffects = (record: TransactionRecord): MoveEffects =>
  moveEffects({
    events: [{ orderId: record.order_id, userId: record.userId, at: record.createdAt, type: 'created', source: 'player', detail: `${record.product_name}, ${formatGatewayAmount(record.amount)}` }],
    day: orderMadeCounts(),
  });
