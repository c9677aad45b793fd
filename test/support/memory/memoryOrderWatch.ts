import type { OrderWatchRepository } from '../../../src/server/orderWatch/orderWatchRepository';
import type { TransactionRecord } from '../../../src/server/orders/orderRules';
import { checkEvent, isUnwatched, watchFrom } from '../../../src/server/orders/orderWatchRules';
import { WATCHED_STATUSES } from '../../../src/shared/orders/orderStatus';
import type { MemoryState } from './memoryState';

/** The sweep's watch in memory: claims, next checks and adoption by the same rules as the Firestore repository. */
export function memoryOrderWatch(state: MemoryState): OrderWatchRepository {
  const { records, events } = state;
  return {
    async claimDue(now, limit, claimOf) {
      const due = [...records.values()]
        .filter((record) => WATCHED_STATUSES.includes(record.status) && typeof record.nextCheckAt === 'number' && record.nextCheckAt <= now)
        .sort((a, b) => a.nextCheckAt - b.nextCheckAt)
        .slice(0, limit);
      for (const record of due) Object.assign(record, claimOf({ ...record }));
      return due.map((record) => ({ ...record }));
    },
    async releaseClaimsOf(claimant, now) {
      const held = [...records.values()].filter((record) => record.claimedBy === claimant && record.leaseUntil > now);
      for (const record of held) Object.assign(record, { nextCheckAt: now, leaseUntil: 0 });
      return held.length;
    },
    async adoptUnwatched(now) {
      if (state.adoption.done) return null;
      const unwatched = [...records.values()].filter(isUnwatched);
      for (const record of unwatched) {
        Object.assign(record, watchFrom(record, now));
        events.push({ orderId: record.order_id, userId: record.userId, at: now, type: 'watchStarted', source: 'sweep' });
      }
      state.adoption.done = true;
      return unwatched.length;
    },
    checkWrites() {
      return {
        scheduleNext(record, { at, nextCheckAt, checks, answer, detail }) {
          Object.assign(records.get(record.order_id)!, { nextCheckAt, checks, lastCheckedAt: at, leaseUntil: 0 });
          events.push(checkEvent(record, at, detail, answer));
        },
        endWatch(record, at, detail) {
          const stored = records.get(record.order_id)!;
          delete (stored as Partial<TransactionRecord>).nextCheckAt;
          Object.assign(stored, { leaseUntil: 0, lastCheckedAt: at });
          events.push(checkEvent(record, at, detail));
        },
        unclaim(record, { checks, lastCheckedAt }) {
          const stored = records.get(record.order_id)!;
          delete (stored as Partial<TransactionRecord>).lastCheckedAt;
          Object.assign(stored, { checks, nextCheckAt: record.leaseUntil, ...(lastCheckedAt !== undefined ? { lastCheckedAt } : {}) });
        },
        async close() {
          return [];
        },
      };
    },
  };
}
