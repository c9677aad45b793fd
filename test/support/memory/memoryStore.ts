import type { MemoryState } from './memoryState';
import { memoryOrders } from './memoryOrders';
import { memoryOrderSlots } from './memoryOrderSlots';
import { memoryOrderWatch } from './memoryOrderWatch';
import { memoryProviderNotices } from './memoryProviderNotices';
import { memoryProtections } from './memoryProtections';

/**
 * The store in memory, for unit tests of the payment, refund, offer, protection and support services: each
 * repository by the same plans as its Firestore twin (src/server/orders/orderRules.ts and the rest), over one
 * shared state. Spread `repositories` into a service's deps.
 */
export function memoryStore() {
  const state: MemoryState = {
    records: new Map(),
    balances: new Map(),
    returns: new Map(),
    events: [],
    mail: [],
    rejectedCallbacks: [],
    slots: new Map(),
    firstPurchaseTakenBy: new Map(),
    codeUses: [],
    adoption: { done: false },
    described: new Map(),
    protectionEvents: new Map(),
    consentRequests: new Map(),
  };
  const protections = memoryProtections(state);
  const repositories = {
    orders: memoryOrders(state),
    orderSlots: memoryOrderSlots(state, protections),
    orderWatch: memoryOrderWatch(state),
    providerNotices: memoryProviderNotices(state),
    protections,
  };
  return { ...state, ...repositories, repositories };
}

export type MemoryStore = ReturnType<typeof memoryStore>;
