import type { OrderEvent } from '../../shared/orders/orderEvents';
import type { Logger } from '../lib/logger';
import { changeFor, storedStatus, type ProviderAnswer, type ProviderDetails, type TransactionRecord } from '../orders/orderRules';
import type { ApplyOutcome } from '../orders/ordersRepository';
import { GatewayError } from './gatewayClient';
import type { ProviderDeps } from './providerDeps';
import { sharedWhileUnderWay } from '../lib/sharedWhileUnderWay';

/** Who asked the provider: every check is logged, and its changes recorded, with its source. */
export type CheckSource = 'return' | 'reconcile' | 'check' | 'sweep' | 'support';

/** A check's outcome, and what the provider answered (or why it could not be asked). */
export type ProviderCheck = ApplyOutcome & ({ answer: ProviderAnswer } | { failure: string });

/**
 * Asks the provider and applies its answer. When the provider cannot be asked, nothing changes and the
 * stored order is reported; the reconciler and the sweep try again later.
 */
export function checkWithProvider(
  deps: ProviderDeps,
  orderId: string,
  source: CheckSource,
  said: ProviderDetails = {},
  actor?: OrderEvent['actor'],
): Promise<ProviderCheck | null> {
  return oneAtATime(deps, orderId, () => askAndApply(deps, orderId, source, said, actor));
}

/**
 * The sweep's check of an order it claimed, `claimed` as the claim read it: an answer that changes nothing
 * (the usual one in a backlog of payments still under way) is known without reading the order again. An answer that
 * changes it is applied as any other, from a fresh read in a guarded commit.
 */
export function checkClaimed(deps: ProviderDeps, claimed: TransactionRecord): Promise<ProviderCheck | null> {
  return oneAtATime(deps, claimed.order_id, () => askAndApply(deps, claimed.order_id, 'sweep', {}, undefined, claimed));
}

/**
 * One question to the provider per order at a time in this instance: a burst of checks of one order (returns,
 * reconciles, checks) shares it instead of racing to commit the same change.
 */
const oneAtATime = sharedWhileUnderWay<ProviderCheck | null>();

async function askAndApply(
  deps: ProviderDeps,
  orderId: string,
  source: CheckSource,
  said: ProviderDetails,
  actor: OrderEvent['actor'] | undefined,
  known?: TransactionRecord,
): Promise<ProviderCheck | null> {
  let answer: ProviderAnswer;
  let told: ProviderDetails = said;
  try {
    const reply = await deps.gateway.queryStatus(orderId);
    answer = reply.answer;
    // How the player paid, as the query names it, where the return or callback did not.
    if (reply.payMethod && !said.payMethod) told = { ...told, payMethod: reply.payMethod };
    if (reply.threeDSecure && !said.threeDSecure) told = { ...told, threeDSecure: reply.threeDSecure };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    deps.log.warn({ event: 'order.check_failed', orderId, source, failure: error.failure, reason: error.message });
    const record = known ?? (await deps.orders.find(orderId));
    return record && { record, creditedNow: false, failure: `${error.failure}: ${error.message}` };
  }
  if (known && !changeFor(known, answer, told.payMethod)) return { record: known, creditedNow: false, answer };
  const outcome = await deps.orders.applyProviderAnswer(orderId, answer, { source, said: told, ...(actor ? { actor } : {}) });
  logOutcome(deps.log, orderId, source, answer, outcome);
  return outcome && { ...outcome, answer };
}

/** The provider's answer to an order in the log: what it said and made of the order, and the credit. */
export function logOutcome(log: Logger, orderId: string, source: string, answer: ProviderAnswer, outcome: ApplyOutcome | null): void {
  if (!outcome) return;
  const status = storedStatus(outcome.record);
  log.info({ event: 'order.checked', orderId, source, providerStatus: answer.word, status });
  if (outcome.creditedNow) {
    log.info({ event: 'order.credited', orderId, source, userId: outcome.record.userId, gems: outcome.record.gemCount });
  }
}
