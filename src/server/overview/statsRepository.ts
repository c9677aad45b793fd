import { FieldPath, FieldValue, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../shared/firestorePaths';
import { dateIn } from '../../shared/protections/age';
import { rumBucketOf, RUM_BUCKETS, RUM_METRICS, type DeviceClass, type RumBeacon, type RumMetric } from '../../shared/rum';
import { CREDIT_LAG_BUCKETS_MS, DAILY_COUNTERS, type DailyCounter } from '../../shared/stats';
import { countFunnel } from './dailyStats';

/** A day's counts as stored: the counters and the credit lag histogram (stats_daily/{day}), and the funnel (funnel_daily/{day}). */
export interface StoredDay {
  date: string;
  counts: Record<DailyCounter, number>;
  funnel: Record<string, number>;
  creditLag: number[];
}

/** A day's field speed of one page and device class (rum_daily/{day}~{page}~{device}): a histogram per vital. */
export interface StoredSpeed {
  date: string;
  page: string;
  device: DeviceClass;
  histograms: Record<RumMetric, number[]>;
}

/** The overview's reads, and the beacons' writes. Firestore in the store. */
export interface StatsRepository {
  /** Counts a beacon: its vitals into the day's histograms of its page and device, its funnel events into the day's counts. */
  recordBeacon(beacon: RumBeacon, at: number): Promise<void>;
  /** The days from `from` to `to` (yyyy-mm-dd, both in), those with any count. */
  days(from: string, to: string): Promise<StoredDay[]>;
  speed(from: string, to: string): Promise<StoredSpeed[]>;
}

const numberOr0 = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const histogram = (stored: Record<string, unknown> | undefined, size: number) => Array.from({ length: size }, (_unused, index) => numberOr0(stored?.[`b${index}`]));

/** A page's route as a document id's part: "/account/orders/:orderId" → "account.orders.:orderId" ("/" is "home"). */
export const pageKey = (page: string) => page.replace(/^\//, '').replaceAll('/', '.') || 'home';

export function firestoreStats(db: Firestore, timeZone: string): StatsRepository {
  const statsDaily = db.collection(COLLECTIONS.statsDaily);
  const funnelDaily = db.collection(COLLECTIONS.funnelDaily);
  const inRange = (collection: typeof statsDaily, from: string, to: string) => collection.where(FieldPath.documentId(), '>=', from).where(FieldPath.documentId(), '<=', to).get();
  const rumDaily = db.collection(COLLECTIONS.rumDaily);
  return {
    async recordBeacon(beacon, at) {
      const date = dateIn(timeZone, at);
      const batch = db.batch();
      if (beacon.metrics.length > 0) {
        const fields = Object.fromEntries(beacon.metrics.map(({ name, value }) => [name, { [`b${rumBucketOf(name, value)}`]: FieldValue.increment(1) }]));
        batch.set(rumDaily.doc(`${date}~${pageKey(beacon.page)}~${beacon.device}`), { date, page: beacon.page, device: beacon.device, ...fields }, { merge: true });
      }
      const funnel: Record<string, number> = {};
      for (const event of beacon.funnel) funnel[event] = (funnel[event] ?? 0) + 1;
      countFunnel(db, batch, timeZone, at, funnel);
      await batch.commit();
    },

    async days(from, to) {
      const [counted, funnels] = await Promise.all([inRange(statsDaily, from, to), inRange(funnelDaily, from, to)]);
      const funnelOf = new Map(funnels.docs.map((doc) => [doc.id, Object.fromEntries(Object.entries(doc.data()).map(([key, value]) => [key, numberOr0(value)]))]));
      const countsOf = new Map(counted.docs.map((doc) => [doc.id, doc.data()]));
      // A day with only visits (no order yet) has a funnel and no counts.
      return [...new Set([...countsOf.keys(), ...funnelOf.keys()])].sort().map((date) => {
        const data = countsOf.get(date) ?? {};
        return {
          date,
          counts: Object.fromEntries(DAILY_COUNTERS.map((counter) => [counter, numberOr0(data[counter])])) as Record<DailyCounter, number>,
          funnel: funnelOf.get(date) ?? {},
          creditLag: histogram(data.creditLag as Record<string, unknown> | undefined, CREDIT_LAG_BUCKETS_MS.length + 1),
        };
      });
    },

    async speed(from, to) {
      const snapshot = await rumDaily.where('date', '>=', from).where('date', '<=', to).get();
      return snapshot.docs.map((doc) => {
        const data = doc.data();
        return {
          date: data.date as string,
          page: data.page as string,
          device: data.device as DeviceClass,
          histograms: Object.fromEntries(RUM_METRICS.map((metric) => [metric, histogram(data[metric] as Record<string, unknown> | undefined, RUM_BUCKETS[metric].length + 1)])) as Record<RumMetric, number[]>,
        };
      });
    },
  };
}
