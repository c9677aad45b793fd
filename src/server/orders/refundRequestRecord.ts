import { NOT_CREDITED_TEXTS, type NotCreditedReason } from '../../shared/orders/orderView';
import type { RefundRequestStatus, RefundRequestView } from '../../shared/refunds/refundRequest';
import { gemsOfOrder, type TransactionRecord } from './orderRules';

/**
 * refund_requests/{orderId}: a refund of one order, as it is kept. The refund machine's moves are refunds/; the
 * record sits with the order's because an order's own commit may owe one (a payment refused at its credit).
 */

/** refund_requests/{orderId}: the player's request and what became of it (src/shared/refunds/refundRequest.ts). */
export interface RefundRequestRecord {
  orderId: string;
  userId: string;
  /** The order's madeBy: the store session that made it, which alone of such sessions reads the request (firestore.rules). */
  madeBy?: string;
  accountEmail?: string;
  reason: string;
  status: RefundRequestStatus;
  createdAt: number;
  amount: string;
  gemCount: number;
  productName: string;
  decidedAt?: number;
  declineReason?: string;
  /** The approval under way: the provider's idempotency key, and since when. */
  attemptId?: string;
  approvingSince?: number;
  /** While approving: when the sweep asks the provider next, whose claim holds it until when, and how often it asked. */
  nextCheckAt?: number;
  leaseUntil?: number;
  checks?: number;
  /** The provider's id for the money it returned. */
  providerRefundId?: string;
  /** Why the provider refused the refund. */
  failure?: string;
}

export function toRefundView(record: RefundRequestRecord): RefundRequestView {
  return {
    orderId: record.orderId,
    status: record.status,
    reason: record.reason,
    createdAt: record.createdAt,
    decidedAt: record.decidedAt ?? null,
    declineReason: record.declineReason ?? null,
  };
}

/** What a new request holds beyond the order. */
export interface NewRefundRequest {
  reason: string;
  accountEmail?: string;
  at: number;
}

/** The request a player makes of one of their orders, as refund_requests/{orderId} keeps it. */
export function newRefundRequest(order: TransactionRecord, { reason, accountEmail, at }: NewRefundRequest): RefundRequestRecord {
  return {
    orderId: order.order_id,
    userId: order.userId,
    ...(order.madeBy ? { madeBy: order.madeBy } : {}),
    ...(accountEmail ? { accountEmail } : {}),
    reason,
    status: 'requested',
    createdAt: at,
    amount: order.amount,
    // The gems a refund takes back: the pack's and its offer's.
    gemCount: gemsOfOrder(order),
    productName: order.product_name,
  };
}

/**
 * The refund a refused payment owes (its credit would have broken a protection): made by the store, under way at
 * once with the provider under the attempt id as its idempotency key (the sweep settles it), and nothing to take
 * back from the balance, since nothing was credited.
 */
export function refundOwedFor(order: TransactionRecord, reason: NotCreditedReason, at: number, attemptId: string): RefundRequestRecord {
  return {
    orderId: order.order_id,
    userId: order.userId,
    ...(order.madeBy ? { madeBy: order.madeBy } : {}),
    ...(order.accountEmail ? { accountEmail: order.accountEmail } : {}),
    reason: `Refunded by the store: ${NOT_CREDITED_TEXTS[reason].replace('your', "the player's")}.`,
    status: 'approving',
    createdAt: at,
    amount: order.amount,
    gemCount: 0,
    productName: order.product_name,
    attemptId,
    approvingSince: at,
    nextCheckAt: at,
    leaseUntil: 0,
    checks: 0,
  };
}
