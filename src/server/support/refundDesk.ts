import crypto from 'node:crypto';
import { policyFacts } from '../../shared/policy';
import { replyDue } from '../../shared/support/replyDue';
import type { RefundQueueEntry, SupportOrderDetail } from '../../shared/support/supportViews';
import type { StaffMember } from '../auth/requireSupport';
import { HttpError } from '../http/errors';
import { toRefundView } from '../orders/refundRequestRecord';
import { settleApproval } from '../refunds/refundSettlement';
import type { DecisionOutcome } from '../refunds/refundsRepository';
import { existingOrder, orderDetail, type SupportDeps } from './supportService';

// Support's refund desk: the queue of requests waiting for a decision, and the decisions.

/** After the provider's timeout, how long an approval is left to itself before the sweep asks about it. */
const REFUND_SETTLE_MARGIN_MS = 5_000;

/** GET /api/support/refunds: requests waiting for a decision, oldest first, with the days left of the promise. */
export async function refundQueue(deps: SupportDeps, now = Date.now()): Promise<RefundQueueEntry[]> {
  return (await deps.readModel.waitingRefunds()).map((request) => ({
    request: toRefundView(request),
    userId: request.userId,
    playerEmail: request.accountEmail ?? null,
    productName: request.productName,
    amount: request.amount,
    gemCount: request.gemCount,
    replyDue: replyDue(request.createdAt, now, deps.settings.STORE_TIME_ZONE, policyFacts.supportReplyWorkingDays),
  }));
}

const decided = (outcome: DecisionOutcome) => {
  if (!outcome.decided) throw new HttpError(409, outcome.why);
  return outcome;
};

/**
 * POST /api/support/refunds/:orderId/approve: first one guarded commit makes the request `approving` and
 * takes the pack's gems back (only while the balance holds them, so gems spent meanwhile are never refunded
 * too), and only then is the provider asked, with the attempt's idempotency key. Its answer finishes the
 * approval: refunded (the player is emailed), or refused (the gems go back). A provider that does not
 * answer in time leaves the refund under way, and the sweep finishes it either way.
 */
export async function approveRefund(deps: SupportDeps, staff: StaffMember, orderId: string): Promise<SupportOrderDetail> {
  await existingOrder(deps, orderId);
  const at = Date.now();
  const { request } = decided(
    await deps.refunds.beginApproval(orderId, {
      actor: staff,
      at,
      attemptId: crypto.randomUUID(),
      // The approval itself settles it within the provider's timeout; the sweep asks only after that.
      firstCheckAt: at + deps.settings.GATEWAY_TIMEOUT_MS + REFUND_SETTLE_MARGIN_MS,
    }),
  );
  deps.log.info({ event: 'support.refund_approving', orderId, staff: staff.uid, attemptId: request.attemptId });
  const settled = await settleApproval(deps, request, 'support');
  if ('refused' in settled) {
    throw new HttpError(
      502,
      `The provider refused this refund (${settled.refused}). Nothing was refunded: the order is still paid, and the player's gems were given back.`,
    );
  }
  if ('underWay' in settled) {
    throw new HttpError(
      504,
      `The provider has not confirmed the refund yet (${settled.underWay}). It stays under way: the store asks the provider again shortly and finishes it either way. Nothing more needs doing.`,
    );
  }
  return orderDetail(deps, orderId);
}

/** POST /api/support/refunds/:orderId/decline: with a reason the player is shown and emailed; never while a refund is under way. */
export async function declineRefund(deps: SupportDeps, staff: StaffMember, orderId: string, reason: string): Promise<SupportOrderDetail> {
  await existingOrder(deps, orderId);
  decided(await deps.refunds.decline(orderId, { actor: staff, at: Date.now(), reason }));
  deps.log.info({ event: 'support.refund_declined', orderId, staff: staff.uid });
  return orderDetail(deps, orderId);
}
