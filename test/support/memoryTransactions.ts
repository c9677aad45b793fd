import type { ApplyOutcome, TransactionRecord, TransactionsRepository } from '../../src/server/payments/transactionsRepository';
import { changeFor } from '../../src/server/payments/transactionsRepository';

/**
 * The transactions repository in memory, for unit tests of the payment service: the same change rule
 * (changeFor) as the Firestore one, without a database. Balances and saved returns are kept for asserts.
 */
export function memoryTransactions() {
  const records = new Map<string, TransactionRecord>();
  const balances = new Map<string, number>();
  const returns = new Map<string, Array<Record<string, string>>>();

  const repository: TransactionsRepository = {
    async create(record) {
      if (records.has(record.order_id)) throw new Error('ALREADY_EXISTS');
      records.set(record.order_id, { ...record });
    },
    async find(orderId) {
      const record = records.get(orderId);
      return record ? { ...record } : null;
    },
    async findRecentPending(since, userId) {
      return [...records.values()].map((record) => ({ ...record })).filter(
        (record) => record.status === 'pending' && record.createdAt >= since && (!userId || record.userId === userId),
      );
    },
    async findOpen(userId, limit) {
      return [...records.values()].filter((record) => record.userId === userId && record.status === 'pending').slice(0, limit);
    },
    async claimDue(now, limit, leaseMs) {
      const due = [...records.values()]
        .filter((record) => record.status === 'pending' && record.nextCheckAt <= now)
        .sort((a, b) => a.nextCheckAt - b.nextCheckAt)
        .slice(0, limit);
      for (const record of due) Object.assign(record, { nextCheckAt: now + leaseMs, leaseUntil: now + leaseMs });
      return due.map((record) => ({ ...record }));
    },
    async scheduleNextCheck(orderId, { at, nextCheckAt, checks }) {
      Object.assign(records.get(orderId)!, { nextCheckAt, checks, lastCheckedAt: at, leaseUntil: 0 });
    },
    async saveReturn(orderId, parameters) {
      returns.set(orderId, [...(returns.get(orderId) ?? []), parameters]);
    },
    async applyProviderStatus(orderId, providerWord, said = {}): Promise<ApplyOutcome | null> {
      const record = records.get(orderId);
      if (!record) return null;
      const change = changeFor(record, providerWord);
      if (!change) return { record: { ...record }, creditedNow: false };
      Object.assign(record, {
        status: change.status,
        providerStatus: providerWord,
        ...(change.credit ? { checked: 1, paidAt: Date.now() } : {}),
        ...(said.paymentMethod ? { paymentMethod: said.paymentMethod } : {}),
      });
      if (change.credit) balances.set(record.userId, (balances.get(record.userId) ?? 0) + record.gemCount);
      return { record: { ...record }, creditedNow: change.credit };
    },
  };
  return { repository, records, balances, returns };
}
