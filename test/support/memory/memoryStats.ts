import { dateIn } from '../../../src/shared/protections/age';
import { rumBucketOf, RUM_BUCKETS, RUM_METRICS, type RumMetric } from '../../../src/shared/rum';
import { CREDIT_LAG_BUCKETS_MS, DAILY_COUNTERS, type DailyCounter } from '../../../src/shared/stats';
import { pageKey, type StatsRepository, type StoredDay, type StoredSpeed } from '../../../src/server/overview/statsRepository';

/** The overview's rollups in memory, for unit tests of the beacon's router and the overview: days and speed kept as Firestore keeps them. */
export function memoryStats(timeZone: string) {
  const days = new Map<string, StoredDay>();
  const speeds = new Map<string, StoredSpeed>();
  const dayOf = (date: string) => {
    let day = days.get(date);
    if (!day) {
      day = { date, counts: Object.fromEntries(DAILY_COUNTERS.map((counter) => [counter, 0])) as Record<DailyCounter, number>, funnel: {}, creditLag: Array(CREDIT_LAG_BUCKETS_MS.length + 1).fill(0) };
      days.set(date, day);
    }
    return day;
  };
  const repository: StatsRepository = {
    async recordBeacon(beacon, at) {
      const date = dateIn(timeZone, at);
      if (beacon.metrics.length > 0) {
        const key = `${date}~${pageKey(beacon.page)}~${beacon.device}`;
        const speed =
          speeds.get(key) ??
          ({ date, page: beacon.page, device: beacon.device, histograms: Object.fromEntries(RUM_METRICS.map((metric) => [metric, Array(RUM_BUCKETS[metric].length + 1).fill(0)])) } as StoredSpeed);
        for (const { name, value } of beacon.metrics) speed.histograms[name as RumMetric][rumBucketOf(name, value)]! += 1;
        speeds.set(key, speed);
      }
      const day = dayOf(date);
      for (const event of beacon.funnel) day.funnel[event] = (day.funnel[event] ?? 0) + 1;
    },
    async days(from, to) {
      return [...days.values()].filter((day) => day.date >= from && day.date <= to);
    },
    async speed(from, to) {
      return [...speeds.values()].filter((speed) => speed.date >= from && speed.date <= to);
    },
  };
  /** Adds to a day's counters, as the commits that change orders do in Firestore. */
  const count = (date: string, counts: Partial<Record<DailyCounter, number>>, creditLagBucket?: number) => {
    const day = dayOf(date);
    for (const [counter, value] of Object.entries(counts)) day.counts[counter as DailyCounter] += value;
    if (creditLagBucket !== undefined) day.creditLag[creditLagBucket]! += 1;
  };
  return { repository, count, days, speeds };
}
