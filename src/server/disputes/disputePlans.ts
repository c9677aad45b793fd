import { centsOfAmount, formatGatewayAmount, formatGemCount } from '../../shared/money';
import { canMoveDispute, disputeReasonText, isDisputeOpen, isFraudReason, type DisputeReporter, type DisputeStage, type DisputeStatus, type OrderDispute, type UnappliedDisputeNotice } from '../../shared/disputes/dispute';
import type { DailyCounter } from '../../shared/stats';
import type { OrderEvent } from '../../shared/orders/orderEvents';
import { canMove, wasSold } from '../../shared/orders/orderStatus';
import type { MailKind } from '../mail/outbox';
import type { TransactionRecord } from '../orders/orderRules';
import { moveEffects, type MoveEffects } from '../ledger/moveEffects';
import { netMoneyOf, type NetMoney } from '../orders/rollupRules';
import { eventBase, giveBackFor, takeBackFor, type DisputeGems, type DisputeMove } from './disputeGems';
import { orderMove } from '../ledger/orderMoves';
import type { LedgerMove } from '../../shared/ledger';
import type { DisputeRecord } from './disputeRecord';

export type { DisputeGems, DisputeMove };

/**
 * The dispute machine's moves as plans (src/shared/disputes/dispute.ts), judged from the order, its dispute and the
 * player's gems as read: the Firestore repository commits a plan guarded by what it read, the in-memory one applies
 * it to its maps. No other module decides a dispute.
 */
export interface DisputePlan {
  orderUpdate: Partial<TransactionRecord>;
  /** The dispute as it stands after; `creates` when there was none. */
  dispute: DisputeRecord;
  creates: boolean;
  /** The move of the player's gems, when they change: the order's taken back, or given back (the ledger's door applies it). */
  move: LedgerMove | null;
  /** A gift's: the move of its payer's gems (what the recipient's balance did not hold, taken or given back). */
  payerMove?: LedgerMove | null;
  /** Buying pauses (the order joins the player's open disputes) or resumes (it leaves them); null: no change. */
  pause: 'add' | 'remove' | null;
  event: OrderEvent;
  mail: MailKind | null;
  /** What the move adds to its day's counts (the overview): a dispute opened, a chargeback and its money, or one reversed. */
  dayCounts: Partial<Record<DailyCounter, number>>;
  /** The money the move takes or gives back, by pack as sold and a GST-free export's by country (../orders/rollupRules netMoneyOf). */
  netMoney?: NetMoney;
}

/** Not planned: why, and whether it is a move the machine has made already (a repeat: nothing to do, no error). */
export type DisputePlanned = { ok: true; plan: DisputePlan } | { ok: false; why: string; already: boolean };

export interface DisputeOpening extends DisputeMove {
  reportedBy: DisputeReporter;
  providerDisputeId: string | null;
  reasonCode: string;
  evidenceDueAt: number | null;
}

const refused = (why: string, already = false): DisputePlanned => ({ ok: false, why, already });

/** The chargeback's money on its day: counted for any order, a refunded one too (the distributor then paid it back twice). */
const chargedBackCounts = (order: TransactionRecord, reasonCode: string) => ({
  chargebacks: 1,
  chargedBackCents: centsOfAmount(order.amount),
  // A fraud-coded chargeback is a fraud loss (AusPayNet's count), whatever the store did after.
  ...(isFraudReason(reasonCode) ? { fraudLossCents: centsOfAmount(order.amount) } : {}),
});

/** A dispute opened: its money, and apart when fraud-coded (the schemes' fraud ratios). */
const openedCounts = (order: TransactionRecord, reasonCode: string) => ({
  disputes: 1,
  disputedCents: centsOfAmount(order.amount),
  ...(isFraudReason(reasonCode) ? { fraudDisputes: 1, fraudDisputedCents: centsOfAmount(order.amount) } : {}),
});

/** A notice no arrow takes, recorded on the dispute and in the order's history for support; nothing else changes. */
function planUnapplied(order: TransactionRecord, dispute: DisputeRecord, stage: DisputeStage, move: DisputeMove, providerDisputeId: string | null, why: string): DisputePlanned {
  const notice: UnappliedDisputeNotice = { at: move.at, stage, providerDisputeId, why };
  return {
    ok: true,
    plan: {
      orderUpdate: { updatedAt: move.at },
      dispute: { ...dispute, unapplied: [...(dispute.unapplied ?? []), notice], updatedAt: move.at },
      creates: false,
      move: null,
      pause: null,
      event: { ...eventBase(order, move), type: 'disputeNoticeUnapplied', detail: `${stage}${providerDisputeId ? ` (${providerDisputeId})` : ''}: ${why}` },
      mail: null,
      dayCounts: {},
    },
  };
}

/**
 * `opened`: the order's gems taken back, as far as the balance holds them, the rest owed as a debt (the balance
 * never goes below 0); the player's buying paused; the order reads "Disputed with your bank"; the player emailed.
 * After a dispute the store won, a new one (a second dispute, or a pre-arbitration) opens a new round the same way.
 */
export function planOpen(order: TransactionRecord | null, existing: DisputeRecord | null, gems: DisputeGems, opening: DisputeOpening): DisputePlanned {
  if (!order) return refused('We have no record of that order.');
  if (!wasSold(order.status)) return refused('Only a paid order can be disputed.');
  const byProvider = opening.reportedBy === 'provider';
  if (existing && existing.status !== 'won') {
    const repeat = isDisputeOpen(existing.status) && (!byProvider || opening.providerDisputeId === existing.providerDisputeId);
    if (repeat || !byProvider) return refused(`This order's dispute was opened already (${existing.status}).`, repeat);
    const why = isDisputeOpen(existing.status) ? 'a second dispute while one is open' : `a new dispute after the order was charged back (${existing.status})`;
    return planUnapplied(order, existing, 'opened', opening, opening.providerDisputeId, why);
  }
  const { at, reportedBy, providerDisputeId, reasonCode, evidenceDueAt } = opening;
  const { owed, taken, debtAdded, held, moves, recipientTaken } = takeBackFor(order, gems);
  const round = existing ? (existing.round ?? 1) + 1 : 1;
  const gift = recipientTaken !== undefined ? { recipientTaken } : {};
  const summary: OrderDispute = { status: 'opened', openedAt: existing?.openedAt ?? at, gemsTaken: taken, debtAdded, ...gift };
  const dispute: DisputeRecord = {
    ...(existing ?? {}),
    orderId: order.order_id,
    userId: order.userId,
    status: 'opened',
    reasonCode,
    amount: order.amount,
    currency: order.currency,
    evidenceDueAt,
    openedAt: existing?.openedAt ?? at,
    updatedAt: at,
    decidedAt: null,
    reportedBy,
    providerDisputeId,
    gemsTaken: taken,
    debtAdded,
    ...gift,
    debtWrittenOff: 0,
    writeOffs: 0,
    evidenceSentAt: null,
    round,
  };
  return {
    ok: true,
    plan: {
      orderUpdate: { dispute: summary, updatedAt: at },
      dispute,
      creates: !existing,
      ...gemMoves(order, 'dispute', { credited: -moves.credited, payer: -moves.payer }, at, round),
      pause: 'add',
      event: {
        ...eventBase(order, opening),
        type: 'disputeOpened',
        gems: -owed,
        detail: `${formatGatewayAmount(order.amount)}, ${disputeReasonText(reasonCode)}; ${held}${existing ? `; a new round (${round}) after the store won` : ''}`,
      },
      mail: 'disputeOpened',
      dayCounts: openedCounts(order, reasonCode),
    },
  };
}

/**
 * A later move: `evidence_submitted` (support sent the evidence pack), `won` (the gems come back, what the debt did
 * not take, and the pause lifts), `lost` or `accepted` (a chargeback: the order reads "Charged back", the debt stays).
 * After an end: `lost` after `won` takes the gems again and charges back (a new round); `won` after `lost` (the bank
 * reversed on arbitration) gives them back and the order is paid again. A provider's notice no arrow takes is
 * recorded for support; support's own move that cannot apply is refused.
 */
export function planMove(order: TransactionRecord | null, dispute: DisputeRecord | null, gems: DisputeGems, to: DisputeStatus, move: DisputeMove): DisputePlanned {
  if (!order || !dispute || !order.dispute) return refused('This order has no dispute.');
  if (dispute.status === to) return refused(`This dispute is ${to} already.`, true);
  if (!canMoveDispute(dispute.status, to)) {
    const why = `This dispute was ${dispute.status} already; it cannot be ${to}.`;
    if (move.source === 'dispute' && (to === 'won' || to === 'lost')) return planUnapplied(order, dispute, to, move, null, why);
    return refused(why);
  }
  const { at } = move;
  const base = eventBase(order, move);
  const decided = to !== 'evidence_submitted';
  const summary: OrderDispute = { ...order.dispute, status: to, ...(decided ? { decidedAt: at } : {}) };
  const next: DisputeRecord = { ...dispute, status: to, updatedAt: at, ...(decided ? { decidedAt: at, evidenceDueAt: null } : { evidenceSentAt: at }) };
  const round = dispute.round ?? 1;
  if (to === 'evidence_submitted') {
    return {
      ok: true,
      plan: { orderUpdate: { dispute: summary, updatedAt: at }, dispute: next, creates: false, move: null, pause: null, event: { ...base, type: 'disputeEvidenceSent' }, mail: null, dayCounts: {} },
    };
  }
  if (to === 'won') {
    const reversal = dispute.status === 'lost';
    const { givenBack, cancelled, moves } = giveBackFor(order, order.dispute, dispute, gems);
    const detail = `${reversal ? 'the bank reversed its chargeback' : 'the bank decided for the store'}${cancelled > 0 ? `; ${formatGemCount(cancelled)} gems of debt cancelled` : ''}`;
    const reinstated = order.status === 'charged_back';
    return {
      ok: true,
      plan: {
        orderUpdate: { dispute: summary, updatedAt: at, ...(reinstated ? { status: 'paid' as const } : {}) },
        dispute: next,
        creates: false,
        ...gemMoves(order, 'dispute_won', moves, at, round),
        pause: reversal ? null : 'remove',
        event: { ...base, type: 'disputeWon', gems: givenBack, detail, ...(reinstated ? { statusFrom: order.status, statusTo: 'paid' as const } : {}) },
        mail: 'disputeWon',
        dayCounts: reversal ? { chargebacksReversed: 1, chargebackReversedCents: centsOfAmount(order.amount) } : {},
        ...(reversal ? { netMoney: netMoneyOf(order, centsOfAmount(order.amount)) } : {}),
      },
    };
  }
  // lost or accepted: the money went back to the card. A refunded order stays refunded; a paid one is charged back.
  const chargedBack = canMove(order.status, 'charged_back');
  // Lost after the store had won: the bank takes the money again, so the gems it gave back are taken again (a new round).
  const again = dispute.status === 'won' ? takeBackFor(order, gems) : null;
  const nextRound = again ? round + 1 : round;
  const againGift = again?.recipientTaken !== undefined ? { recipientTaken: again.recipientTaken } : {};
  const record: DisputeRecord = again ? { ...next, gemsTaken: again.taken, debtAdded: again.debtAdded, ...againGift, debtWrittenOff: 0, writeOffs: 0, round: nextRound } : next;
  const debtAfter = again?.after?.debt ?? (gems.payer ?? gems.credited).debt;
  return {
    ok: true,
    plan: {
      orderUpdate: {
        dispute: again ? { ...summary, gemsTaken: again.taken, debtAdded: again.debtAdded, ...againGift } : summary,
        updatedAt: at,
        ...(chargedBack ? { status: 'charged_back' as const } : {}),
      },
      dispute: record,
      creates: false,
      ...(again ? gemMoves(order, 'dispute', { credited: -again.moves.credited, payer: -again.moves.payer }, at, nextRound) : { move: null }),
      pause: again ? null : 'remove',
      event: {
        ...base,
        type: to === 'lost' ? 'disputeLost' : 'disputeAccepted',
        ...(chargedBack ? { statusFrom: order.status, statusTo: 'charged_back' as const } : {}),
        ...(again ? { gems: -again.owed } : {}),
        detail: `${formatGatewayAmount(order.amount)} returned to the card${again ? ` after the store had won; ${again.held}` : ''}${debtAfter > 0 ? `; ${formatGemCount(debtAfter)} gems still owed` : ''}`,
      },
      mail: 'disputeChargedBack',
      dayCounts: chargedBackCounts(order, dispute.reasonCode),
      netMoney: netMoneyOf(order, -centsOfAmount(order.amount)),
    },
  };
}

/** A dispute's moves of gems: the credited player's (a gift's recipient), and a gift's payer's; none of 0 gems. */
function gemMoves(order: TransactionRecord, kind: 'dispute' | 'dispute_won', gems: { credited: number; payer: number }, at: number, round: number) {
  return {
    move: gems.credited !== 0 ? orderMove(kind, order, gems.credited, at, { round }) : null,
    payerMove: gems.payer !== 0 ? orderMove(kind, order, gems.payer, at, { round, uid: order.userId }) : null,
  };
}

/** What a dispute's move does besides the order, the dispute and the pause: the gems, history, mail, the day. */
export function disputeMoveEffects(orderId: string, plan: DisputePlan): MoveEffects {
  return moveEffects({
    gems: plan.move,
    moreGems: plan.payerMove ? [plan.payerMove] : [],
    events: [plan.event],
    mail: plan.mail ? [{ kind: plan.mail, orderId, round: plan.dispute.round }] : [],
    day: { counts: plan.dayCounts, ...plan.netMoney },
  });
}
