import type { OpenOrdersResponse, ReconcileResponse } from '../../shared/api';
import { toOrderView, type OrderView } from '../../shared/orders/orderView';
import { OPEN_ORDERS_LISTED_MAX } from '../../shared/validation/paymentForm';
import type { StoreSessionAccess } from '../../shared/storeSession';
import { isTransferUnderWay } from '../../shared/payMethod';
import { HttpError } from '../http/errors';
import { mapWithConcurrency } from '../lib/mapWithConcurrency';
import { newestFirst, openToResume, storedStatus, toOpenOrder, type ProviderAnswer } from '../orders/orderRules';
import { ownOrder } from '../orders/ownOrder';
import { checkWithProvider, logOutcome } from '../provider/providerCheck';
import { GatewayError } from '../provider/gatewayClient';
import type { ProviderDeps } from '../provider/providerDeps';
import { sharedWhileUnderWay } from '../lib/sharedWhileUnderWay';

/** How many of a player's orders one reconcile asks the provider about at once. */
const RECONCILE_CONCURRENCY = 4;

/** GET /api/payments/open: the player's open unpaid orders, newest first, wherever they were started. */
export async function listOpenOrders(deps: ProviderDeps, userId: string, session: StoreSessionAccess | null = null): Promise<OpenOrdersResponse> {
  return { orders: newestFirst(openToResume(await deps.orders.findOpen(userId, OPEN_ORDERS_LISTED_MAX))).map((record) => toOpenOrder(record, session)) };
}

/** GET /api/orders/:orderId: the player's order as stored. */
export async function orderFor(deps: ProviderDeps, userId: string, orderId: string, session: StoreSessionAccess | null = null): Promise<OrderView> {
  return toOrderView(orderId, { ...(await ownOrder(deps, userId, orderId, session)) });
}

/**
 * POST /api/orders/:orderId/cancel: the player's own unpaid order ends cancelled, by the provider's cancel and
 * the order machine. The provider answers the order's status: one already paid is credited instead. A payment
 * that lands after the cancel is still credited (the sweep watches a cancelled order for LATE_PAYMENT_WATCH_MS).
 * A bank transfer under way is the bank's, and the provider cannot cancel it: the player stops waiting for it, and
 * money that lands later is credited (or refunded) by those same rules.
 */
export async function cancelOrder(deps: ProviderDeps, userId: string, orderId: string, session: StoreSessionAccess | null = null): Promise<OrderView> {
  const record = await ownOrder(deps, userId, orderId, session);
  if (storedStatus(record) !== 'pending') throw new HttpError(409, 'This order is not waiting for payment any more, so there is nothing to cancel.');
  let answer: ProviderAnswer;
  try {
    answer = await deps.gateway.cancelPayment(orderId);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    deps.log.warn({ event: 'order.cancel_failed', orderId, failure: error.failure, reason: error.message });
    throw new HttpError(
      error.failure === 'timeout' ? 504 : 502,
      'The payment service could not cancel this order right now. Nothing changed; please try again in a few minutes.',
    );
  }
  const stopsWaiting = isTransferUnderWay(record) && answer.means === 'pending';
  const outcome = stopsWaiting
    ? await deps.orders.applyProviderAnswer(orderId, { ...answer, means: 'cancelled' }, { source: 'player', playerStoppedWaiting: true })
    : await deps.orders.applyProviderAnswer(orderId, answer, { source: 'player' });
  logOutcome(deps.log, orderId, stopsWaiting ? 'stop waiting' : 'cancel', answer, outcome);
  return toOrderView(orderId, { ...(outcome?.record ?? record) });
}

/** POST /api/orders/:orderId/check: asks the provider about one of the player's orders now. */
export async function checkOrder(deps: ProviderDeps, userId: string, orderId: string, session: StoreSessionAccess | null = null): Promise<OrderView> {
  const record = await ownOrder(deps, userId, orderId, session);
  return toOrderView(orderId, { ...((await checkWithProvider(deps, orderId, 'check'))?.record ?? record) });
}

/**
 * The player's reconcile (docs/storefront.md, The order's life): their orders younger than RECONCILE_WINDOW_MS that the provider's word
 * can still change (pending, and unpaid final ones a late payment may still turn paid), asked about side by
 * side. One order that cannot be checked never ends it. (The server's sweep watches every order.)
 */
export function reconcilePending(deps: ProviderDeps, userId: string): Promise<ReconcileResponse> {
  // A player's reconciles while one is under way (every tab of theirs asks) are answered with it.
  return reconcilesUnderWay(deps, userId, () => reconcileNow(deps, userId));
}

const reconcilesUnderWay = sharedWhileUnderWay<ReconcileResponse>();

async function reconcileNow(deps: ProviderDeps, userId: string): Promise<ReconcileResponse> {
  const since = Date.now() - deps.settings.RECONCILE_WINDOW_MS;
  const pending = await deps.orders.findRecentUnsettled(since, userId);
  const outcomes = await mapWithConcurrency(pending, RECONCILE_CONCURRENCY, (record) =>
    checkWithProvider(deps, record.order_id, 'reconcile'),
  );
  let credited = 0;
  const orders: OrderView[] = pending.map((record, index) => {
    const outcome = outcomes[index]!;
    if (outcome.status === 'rejected') {
      deps.log.error({ event: 'order.check_failed', orderId: record.order_id, source: 'reconcile', reason: String(outcome.reason) });
      return toOrderView(record.order_id, { ...record });
    }
    if (outcome.value?.creditedNow) credited += 1;
    return toOrderView(record.order_id, { ...(outcome.value?.record ?? record) });
  });
  return { checked: pending.length, credited, orders };
}
