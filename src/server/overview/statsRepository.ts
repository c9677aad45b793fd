import { FieldPath, FieldValue, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../shared/firestorePaths';
import { RUM_BUCKETS, RUM_METRICS, type DeviceClass, type RumMetric } from '../../shared/rum';
import { CREDIT_LAG_BUCKETS_MS, DAILY_COUNTERS, type DailyCounter, type KeyedDayCounts } from '../../shared/stats';
import { countFunnel, dayOfShard, KEYED_DAY_COUNTS } from './dailyStats';
import { speedKey, type TalliedBeacons } from './beaconTally';
import { sketchFromText, type Sketch } from '../../shared/addressSketch';

/** A day's counts as stored: the counters and the credit lag histogram (stats_daily/{day}), and the funnel (funnel_daily/{day}). */
export interface StoredDay extends KeyedDayCounts {
  date: string;
  counts: Record<DailyCounter, number>;
  /** Each step's whole, and its count by source (shared/rum sourceStepKey). */
  funnel: Record<string, number>;
  creditLag: number[];
}

/**
 * A day's field speed of one page and device class (rum_daily/{day}~{page}~{device}): a histogram per vital, the visits
 * that sent them, and each instance's sketch of the addresses they came from (merged, they count them).
 */
export interface StoredSpeed {
  date: string;
  page: string;
  device: DeviceClass;
  histograms: Record<RumMetric, number[]>;
  visits: number;
  addresses: Sketch[];
}

/** The field of rum_daily documents that holds each instance's address sketch, by instance. */
const SKETCHES_FIELD = 'addressSketches';

/** The overview's reads, and the beacons' writes. Firestore in the store. */
export interface StatsRepository {
  /** Adds an instance's tally of beacons: vitals into each day's histograms of their page and device, funnel steps into each day's. */
  recordBeacons(tallied: TalliedBeacons): Promise<void>;
  /** The days from `from` to `to` (yyyy-mm-dd, both in), those with any count, each the sum of its shards. */
  days(from: string, to: string): Promise<StoredDay[]>;
  speed(from: string, to: string): Promise<StoredSpeed[]>;
}

const numberOr0 = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const noCounts = () => Object.fromEntries(DAILY_COUNTERS.map((counter) => [counter, 0])) as Record<DailyCounter, number>;
const histogram = (stored: Record<string, unknown> | undefined, size: number) => Array.from({ length: size }, (_unused, index) => numberOr0(stored?.[`b${index}`]));

export function firestoreStats(db: Firestore): StatsRepository {
  const statsDaily = db.collection(COLLECTIONS.statsDaily);
  const funnelDaily = db.collection(COLLECTIONS.funnelDaily);
  // A day's shards sort after the day itself and before the next ('~' after the digits): `to`'s shards end at `to~\uf8ff`.
  const inRange = (collection: typeof statsDaily, from: string, to: string) =>
    collection.where(FieldPath.documentId(), '>=', from).where(FieldPath.documentId(), '<=', `${to}~\uf8ff`).get();
  const rumDaily = db.collection(COLLECTIONS.rumDaily);
  const bucketIncrements = (counts: Record<number, number>) => Object.fromEntries(Object.entries(counts).map(([bucket, count]) => [`b${bucket}`, FieldValue.increment(count)]));
  return {
    async recordBeacons({ instance, speed, funnel }) {
      // One write a document: a day has a few dozen pages and device classes, far under a batch's 500. Each instance
      // writes its own sketch of the day's addresses whole, under its own name; the overview merges them.
      const batch = db.batch();
      for (const { date, page, device, buckets, visits, addresses } of speed) {
        const fields = Object.fromEntries(Object.entries(buckets).map(([metric, counts]) => [metric, bucketIncrements(counts)]));
        const sketch = addresses ? { [SKETCHES_FIELD]: { [instance]: addresses } } : {};
        batch.set(rumDaily.doc(speedKey(date, page, device)), { date, page, device, ...fields, visits: FieldValue.increment(visits), ...sketch }, { merge: true });
      }
      for (const { date, steps } of funnel) countFunnel(db, batch, date, steps);
      await batch.commit();
    },

    async days(from, to) {
      const [counted, funnels] = await Promise.all([inRange(statsDaily, from, to), inRange(funnelDaily, from, to)]);
      const funnelOf = new Map(funnels.docs.map((doc) => [doc.id, Object.fromEntries(Object.entries(doc.data()).map(([key, value]) => [key, numberOr0(value)]))]));
      const countsOf = new Map<string, Omit<StoredDay, 'date' | 'funnel'>>();
      for (const doc of counted.docs) {
        const date = dayOfShard(doc.id);
        const data = doc.data();
        const day = countsOf.get(date) ?? { counts: noCounts(), creditLag: histogram(undefined, CREDIT_LAG_BUCKETS_MS.length + 1), ...noKeyedCounts() };
        for (const counter of DAILY_COUNTERS) day.counts[counter] += numberOr0(data[counter]);
        histogram(data.creditLag as Record<string, unknown> | undefined, day.creditLag.length).forEach((count, bucket) => (day.creditLag[bucket]! += count));
        for (const field of KEYED_DAY_COUNTS) {
          for (const [key, value] of Object.entries((data[field] ?? {}) as Record<string, unknown>)) day[field][key] = (day[field][key] ?? 0) + numberOr0(value);
        }
        countsOf.set(date, day);
      }
      // A day with only visits (no order yet) has a funnel and no counts.
      return [...new Set([...countsOf.keys(), ...funnelOf.keys()])].sort().map((date) => ({
        date,
        funnel: funnelOf.get(date) ?? {},
        ...(countsOf.get(date) ?? noKeyedCounts()),
        counts: countsOf.get(date)?.counts ?? noCounts(),
        creditLag: countsOf.get(date)?.creditLag ?? histogram(undefined, CREDIT_LAG_BUCKETS_MS.length + 1),
      }));
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
          visits: numberOr0(data.visits),
          addresses: Object.values((data[SKETCHES_FIELD] ?? {}) as Record<string, unknown>).map(sketchFromText),
        };
      });
    },
  };
}

/** A day's keyed counts, none yet (the in-memory fake starts its days from it too). */
export function noKeyedCounts(): Record<(typeof KEYED_DAY_COUNTS)[number], Record<string, number>> {
  return Object.fromEntries(KEYED_DAY_COUNTS.map((field) => [field, {}])) as Record<(typeof KEYED_DAY_COUNTS)[number], Record<string, number>>;
}
