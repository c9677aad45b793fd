import type { OrderEvent } from '../../shared/orders/orderEvents';
import type { Logger } from '../logger';
import { storedStatus, type ProviderDetails } from '../orders/orderRules';
import type { ApplyOutcome } from '../orders/ordersRepository';
import { GatewayError } from './gatewayClient';
import type { PaymentDeps } from './paymentDeps';

/** Who asked the provider: every confirmation is logged, and its changes recorded, with its source. */
export type ConfirmationSource = 'return' | 'reconcile' | 'check' | 'sweep' | 'support';

/** A confirmation's outcome, and what the provider said (or why it could not be asked). */
export type Confirmation = ApplyOutcome & ({ providerStatus: string } | { failure: string });

/**
 * Asks the provider and applies its answer. When the provider cannot be asked, nothing changes and the
 * stored order is reported; the reconciler and the sweep try again later.
 */
export function confirmWithProvider(
  deps: PaymentDeps,
  orderId: string,
  source: ConfirmationSource,
  said: ProviderDetails = {},
  actor?: OrderEvent['actor'],
): Promise<Confirmation | null> {
  // One question to the provider per order at a time in this instance: a burst of confirmations of one
  // order (returns, reconciles, checks) shares it instead of racing to commit the same change.
  let underWay = confirmationsUnderWay.get(deps);
  if (!underWay) confirmationsUnderWay.set(deps, (underWay = new Map()));
  const running = underWay.get(orderId);
  if (running) return running;
  const confirmation = askAndApply(deps, orderId, source, said, actor).finally(() => underWay.delete(orderId));
  underWay.set(orderId, confirmation);
  return confirmation;
}

/** The confirmations under way, per instance (its deps) and order. */
const confirmationsUnderWay = new WeakMap<PaymentDeps, Map<string, Promise<Confirmation | null>>>();

async function askAndApply(
  deps: PaymentDeps,
  orderId: string,
  source: ConfirmationSource,
  said: ProviderDetails,
  actor: OrderEvent['actor'] | undefined,
): Promise<Confirmation | null> {
  let providerWord: string;
  try {
    providerWord = await deps.gateway.queryStatus(orderId);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    deps.log.warn({ event: 'order.check_failed', orderId, source, failure: error.failure, reason: error.message });
    const record = await deps.orders.find(orderId);
    return record && { record, creditedNow: false, failure: `${error.failure}: ${error.message}` };
  }
  const outcome = await deps.orders.applyProviderStatus(orderId, providerWord, { source, said, ...(actor ? { actor } : {}) });
  logOutcome(deps.log, orderId, source, providerWord, outcome);
  return outcome && { ...outcome, providerStatus: providerWord };
}

/** The provider's answer to an order in the log: what it said and made of the order, and the credit. */
export function logOutcome(log: Logger, orderId: string, source: string, providerStatus: string, outcome: ApplyOutcome | null): void {
  if (!outcome) return;
  const status = storedStatus(outcome.record);
  log.info({ event: 'order.checked', orderId, source, providerStatus, status });
  if (outcome.creditedNow) {
    log.info({ event: 'order.credited', orderId, source, userId: outcome.record.userId, gems: outcome.record.gemCount });
  }
}
