import type { PlayersRepository } from '../../src/server/players/playersRepository';
import type { RefundRequestRecord, RefundsRepository } from '../../src/server/refunds/refundsRepository';
import type { memoryTransactions } from './memoryTransactions';

/**
 * Refund requests and players in memory, over memoryTransactions' orders and balances, for unit tests of
 * the refund service: the same judgement inside the request as the Firestore repository, without a database.
 */
export function memoryRefunds(orders: ReturnType<typeof memoryTransactions>) {
  const requests = new Map<string, RefundRequestRecord>();
  const refunds: RefundsRepository = {
    async find(orderId) {
      const request = requests.get(orderId);
      return request ? { ...request } : null;
    },
    async request(orderId, { reason, accountEmail, at }, allowed) {
      const order = orders.records.get(orderId);
      if (!order) throw new Error(`No order ${orderId} to refund.`);
      const eligibility = allowed({ ...order }, requests.get(orderId) ?? null);
      if (!eligibility.eligible) return { made: false, eligibility };
      const request: RefundRequestRecord = {
        orderId,
        userId: order.userId,
        ...(accountEmail ? { accountEmail } : {}),
        reason,
        status: 'requested',
        createdAt: at,
        amount: order.amount,
        gemCount: order.gemCount,
        productName: order.product_name,
      };
      requests.set(orderId, request);
      Object.assign(order, { refund: { status: 'requested', requestedAt: at }, updatedAt: at });
      orders.events.push({ orderId, userId: order.userId, at, type: 'refundRequested', source: 'player', detail: reason });
      orders.mail.push({ kind: 'refundRequested', orderId });
      return { made: true, request: { ...request } };
    },
  };
  const players: PlayersRepository = {
    async balanceOf(uid) {
      return orders.balances.get(uid) ?? 0;
    },
  };
  return { refunds, players, requests };
}
