import { ORDER_ID_PATTERN } from '../../shared/paymentProtocol';
import { mayReachPersonalData, type StoreSessionAccess } from '../../shared/storeSession';
import { HttpError } from '../http/errors';
import type { TransactionRecord } from './orderRules';
import type { OrdersRepository } from './ordersRepository';

/**
 * The player's own order; another player's, or none, is not found (its existence is not revealed). A store session
 * signed in with the game reaches only the orders it made, until the game confirms it for the account's personal data.
 */
export async function ownOrder(deps: { orders: OrdersRepository }, userId: string, orderId: string, session: StoreSessionAccess | null = null): Promise<TransactionRecord> {
  const record = ORDER_ID_PATTERN.test(orderId) ? await deps.orders.find(orderId) : null;
  if (!record || record.userId !== userId || !mayReachPersonalData(session, record.madeBy)) throw new HttpError(404, 'We have no record of that order.');
  return record;
}
