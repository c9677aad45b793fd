import { ORDER_ID_PATTERN } from '../../shared/paymentProtocol';
import { HttpError } from '../http/errors';
import type { TransactionRecord } from './orderRules';
import type { OrdersRepository } from './ordersRepository';

/** The player's own order; another player's, or none, is not found (its existence is not revealed). */
export async function ownOrder(deps: { orders: OrdersRepository }, userId: string, orderId: string): Promise<TransactionRecord> {
  const record = ORDER_ID_PATTERN.test(orderId) ? await deps.orders.find(orderId) : null;
  if (!record || record.userId !== userId) throw new HttpError(404, 'We have no record of that order.');
  return record;
}
