import { parseSettings } from '../../../src/server/config/settings';
import { fixedCatalogue } from '../../../src/server/catalogue/publishedCatalogue';
import type { MemoryState } from './memoryState';
import { memoryOrders } from './memoryOrders';
import { memoryOrderSlots } from './memoryOrderSlots';
import { memoryOrderWatch } from './memoryOrderWatch';
import { memoryProviderNotices } from './memoryProviderNotices';
import { memoryProtections } from './memoryProtections';
import { memoryDisputes } from './memoryDisputes';
import { memoryGameEvents } from './memoryGameEvents';
import { memoryLedger } from './memoryLedger';
import { memoryBooksChecks } from './memoryBooksChecks';
import { memoryRisk } from './memoryRisk';
import { memoryCreators } from './memoryCreators';
import { memoryTailoring } from './memoryTailoring';

const DEFAULT_TIME_ZONE = parseSettings({}).STORE_TIME_ZONE;

/**
 * The store in memory, for unit tests of the payment, refund, offer, protection and support services: each
 * repository by the same plans as its Firestore twin (src/server/orders/orderRules.ts and the rest), over one
 * shared state. Spread `repositories` into a service's deps.
 */
/** `timeZone`: STORE_TIME_ZONE (the default settings' unless a test says otherwise). */
export function memoryStore(timeZone = DEFAULT_TIME_ZONE) {
  const state: MemoryState = {
    records: new Map(),
    balances: new Map(),
    returns: new Map(),
    events: [],
    mail: [],
    rejectedCallbacks: [],
    slots: new Map(),
    firstPaid: new Map(),
    offers: new Map(),
    offerAudits: new Map(),
    offerUses: new Map(),
    refundRequests: new Map(),
    adoption: { done: false },
    described: new Map(),
    protectionEvents: new Map(),
    consentRequests: new Map(),
    consentMails: new Map(),
    gemDebts: new Map(),
    paidOrders: new Map(),
    providerEvents: new Set(),
    disputeRecords: new Map(),
    gameEventRecords: [],
    dayCounts: [],
    ledgerEntries: new Map(),
    ledgerOpened: new Set(),
    riskActivity: new Map(),
  };
  const protections = memoryProtections(state);
  const repositories = {
    orders: memoryOrders(state, protections, timeZone),
    orderSlots: memoryOrderSlots(state, protections),
    orderWatch: memoryOrderWatch(state),
    providerNotices: memoryProviderNotices(state),
    disputes: memoryDisputes(state, protections),
    gameEvents: memoryGameEvents(state),
    ledger: memoryLedger(state),
    booksChecks: memoryBooksChecks(),
    protections,
    catalogue: fixedCatalogue(),
    risk: memoryRisk(state),
    creators: memoryCreators(),
    tailoring: memoryTailoring(state),
  };
  return { ...state, ...repositories, repositories };
}

export type MemoryStore = ReturnType<typeof memoryStore>;
