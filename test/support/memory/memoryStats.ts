import { dateIn } from '../../../src/shared/protections/age';
import { RUM_BUCKETS, RUM_METRICS, type RumBeacon, type RumMetric } from '../../../src/shared/rum';
import { CREDIT_LAG_BUCKETS_MS, DAILY_COUNTERS, type DailyCounter } from '../../../src/shared/stats';
import { noKeyedCounts, type StatsRepository, type StoredDay, type StoredSpeed } from '../../../src/server/overview/statsRepository';
import { beaconTally, speedKey } from '../../../src/server/overview/beaconTally';
import { sketchFromText, type Sketch } from '../../../src/shared/addressSketch';

/** The overview's rollups in memory, for unit tests of the beacon's router and the overview: days and speed kept as Firestore keeps them. */
export function memoryStats(timeZone: string) {
  const days = new Map<string, StoredDay>();
  const speeds = new Map<string, StoredSpeed>();
  const sketchesOf = new Map<string, Sketch>();
  const dayOf = (date: string) => {
    let day = days.get(date);
    if (!day) {
      day = { date, counts: Object.fromEntries(DAILY_COUNTERS.map((counter) => [counter, 0])) as Record<DailyCounter, number>, funnel: {}, creditLag: Array(CREDIT_LAG_BUCKETS_MS.length + 1).fill(0), ...noKeyedCounts() };
      days.set(date, day);
    }
    return day;
  };
  const repository: StatsRepository = {
    async recordBeacons({ instance, speed, funnel }) {
      for (const { date, page, device, buckets, visits, addresses } of speed) {
        const key = speedKey(date, page, device);
        const stored =
          speeds.get(key) ??
          ({ date, page, device, histograms: Object.fromEntries(RUM_METRICS.map((metric) => [metric, Array(RUM_BUCKETS[metric].length + 1).fill(0)])), visits: 0, addresses: [] as Sketch[] } as StoredSpeed);
        for (const [metric, counts] of Object.entries(buckets)) {
          for (const [bucket, count] of Object.entries(counts)) stored.histograms[metric as RumMetric][Number(bucket)]! += count;
        }
        stored.visits += visits;
        // Each instance's sketch under its own name, written whole, as the Firestore document keeps them.
        if (addresses) sketchesOf.set(`${key}/${instance}`, sketchFromText(addresses));
        stored.addresses = [...sketchesOf].filter(([name]) => name.startsWith(`${key}/`)).map(([, sketch]) => sketch);
        speeds.set(key, stored);
      }
      for (const { date, steps } of funnel) {
        const day = dayOf(date);
        for (const [step, count] of Object.entries(steps)) day.funnel[step] = (day.funnel[step] ?? 0) + count;
      }
    },
    async days(from, to) {
      return [...days.values()].filter((day) => day.date >= from && day.date <= to);
    },
    async speed(from, to) {
      return [...speeds.values()].filter((speed) => speed.date >= from && speed.date <= to);
    },
  };
  /** Adds to a day's counters, as the commits that change orders do in Firestore. */
  const count = (date: string, counts: Partial<Record<DailyCounter, number>>, creditLagBucket?: number, exportNetCents: Record<string, number> = {}) => {
    const day = dayOf(date);
    for (const [counter, value] of Object.entries(counts)) day.counts[counter as DailyCounter] += value;
    if (creditLagBucket !== undefined) day.creditLag[creditLagBucket]! += 1;
    for (const [country, cents] of Object.entries(exportNetCents)) day.exportNetCents[country] = (day.exportNetCents[country] ?? 0) + cents;
  };
  /** Records one beacon at `at` from `addressKey`, as an instance's flush of a tally of one. */
  const beacon = (sent: RumBeacon, at: number, addressKey = '203.0.113.7') => {
    const tally = beaconTally();
    tally.add(sent, dateIn(timeZone, at), addressKey);
    return repository.recordBeacons(tally.take());
  };
  return { repository, count, beacon, days, speeds };
}
