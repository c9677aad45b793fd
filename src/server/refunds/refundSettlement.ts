import type { OrderEvent } from '../../shared/orders/orderEvents';
import { mapWithConcurrency } from '../lib/mapWithConcurrency';
import { GatewayError } from '../provider/gatewayClient';
import { recheckDelay } from '../provider/recheckDelay';
import type { RefundDeps } from './refundService';
import type { ProviderRefundOutcome } from './refundPlans';
import type { RefundRequestRecord } from '../orders/refundRequestRecord';

/** What became of an approval when the provider was asked: finished either way, or still under way. */
export type Settlement = { refunded: string } | { refused: string } | { underWay: string } | { finishedElsewhere: string };

/**
 * Asks the provider to make the refund of an approval under way, with the attempt's idempotency key (so a
 * repeated question never refunds twice, and answers what became of an earlier one), and finishes the
 * approval by its answer: refunded, or approval_failed with the gems given back. A provider that cannot be
 * asked (a timeout, an outage, an answer not understood) leaves it `approving`, and the sweep asks again.
 */
export async function settleApproval(deps: RefundDeps, request: RefundRequestRecord, source: OrderEvent['source']): Promise<Settlement> {
  const { orderId, attemptId } = request;
  if (!attemptId) return { finishedElsewhere: 'no refund attempt is under way' };
  let finish: ProviderRefundOutcome;
  try {
    const { refundId } = await deps.gateway.refund(orderId, request.amount, attemptId);
    finish = { refunded: true, providerRefundId: refundId };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    const reason = `${error.failure}: ${error.message}`.slice(0, 200);
    if (error.failure !== 'refused') {
      const checks = (request.checks ?? 0) + 1;
      const at = Date.now();
      await deps.refunds.noteProviderTrouble(request, { at, reason, checks, nextCheckAt: at + recheckDelay(deps.settings, checks), source });
      deps.log.warn({ event: 'refund.provider_trouble', orderId, attemptId, source, reason });
      return { underWay: reason };
    }
    finish = { refunded: false, reason };
  }
  const outcome = await deps.refunds.finishApproval(orderId, attemptId, finish, Date.now(), source);
  if (!outcome.decided) return { finishedElsewhere: outcome.why };
  deps.log.info({ event: finish.refunded ? 'refund.refunded' : 'refund.refused', orderId, attemptId, source });
  return finish.refunded ? { refunded: finish.providerRefundId } : { refused: finish.reason };
}

export interface RefundSweepResult {
  claimed: number;
  refunded: number;
  refused: number;
  underWay: number;
}

/** How many approvals one pass settles at once. */
const SETTLE_CONCURRENCY = 4;

/**
 * One pass over the approvals left under way by a timeout or a crash: claim the due ones (a lease, so
 * instances split them), and settle each with the provider. Bounded by SWEEP_BATCH; one failure never ends it.
 */
export async function settleRefundsOnce(deps: RefundDeps, now: number = Date.now()): Promise<RefundSweepResult> {
  const { settings } = deps;
  const claimed = await deps.refunds.claimDueApprovals(now, settings.SWEEP_BATCH, settings.SWEEP_LEASE_MS);
  const outcomes = await mapWithConcurrency(claimed, SETTLE_CONCURRENCY, (request) => settleApproval(deps, request, 'sweep'));
  const result: RefundSweepResult = { claimed: claimed.length, refunded: 0, refused: 0, underWay: 0 };
  outcomes.forEach((outcome, index) => {
    if (outcome.status === 'rejected') {
      deps.log.error({ event: 'refund.settle_failed', orderId: claimed[index]!.orderId, reason: String(outcome.reason) });
      result.underWay += 1;
    } else if ('refunded' in outcome.value) result.refunded += 1;
    else if ('refused' in outcome.value) result.refused += 1;
    else if ('underWay' in outcome.value) result.underWay += 1;
  });
  return result;
}
