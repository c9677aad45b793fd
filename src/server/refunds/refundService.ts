import { toOrderView } from '../../shared/orders/orderView';
import { purchasedAt, refundEligibility, type RefundEligibility } from '../../shared/refunds/refundPolicy';
import { isRefundWaiting, type RefundStanding } from '../../shared/refunds/refundRequest';
import { HttpError } from '../http/errors';
import type { StoreSessionAccess } from '../../shared/storeSession';
import type { BalancesRepository } from '../accounts/balancesRepository';
import type { TransactionRecord } from '../orders/orderRules';
import { ownOrder } from '../orders/ownOrder';
import { creditedUidOf } from '../ledger/orderMoves';
import type { ProviderDeps } from '../provider/providerDeps';
import { toRefundView, type RefundRequestRecord } from '../orders/refundRequestRecord';
import type { RefundsRepository } from './refundsRepository';

export interface RefundDeps extends ProviderDeps {
  refunds: RefundsRepository;
  balances: BalancesRepository;
}

/** Everything the policy weighs for one of the player's orders, read now. */
async function weigh(deps: RefundDeps, userId: string, orderId: string, session: StoreSessionAccess | null) {
  const record = await ownOrder(deps, userId, orderId, session);
  // A gift's gems are its recipient's: their balance is what must still hold them.
  const holder = creditedUidOf(record);
  const [existing, balance, giftGemsSincePurchase, last, open] = await Promise.all([
    deps.refunds.find(orderId),
    deps.balances.balanceOf(holder),
    deps.balances.giftGemsSince(holder, purchasedAt(toOrderView(orderId, { ...record }))),
    deps.orders.findLastCredited(userId),
    record.gift ? Promise.resolve([]) : deps.refunds.openRequestsOf(userId),
  ]);
  // Gems already taken back by an approval under way are gone from the balance; those of the player's
  // other waiting requests are spoken for: every request is judged against what the others leave.
  const heldByOtherRequests = open
    .filter((request) => request.orderId !== orderId && isRefundWaiting(request.status))
    .reduce((sum, request) => sum + request.gemCount, 0);
  const judge = (order: TransactionRecord, request: RefundRequestRecord | null, now = Date.now()): RefundEligibility =>
    refundEligibility({
      order: toOrderView(orderId, { ...order }),
      alreadyRequested: request !== null,
      now,
      balance,
      gift: Boolean(order.gift),
      heldByOtherRequests,
      giftGemsSincePurchase,
      lastTransactionAmount: last?.amount ?? null,
    });
  return { record, existing, judge };
}

/** GET /api/orders/:orderId/refund: the order's request, if any, and whether one may be made now. The server decides. */
export async function refundStanding(deps: RefundDeps, userId: string, orderId: string, session: StoreSessionAccess | null = null): Promise<RefundStanding> {
  const { record, existing, judge } = await weigh(deps, userId, orderId, session);
  return { request: existing && toRefundView(existing), eligibility: judge(record, existing) };
}

/**
 * POST /api/orders/:orderId/refund: one request per order, when the refund policy allows it. A refusal is
 * a 409 with the policy's reason; nothing is stored.
 */
export async function requestRefund(
  deps: RefundDeps,
  player: { uid: string; email?: string; session?: StoreSessionAccess | null },
  orderId: string,
  reason: string,
): Promise<RefundStanding> {
  const { record, existing, judge } = await weigh(deps, player.uid, orderId, player.session ?? null);
  const before = judge(record, existing);
  if (!before.eligible) throw new HttpError(409, before.message);
  const outcome = await deps.refunds.request(orderId, { reason, accountEmail: player.email, at: Date.now() }, (order, request) => judge(order, request));
  if (!outcome.made) throw new HttpError(409, outcome.eligibility.message);
  deps.log.info({ event: 'order.refund_requested', orderId, userId: player.uid });
  return { request: toRefundView(outcome.request), eligibility: judge(record, outcome.request) };
}
