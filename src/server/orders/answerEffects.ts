import type { AppliedChange, TransactionRecord } from './orderRules';
import { moveEffects, type MoveEffects } from '../ledger/moveEffects';
import { orderMove } from '../ledger/orderMoves';
import { orderMadeCounts, providerAnswerCounts } from './rollupRules';
import { formatGatewayAmount } from '../../shared/money';
import type { DayCounts } from '../overview/dailyStats';
import { endedActivity, startedActivity } from '../risk/riskActivity';
import { riskDayCounts } from '../risk/riskRepository';

/**
 * What a provider's answer does besides the order: the credit of its gems (a purchase in the ledger, which the game
 * is told of), its history, the mail it owes, and the day's counts. The Firestore commit writes it through the
 * ledger's door; the in-memory fake applies it.
 */
export function providerAnswerEffects(record: TransactionRecord, plan: AppliedChange, now: number, paidAtProvider: number | null, giftClaimer = false): MoveEffects {
  const after = { ...record, ...plan.update };
  // The risk rules count a decline (with its card) and a payment that landed, once: when the order first ends so.
  const ended = after.status !== record.status && (after.status === 'failed' || after.status === 'paid') ? after.status : null;
  return moveEffects({
    gems: plan.credit > 0 ? orderMove(after.gift ? 'gift' : 'purchase', after, plan.credit, now) : null,
    // A gift's payer sees it on their statement too, at no gems: the gems went to the recipient.
    moreGems: plan.credit > 0 && after.gift ? [orderMove('gift_sent', after, 0, now, { uid: after.userId })] : [],
    events: plan.events,
    mail: plan.mail.map((kind) => ({ kind, orderId: record.order_id })),
    day: providerAnswerCounts(record, plan, now, paidAtProvider, giftClaimer),
    risk: ended ? endedActivity(record.riskKeys, record.order_id, ended, after.payMethod, now) : [],
  });
}

/** What making an order does besides storing it: its `created` history line, and one more order made on its day. */
export const orderCreatedEffects = (record: TransactionRecord): MoveEffects =>
  moveEffects({
    events: [{ orderId: record.order_id, userId: record.userId, at: record.createdAt, type: 'created', source: 'player', detail: `${record.product_name}, ${formatGatewayAmount(record.amount)}` }],
    day: withRiskCounts(orderMadeCounts(record), record),
    risk: record.riskKeys ? startedActivity(record.riskKeys, record.order_id, record.createdAt) : [],
  });

/** An order's making counts its risk decision too: challenged, and the dry-run rules that matched. */
function withRiskCounts(day: DayCounts, record: TransactionRecord): DayCounts {
  return record.risk ? { ...day, counts: { ...day.counts, ...riskDayCounts(record.risk.action, record.risk.wouldHave.length).counts } } : day;
}
