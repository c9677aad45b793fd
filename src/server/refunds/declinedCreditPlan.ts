import { formatGatewayAmount } from '../../shared/money';
import type { OrderEvent } from '../../shared/orders/orderEvents';
import { isDisputedNow } from '../../shared/disputes/dispute';
import type { MailKind } from '../mail/outbox';
import { gemsOfOrder, type TransactionRecord } from '../orders/orderRules';
import { newRefundRequest, type RefundRequestRecord } from '../orders/refundRequestRecord';
import { orderMove } from '../ledger/orderMoves';
import { moveEffects, type MoveEffects } from '../ledger/moveEffects';

// The refund the store starts itself when the game's server declines an order's credit (../gameDelivery).

/** The game's server refused an order's credit (409 `{ declined }`): the store refunds it, under this attempt. */
export interface CreditDeclinedByGame {
  at: number;
  /** The game's reason, as it said it (trimmed, plain text). */
  reason: string;
  attemptId: string;
}

export type DeclinePlanned =
  | { ok: true; request: RefundRequestRecord; creates: boolean; orderUpdate: Partial<TransactionRecord>; gems: number; event: OrderEvent; mail: MailKind }
  | { ok: false; why: string };

/**
 * What refunding a credit the game declined does besides the order and the request: the store's own credit taken
 * back (no event for the game: it never took these gems), its history and the player's email.
 */
export const declinedCreditEffects = (order: TransactionRecord, planned: { event: OrderEvent; mail: MailKind; gems: number }): MoveEffects =>
  moveEffects({ gems: orderMove('credit_declined', order, planned.gems, planned.event.at), events: [planned.event], mail: [{ kind: planned.mail, orderId: order.order_id }] });

/**
 * The game declined a credit: the refund path, started by the store. The request (a new one, or the player's waiting
 * one) goes `approving` under the attempt, the order's gems are taken back (what the balance no longer holds owed, as
 * a dispute's are), and the player is emailed; the provider is asked next, as for an approval.
 */
export function planGameDecline(order: TransactionRecord | null, request: RefundRequestRecord | null, decline: CreditDeclinedByGame): DeclinePlanned {
  if (!order || order.status !== 'paid' || order.checked !== 1) return { ok: false, why: 'Only a paid order whose gems were credited can be refunded.' };
  if (isDisputedNow(order.dispute)) return { ok: false, why: "The order is disputed with the player's bank: the bank's decision returns the money." };
  if (request && request.status !== 'requested') return { ok: false, why: `A refund of this order is ${request.status.replace('_', ' ')} already.` };
  const { at, reason, attemptId } = decline;
  const gems = gemsOfOrder(order);
  const underWay = { status: 'approving' as const, attemptId, approvingSince: at, nextCheckAt: at, leaseUntil: 0, checks: 0 };
  const next: RefundRequestRecord = request
    ? { ...request, ...underWay }
    : {
        ...newRefundRequest(order, { reason: `Refunded by the store: the game declined the gems (${reason}).`, accountEmail: order.accountEmail, at }),
        ...underWay,
      };
  return {
    ok: true,
    request: next,
    creates: request === null,
    orderUpdate: { updatedAt: at, gameDeclined: { reason, at }, refund: { status: 'approving', requestedAt: request?.createdAt ?? at } },
    gems: -gems,
    event: {
      orderId: order.order_id,
      userId: order.userId,
      at,
      type: 'refundApproving',
      source: 'game',
      gems: -gems,
      detail: `the game declined the gems (${reason}); ${formatGatewayAmount(order.amount)} to be returned by the provider (attempt ${attemptId})`,
    },
    mail: 'deliveryDeclined',
  };
}
