import type { GameEventRecord } from '../../../src/server/gameEvents/gameEventRecords';
import type { GameEventsRepository } from '../../../src/server/gameDelivery/gameEventsRepository';
import type { MemoryState } from './memoryState';

/** The game's events in memory, over the memory store's list (the commits write them there), for unit tests of delivery. */
export function memoryGameEvents(state: MemoryState): GameEventsRepository {
  const undelivered = (event: GameEventRecord) => event.status === 'pending' || event.status === 'attention';
  return {
    async claimDue(now, limit, leaseMs) {
      const due = state.gameEventRecords
        .filter((event) => event.status === 'pending' && event.nextAttemptAt <= now)
        .sort((a, b) => a.nextAttemptAt - b.nextAttemptAt)
        .slice(0, limit);
      for (const event of due) Object.assign(event, { nextAttemptAt: now + leaseMs, leaseUntil: now + leaseMs });
      return due.map((event) => ({ ...event, tries: [...event.tries] }));
    },
    async recordTry(event, result) {
      const stored = state.gameEventRecords.find((candidate) => candidate.id === event.id);
      if (!stored || stored.leaseUntil !== event.leaseUntil || stored.status !== 'pending') return false;
      const { tried: _tried, ...fields } = result;
      Object.assign(stored, fields, { leaseUntil: 0 });
      return true;
    },
    async postpone(event, until) {
      const stored = state.gameEventRecords.find((candidate) => candidate.id === event.id);
      if (!stored || stored.leaseUntil !== event.leaseUntil || stored.status !== 'pending') return false;
      Object.assign(stored, { nextAttemptAt: until, leaseUntil: 0 });
      return true;
    },
    async ofOrder(orderId) {
      return state.gameEventRecords.filter((event) => event.orderId === orderId).map((event) => ({ ...event }));
    },
    async findMany(ids) {
      return new Map(state.gameEventRecords.filter((event) => ids.includes(event.id)).map((event) => [event.id, { ...event }]));
    },
    async needingAttention(limit) {
      return state.gameEventRecords.filter((event) => event.status === 'attention').slice(0, limit);
    },
    async resend(eventId, at) {
      const stored = state.gameEventRecords.find((event) => event.id === eventId);
      if (!stored) return { refused: 'unknown' };
      if (stored.status !== 'attention') return { refused: 'notWaiting' };
      Object.assign(stored, { status: 'pending', nextAttemptAt: at, triesFrom: at, leaseUntil: 0 });
      return { resent: { ...stored } };
    },
    async figures() {
      const waiting = state.gameEventRecords.filter(undelivered);
      return {
        pending: waiting.filter((event) => event.status === 'pending').length,
        attention: waiting.filter((event) => event.status === 'attention').length,
        oldestUndeliveredAt: waiting.length ? Math.min(...waiting.map((event) => event.createdAt)) : null,
      };
    },
  };
}
