import type { ApplyOutcome, OrdersRepository } from '../../../src/server/orders/ordersRepository';
import { planProviderAnswer } from '../../../src/server/orders/orderRules';
import { WATCHED_STATUSES } from '../../../src/shared/orders/orderStatus';
import type { MemoryState } from './memoryState';

/** The orders in memory: the same plan of a provider's answer (planProviderAnswer) as the Firestore repository. */
export function memoryOrders(state: MemoryState): OrdersRepository {
  const { records, balances, events, mail, firstPurchaseTakenBy, codeUses } = state;
  return {
    async create(record) {
      if (records.has(record.order_id)) throw new Error('ALREADY_EXISTS');
      records.set(record.order_id, { ...record });
      events.push({ orderId: record.order_id, userId: record.userId, at: record.createdAt, type: 'created', source: 'player' });
    },
    async find(orderId) {
      const record = records.get(orderId);
      return record ? { ...record } : null;
    },
    async findRecentUnsettled(since, userId) {
      return [...records.values()].map((record) => ({ ...record })).filter(
        (record) => WATCHED_STATUSES.includes(record.status) && record.createdAt >= since && (!userId || record.userId === userId),
      );
    },
    async findOpen(userId, limit) {
      return [...records.values()].filter((record) => record.userId === userId && record.status === 'pending').slice(0, limit);
    },
    async findMadeSince(userId, since) {
      return [...records.values()].filter((record) => record.userId === userId && record.createdAt >= since).map((record) => ({ ...record }));
    },
    async findLastCredited(userId) {
      const credited = [...records.values()].filter((record) => record.userId === userId && record.checked === 1);
      return credited.sort((a, b) => (b.paidAt ?? 0) - (a.paidAt ?? 0))[0] ?? null;
    },
    async appendHistory(more) {
      events.push(...more);
    },
    async applyProviderStatus(orderId, providerWord, context): Promise<ApplyOutcome | null> {
      const record = records.get(orderId);
      if (!record) return null;
      const change = planProviderAnswer(record, providerWord, context, Date.now(), firstPurchaseTakenBy.get(record.userId) ?? null);
      if (!change) return { record: { ...record }, creditedNow: false };
      Object.assign(record, change.update);
      if (change.credit > 0) balances.set(record.userId, (balances.get(record.userId) ?? 0) + change.credit);
      if (change.takesFirstPurchase) firstPurchaseTakenBy.set(record.userId, orderId);
      if (change.codeUse !== 0) codeUses.push({ offerId: record.offer!.id, userId: record.userId, change: change.codeUse });
      events.push(...change.events);
      mail.push(...change.mail.map((kind) => ({ kind, orderId })));
      return { record: { ...record }, creditedNow: change.credit > 0 };
    },
  };
}
