import { giftTexts } from '../../shared/gifts/gift';
import { creditAgainstDebt, type PlayerGems } from '../../shared/balance';
import { formatGatewayAmount, formatGemCount } from '../../shared/money';
import type { OrderEvent } from '../../shared/orders/orderEvents';
import { isDisputedNow, isDisputeOpen } from '../../shared/disputes/dispute';
import { canMove } from '../../shared/orders/orderStatus';
import { canMoveRefund, type RefundRequestStatus } from '../../shared/refunds/refundRequest';
import type { MailKind } from '../mail/outbox';
import { gemsOfOrder, type TransactionRecord } from '../orders/orderRules';
import type { RefundRequestRecord } from '../orders/refundRequestRecord';
import { orderMove } from '../ledger/orderMoves';
import { moveEffects, type MoveEffects } from '../ledger/moveEffects';
import { refundMoveCounts } from '../orders/rollupRules';

/**
 * The refund machine's moves as plans: what each decision writes, judged from the order, the request and
 * the balance as read. The Firestore repository commits a plan guarded by what it read; the in-memory one
 * applies the same plan to its maps. No other module decides a refund.
 */
export interface RefundPlan {
  orderUpdate: Partial<TransactionRecord>;
  requestUpdate: Partial<RefundRequestRecord>;
  /** Gems to add to the player: negative when they are taken back, positive when given back. */
  gems: number;
  events: OrderEvent[];
  mail: MailKind | null;
}

export type Planned = { ok: true; plan: RefundPlan } | { ok: false; why: string };

/**
 * What a refund's move does besides the order and the request: the order's gems taken back (a refund in the ledger,
 * by the staff member who approved it) or given back when the provider refused (a refused refund), its history line,
 * the mail it owes, and the refunded money on its day.
 */
export function refundMoveEffects(order: TransactionRecord, plan: RefundPlan): MoveEffects {
  const { gems, events, mail, orderUpdate } = plan;
  const { at, actor } = events[0]!;
  return moveEffects({
    gems: gems === 0 ? null : orderMove(gems < 0 ? 'refund' : 'refund_refused', order, gems, at, { staff: actor }),
    events,
    mail: mail ? [{ kind: mail, orderId: order.order_id }] : [],
    day: refundMoveCounts(order, orderUpdate.status),
  });
}

/** A staff member, as the audit trail names them. */
export type Actor = { uid: string; email: string };

/** Why a request in this status cannot move on the way asked. */
const STUCK: Record<RefundRequestStatus, string> = {
  requested: 'This refund is not under way at the provider.',
  approving: 'A refund of this order is under way at the provider: it cannot be approved again or declined. The store finishes it as soon as the provider answers.',
  refunded: 'This refund request was already approved and refunded.',
  approval_failed: 'The provider refused this refund earlier, and the request is closed. The order is still paid.',
  declined: 'This refund request was already declined.',
};

/** Why the request cannot move to `to` now, or null when it can. */
export function refundBlocked(order: TransactionRecord | null, request: RefundRequestRecord | null, to: RefundRequestStatus): string | null {
  if (!order || !request) return 'There is no refund request for this order.';
  if (!canMoveRefund(request.status, to)) return STUCK[request.status];
  // The bank's decision returns the money of a disputed order: a refund would return it twice, and take the gems twice.
  if (to === 'approving' && isDisputedNow(order.dispute)) return "This order is disputed with the player's bank: the bank's decision returns the money, so it cannot be refunded too. Decline the request, saying so.";
  // A payment refused at its credit is refunded too (the store owes it back), with nothing to take from the balance.
  if (order.status !== 'paid' || (order.checked !== 1 && !order.notCredited)) return 'Only a paid order whose gems were credited can be refunded.';
  return null;
}

/** What refunding an order would leave the player with too little for, or null when the balance holds its gems (the pack's and its bonus). */
export function spentGemsRefusal(balance: number, gemCount: number, gift = false): string | null {
  if (balance >= gemCount) return null;
  // A gift is refunded only while its recipient still holds all its gems (the refund policy says so).
  if (gift) return `${giftTexts.refundSpent} Their balance (${formatGemCount(balance)} gems) no longer holds this order's ${formatGemCount(gemCount)} gems. Decline it with that reason.`;
  return `The player's balance (${formatGemCount(balance)} gems) no longer holds this order's ${formatGemCount(gemCount)} gems: they were spent, or are held by another refund. Decline it with that reason, or contact the player.`;
}

export interface ApprovalStart {
  actor: Actor;
  at: number;
  /** The provider's idempotency key for this refund: a repeated call with it never refunds twice. */
  attemptId: string;
  /** When the sweep asks the provider about it, should the approval not finish it first. */
  firstCheckAt: number;
}

/**
 * Approve: before the provider is asked, the request becomes `approving` with the attempt, and the pack's
 * gems are taken back, but only while the balance holds them all, so the balance never goes below zero and
 * gems spent meanwhile cannot be refunded too.
 */
export function planApprovalStart(order: TransactionRecord | null, request: RefundRequestRecord | null, balance: number, start: ApprovalStart): Planned {
  const why = refundBlocked(order, request, 'approving') ?? spentGemsRefusal(balance, gemsOfOrder(order!), Boolean(order!.gift));
  if (why) return { ok: false, why };
  const { actor, at, attemptId, firstCheckAt } = start;
  return {
    ok: true,
    plan: {
      orderUpdate: { updatedAt: at, refund: { ...(order!.refund ?? { requestedAt: request!.createdAt }), status: 'approving' } },
      requestUpdate: { status: 'approving', attemptId, approvingSince: at, nextCheckAt: firstCheckAt, leaseUntil: 0, checks: 0 },
      gems: -gemsOfOrder(order!),
      events: [
        {
          orderId: order!.order_id,
          userId: order!.userId,
          at,
          type: 'refundApproving',
          source: 'support',
          actor,
          gems: -gemsOfOrder(order!),
          detail: `${formatGatewayAmount(order!.amount)} to be returned by the provider (attempt ${attemptId})`,
        },
      ],
      mail: null,
    },
  };
}

/** What the provider said of a refund attempt: it returned the money, or it refused to. */
export type ProviderRefundOutcome = { refunded: true; providerRefundId: string } | { refunded: false; reason: string };

/**
 * The provider's answer ends an approval: refunded (the order too, by the order machine's one refund move),
 * or approval_failed with the gems given back. Only the attempt still under way is finished, once.
 */
export function planApprovalFinish(
  order: TransactionRecord | null,
  request: RefundRequestRecord | null,
  player: PlayerGems,
  attemptId: string,
  outcome: ProviderRefundOutcome,
  at: number,
  source: OrderEvent['source'],
): Planned {
  const to = outcome.refunded ? 'refunded' : 'approval_failed';
  const why = refundBlocked(order, request, to);
  if (why) return { ok: false, why };
  if (request!.attemptId !== attemptId) return { ok: false, why: 'Another refund attempt is under way for this order.' };
  const base = { orderId: order!.order_id, userId: order!.userId, at, source };
  if (outcome.refunded) {
    if (!canMove(order!.status, 'refunded')) return { ok: false, why: 'Only a paid order can be refunded.' };
    return {
      ok: true,
      plan: {
        orderUpdate: { status: 'refunded', refundedAt: at, updatedAt: at, refund: { ...order!.refund!, status: 'refunded', decidedAt: at } },
        requestUpdate: { status: 'refunded', decidedAt: at, providerRefundId: outcome.providerRefundId, leaseUntil: 0 },
        gems: 0,
        events: [{ ...base, type: 'refundApproved', statusFrom: 'paid', statusTo: 'refunded', detail: `${formatGatewayAmount(order!.amount)} returned by the provider (refund ${outcome.providerRefundId})` }],
        mail: 'refundApproved',
      },
    };
  }
  // A dispute opened while the refund was under way took nothing: the gems the refund took now stay with it.
  const handedToDispute = isDisputedNow(order!.dispute) ? takenBack(order!) : 0;
  const gems = takenBack(order!) - handedToDispute;
  const dispute = order!.dispute && handedToDispute > 0 && isDisputeOpen(order!.dispute.status) ? { dispute: { ...order!.dispute, gemsTaken: order!.dispute.gemsTaken + handedToDispute } } : {};
  const detail = order!.notCredited ? 'support must return the payment' : handedToDispute > 0 ? "the gems stay taken back: the order is disputed with the player's bank" : 'the gems were given back';
  // Given back as every credit is: a debt from a disputed payment is paid first, so the store's books and the game's agree.
  const { debtPaid } = creditAgainstDebt(player, gems);
  const events: OrderEvent[] = [{ ...base, type: 'refundFailed', gems, detail: `${outcome.reason}; ${detail}` }];
  if (debtPaid > 0) events.push({ ...base, type: 'debtPaid', gems: -debtPaid, detail: `${formatGemCount(player.debt - debtPaid)} gems still owed` });
  return {
    ok: true,
    plan: {
      orderUpdate: { updatedAt: at, refund: { ...order!.refund!, status: 'approval_failed', decidedAt: at }, ...dispute },
      requestUpdate: { status: 'approval_failed', decidedAt: at, failure: outcome.reason, leaseUntil: 0 },
      gems,
      events,
      mail: null,
    },
  };
}

/** The gems an approval took back: the order's, unless its payment was refused and nothing was credited. */
const takenBack = (order: TransactionRecord) => (order.checked === 1 ? gemsOfOrder(order) : 0);

/** Decline: only a waiting request, with a reason the player is shown and emailed. */
export function planDecline(order: TransactionRecord | null, request: RefundRequestRecord | null, decision: { actor: Actor; at: number; reason: string }): Planned {
  const why = refundBlocked(order, request, 'declined');
  if (why) return { ok: false, why };
  const { actor, at, reason } = decision;
  return {
    ok: true,
    plan: {
      orderUpdate: { updatedAt: at, refund: { status: 'declined', requestedAt: request!.createdAt, decidedAt: at, declineReason: reason } },
      requestUpdate: { status: 'declined', decidedAt: at, declineReason: reason },
      gems: 0,
      events: [{ orderId: order!.order_id, userId: order!.userId, at, type: 'refundDeclined', source: 'support', actor, detail: reason }],
      mail: 'refundDeclined',
    },
  };
}
