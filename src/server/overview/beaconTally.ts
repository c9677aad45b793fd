import { rumBucketOf, type DeviceClass, type FunnelEvent, type RumBeacon, type RumMetric } from '../../shared/rum';

/** Field speed gathered for one page and device class on one day: how many of each vital fell in each bucket. */
export interface SpeedTally {
  date: string;
  page: string;
  device: DeviceClass;
  buckets: Partial<Record<RumMetric, Record<number, number>>>;
}

/** What an instance gathered since it last wrote: field speed by page, device and day, and the funnel's steps by day. */
export interface TalliedBeacons {
  speed: SpeedTally[];
  funnel: Array<{ date: string; steps: Partial<Record<FunnelEvent, number>> }>;
}

/** A page's route as a document id's part: "/account/orders/:orderId" → "account.orders.:orderId" ("/" is "home"). */
export const pageKey = (page: string) => page.replace(/^\//, '').replaceAll('/', '.') || 'home';

/** The key, and the rum_daily document id, of a day's speed of a page on a device class. */
export const speedKey = (date: string, page: string, device: DeviceClass) => `${date}~${pageKey(page)}~${device}`;

/**
 * Beacons summed in memory: many visitors' beacons become one write a document a flush (BeaconFlush), so a peak of
 * page views never makes the day's figures hot documents.
 */
export function beaconTally() {
  let speed = new Map<string, SpeedTally>();
  let funnel = new Map<string, Partial<Record<FunnelEvent, number>>>();
  const countSpeed = (date: string, page: string, device: DeviceClass, name: RumMetric, bucket: number, count: number) => {
    const key = speedKey(date, page, device);
    const tally = speed.get(key) ?? { date, page, device, buckets: {} };
    const buckets = (tally.buckets[name] ??= {});
    buckets[bucket] = (buckets[bucket] ?? 0) + count;
    speed.set(key, tally);
  };
  const countStep = (date: string, step: FunnelEvent, count: number) => {
    const steps = funnel.get(date) ?? {};
    steps[step] = (steps[step] ?? 0) + count;
    funnel.set(date, steps);
  };
  return {
    add(beacon: RumBeacon, date: string): void {
      for (const { name, value } of beacon.metrics) countSpeed(date, beacon.page, beacon.device, name, rumBucketOf(name, value), 1);
      for (const step of beacon.funnel) countStep(date, step, 1);
    },
    get empty(): boolean {
      return speed.size === 0 && funnel.size === 0;
    },
    /** Everything gathered, leaving the tally empty. */
    take(): TalliedBeacons {
      const taken = { speed: [...speed.values()], funnel: [...funnel].map(([date, steps]) => ({ date, steps })) };
      speed = new Map();
      funnel = new Map();
      return taken;
    },
    /** Puts back what a write that failed took, to go with the next one. */
    putBack(taken: TalliedBeacons): void {
      for (const { date, page, device, buckets } of taken.speed) {
        for (const [name, counts] of Object.entries(buckets) as Array<[RumMetric, Record<number, number>]>) {
          for (const [bucket, count] of Object.entries(counts)) countSpeed(date, page, device, name, Number(bucket), count);
        }
      }
      for (const { date, steps } of taken.funnel) {
        for (const [step, count] of Object.entries(steps) as Array<[FunnelEvent, number]>) countStep(date, step, count);
      }
    },
  };
}

export type BeaconTally = ReturnType<typeof beaconTally>;
