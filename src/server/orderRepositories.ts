import type { Firestore } from 'firebase-admin/firestore';
import { firestoreDisputes } from './disputes/disputesRepository';
import { firestoreOrderWatch } from './orderWatch/orderWatchRepository';
import { firestoreOrders } from './orders/ordersRepository';
import { firestoreOrderSlots } from './payments/orderSlots';
import { firestoreProviderNotices } from './provider/providerNoticesRepository';
import type { DayRollups } from './overview/dailyStats';
import { firestoreRisk } from './risk/riskRepository';
import { firestoreCreators } from './creators/creatorsRepository';
import { firestoreTailoring } from './offers/tailoringRepository';
import { firestoreProtections } from './protections/protectionsRepository';

/**
 * The repositories of the payment core on one database, by concern: the orders themselves, the places payments
 * hold before their orders exist, the sweep's watch, the provider's notices, the disputes some of them bring, the risk decision made before each, the creators' codes they may be made with, and the tailored offers' opt-outs and exposures. The API, its tools and the
 * system tests take them from here, so every instance is wired alike. `rollups`: the settings of the day's counts (STORE_TIME_ZONE, DAY_COUNT_SHARDS).
 */
export function firestoreOrderRepositories(db: Firestore, rollups: DayRollups) {
  return {
    orders: firestoreOrders(db, rollups),
    orderSlots: firestoreOrderSlots(db),
    orderWatch: firestoreOrderWatch(db),
    providerNotices: firestoreProviderNotices(db),
    disputes: firestoreDisputes(db, rollups),
    risk: firestoreRisk(db, rollups),
    creators: firestoreCreators(db),
    tailoring: firestoreTailoring(db, rollups),
    protections: firestoreProtections(db),
  };
}
