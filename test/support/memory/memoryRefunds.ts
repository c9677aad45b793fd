import { creditedUidOf } from '../../../src/server/ledger/orderMoves';
import type { BalancesRepository } from '../../../src/server/accounts/balancesRepository';
import { planApprovalFinish, planApprovalStart, planDecline, refundMoveEffects, type Planned } from '../../../src/server/refunds/refundPlans';
import { declinedCreditEffects, planGameDecline } from '../../../src/server/refunds/declinedCreditPlan';
import type { PlayerGems } from '../../../src/shared/balance';
import { newRefundRequest, type RefundRequestRecord } from '../../../src/server/orders/refundRequestRecord';
import { REFUND_REQUEST_MAIL } from '../../../src/server/mail/outbox';
import type { DecisionOutcome, RefundsRepository } from '../../../src/server/refunds/refundsRepository';
import type { TransactionRecord } from '../../../src/server/orders/orderRules';
import { isRefundOpen } from '../../../src/shared/refunds/refundRequest';
import { applyMoveEffects, applyStanding, playerGemsIn, type MemoryState } from './memoryState';

/**
 * Refund requests and balances in memory, over the memory store's orders and balances, for unit tests of
 * the refund service: the same plans (src/server/refunds/refundPlans.ts) as the Firestore repository,
 * applied to maps instead of committed.
 */
export function memoryRefunds(orders: MemoryState) {
  const requests = orders.refundRequests;
  const balanceOf = (uid: string) => orders.balances.get(uid) ?? 0;
  /** Judges with a plan, and applies it to the maps. */
  const decide = (orderId: string, judge: (order: TransactionRecord | null, request: RefundRequestRecord | null, player: PlayerGems) => Planned): DecisionOutcome => {
    const order = orders.records.get(orderId) ?? null;
    const request = requests.get(orderId) ?? null;
    const player = order ? playerGemsIn(orders, creditedUidOf(order)) : { balance: 0, debt: 0 };
    const planned = judge(order && { ...order }, request && { ...request }, player);
    if (!planned.ok) return { decided: false, why: planned.why };
    const { orderUpdate, requestUpdate, events } = planned.plan;
    const effects = refundMoveEffects({ ...order! }, planned.plan);
    applyStanding(orders, order!, { ...order!, ...orderUpdate });
    Object.assign(order!, orderUpdate);
    Object.assign(request!, requestUpdate);
    applyMoveEffects(orders, events[0]!.at, effects);
    return { decided: true, order: { ...order! }, request: { ...request! } };
  };

  const refunds: RefundsRepository = {
    async find(orderId) {
      const request = requests.get(orderId);
      return request ? { ...request } : null;
    },
    async openRequestsOf(userId) {
      return [...requests.values()].filter((request) => request.userId === userId && isRefundOpen(request.status)).map((request) => ({ ...request }));
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
      for (const kind of REFUND_REQUEST_MAIL) orders.mail.push({ kind, orderId });
      return { made: true, request: { ...request } };
    },
    async beginApproval(orderId, start) {
      return decide(orderId, (order, request, player) => planApprovalStart(order, request, player.balance, start));
    },
    async finishApproval(orderId, attemptId, outcome, at, source) {
      return decide(orderId, (order, request, player) => planApprovalFinish(order, request, player, attemptId, outcome, at, source));
    },
    async decline(orderId, decision) {
      return decide(orderId, (order, request) => planDecline(order, request, decision));
    },
    async noteProviderTrouble(request, { at, reason, nextCheckAt, checks, source }) {
      Object.assign(requests.get(request.orderId)!, { nextCheckAt, checks, leaseUntil: 0 });
      orders.events.push({ orderId: request.orderId, userId: request.userId, at, type: 'refundDelayed', source, detail: reason });
    },
    async beginDeclinedRefund(orderId, decline) {
      const order = orders.records.get(orderId) ?? null;
      const planned = planGameDecline(order && { ...order }, requests.get(orderId) ?? null, decline);
      if (!planned.ok) return { decided: false, why: planned.why };
      const effects = declinedCreditEffects({ ...order! }, planned);
      Object.assign(order!, planned.orderUpdate);
      requests.set(orderId, { ...planned.request });
      applyMoveEffects(orders, decline.at, effects);
      return { decided: true, order: { ...order! }, request: { ...planned.request } };
    },
    async claimDueApprovals(now, limit, leaseMs) {
      const due = [...requests.values()]
        .filter((request) => request.status === 'approving' && (request.nextCheckAt ?? Infinity) <= now)
        .sort((a, b) => a.nextCheckAt! - b.nextCheckAt!)
        .slice(0, limit);
      for (const request of due) Object.assign(request, { nextCheckAt: now + leaseMs, leaseUntil: now + leaseMs });
      return due.map((request) => ({ ...request }));
    },
  };
  const balances: BalancesRepository = {
    async balanceOf(uid) {
      return balanceOf(uid);
    },
    // The fakes keep no daily gifts.
    async giftGemsSince() {
      return 0;
    },
  };
  return { refunds, balances, requests };
}
