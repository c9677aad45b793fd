import type { PlayersRepository } from '../../src/server/players/playersRepository';
import {
  newRefundRequest,
  undecidable,
  type DecisionOutcome,
  type RefundRequestRecord,
  type RefundsRepository,
} from '../../src/server/refunds/refundsRepository';
import type { memoryTransactions } from './memoryTransactions';

/**
 * Refund requests and players in memory, over memoryTransactions' orders and balances, for unit tests of
 * the refund service: the same judgement inside the request as the Firestore repository, without a database.
 */
export function memoryRefunds(orders: ReturnType<typeof memoryTransactions>) {
  const requests = new Map<string, RefundRequestRecord>();
  /** A decision, judged by the same rule as the Firestore repository, applied to the maps. */
  const decide = (orderId: string, apply: (order: NonNullable<ReturnType<typeof orders.records.get>>, request: RefundRequestRecord) => void): DecisionOutcome => {
    const order = orders.records.get(orderId) ?? null;
    const request = requests.get(orderId) ?? null;
    const why = undecidable(order, request);
    if (why) return { decided: false, why };
    apply(order!, request!);
    return { decided: true, order: { ...order! }, request: { ...request! } };
  };

  const refunds: RefundsRepository = {
    async approve(orderId, { actor, at, providerRefundId }) {
      return decide(orderId, (order, request) => {
        Object.assign(order, { status: 'refunded', refundedAt: at, updatedAt: at, refund: { ...order.refund, status: 'refunded', decidedAt: at } });
        Object.assign(request, { status: 'refunded', decidedAt: at, decidedBy: actor, providerRefundId });
        orders.balances.set(order.userId, (orders.balances.get(order.userId) ?? 0) - order.gemCount);
        orders.events.push({ orderId, userId: order.userId, at, type: 'refundApproved', source: 'support', actor, gems: -order.gemCount });
        orders.mail.push({ kind: 'refundApproved', orderId });
      });
    },
    async decline(orderId, { actor, at, reason }) {
      return decide(orderId, (order, request) => {
        Object.assign(order, { updatedAt: at, refund: { status: 'declined', requestedAt: request.createdAt, decidedAt: at, declineReason: reason } });
        Object.assign(request, { status: 'declined', decidedAt: at, decidedBy: actor, declineReason: reason });
        orders.events.push({ orderId, userId: order.userId, at, type: 'refundDeclined', source: 'support', actor, detail: reason });
        orders.mail.push({ kind: 'refundDeclined', orderId });
      });
    },
    async recordFailure(order, { actor, at, reason }) {
      orders.events.push({ orderId: order.order_id, userId: order.userId, at, type: 'refundFailed', source: 'support', actor, detail: reason });
    },
    async find(orderId) {
      const request = requests.get(orderId);
      return request ? { ...request } : null;
    },
    async request(orderId, { reason, accountEmail, at }, allowed) {
      const order = orders.records.get(orderId);
      if (!order) throw new Error(`No order ${orderId} to refund.`);
      const eligibility = allowed({ ...order }, requests.get(orderId) ?? null);
      if (!eligibility.eligible) return { made: false, eligibility };
      const request = newRefundRequest(order, { reason, accountEmail, at });
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
