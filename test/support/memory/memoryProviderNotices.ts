import type { ProviderNoticesRepository } from '../../../src/server/provider/providerNoticesRepository';
import { dueOnPaidReturn } from '../../../src/server/orders/orderWatchRules';
import type { MemoryState } from './memoryState';

/** The provider's notices in memory: the first paid return kept (and its order made due), every callback's verdict. */
export function memoryProviderNotices(state: MemoryState): ProviderNoticesRepository {
  const { records, returns, events, rejectedCallbacks } = state;
  return {
    async recordReturn(record, parameters, at) {
      const first = parameters.status === 'paid' ? !returns.has(record.order_id) : record.status === 'pending';
      if (!first) return;
      if (parameters.status === 'paid') {
        returns.set(record.order_id, [parameters]);
        Object.assign(records.get(record.order_id)!, dueOnPaidReturn(record, at));
      }
      events.push({ orderId: record.order_id, userId: record.userId, at, type: 'returnReceived', source: 'return', providerStatus: parameters.status });
    },
    async isApplied(eventId) {
      return state.providerEvents.has(eventId);
    },
    async recordCallback({ at, orderId, record, signature, rejected, providerStatus }) {
      if (record) events.push({ orderId, userId: record.userId, at, type: 'callbackReceived', source: 'callback', signature, providerStatus });
      if (rejected) rejectedCallbacks.push({ orderId, reason: rejected });
    },
  };
}
