import crypto from 'node:crypto';
import { addHash, emptySketch, sketchToText, type Sketch } from '../../shared/addressSketch';
import { rumBucketOf, sourceStepKey, type DeviceClass, type RumBeacon, type RumMetric } from '../../shared/rum';

/**
 * Field speed gathered for one page and device class on one day: how many of each vital fell in each bucket, how many
 * visits sent them, and the sketch of the addresses they came from (this instance's, the day's whole: shared/addressSketch).
 */
export interface SpeedTally {
  date: string;
  page: string;
  device: DeviceClass;
  buckets: Partial<Record<RumMetric, Record<number, number>>>;
  visits: number;
  /** This instance's sketch of the day's addresses for the page, as stored (it only grows; a flush writes it whole). */
  addresses: string;
}

/** What an instance gathered since it last wrote: field speed by page, device and day, and the funnel's steps by day. */
export interface TalliedBeacons {
  /** This instance's name for its address sketches (random, for its life). */
  instance: string;
  speed: SpeedTally[];
  funnel: Array<{ date: string; steps: Record<string, number> }>;
}

/** A page's route as a document id's part: "/account/orders/:orderId" → "account.orders.:orderId" ("/" is "home"). */
export const pageKey = (page: string) => page.replace(/^\//, '').replaceAll('/', '.') || 'home';

/** The key, and the rum_daily document id, of a day's speed of a page on a device class. */
export const speedKey = (date: string, page: string, device: DeviceClass) => `${date}~${pageKey(page)}~${device}`;

/** An address's key, hashed for the sketch: the same on every instance, so their sketches merge. */
const addressHash = (addressKey: string) => new Uint8Array(crypto.createHash('sha256').update(`rum-address:${addressKey}`).digest());

/**
 * Beacons summed in memory: many visitors' beacons become one write a document a flush (BeaconFlush), so a peak of
 * page views never makes the day's figures hot documents. The address sketches stay for the day (each flush writes a
 * page's sketch whole, under this instance's name), and go once their day is over.
 */
export function beaconTally() {
  const instance = crypto.randomBytes(6).toString('base64url');
  let speed = new Map<string, SpeedTally>();
  let funnel = new Map<string, Record<string, number>>();
  const sketches = new Map<string, Sketch>();
  const tallyOf = (date: string, page: string, device: DeviceClass) => {
    const key = speedKey(date, page, device);
    const tally = speed.get(key) ?? { date, page, device, buckets: {}, visits: 0, addresses: '' };
    speed.set(key, tally);
    return tally;
  };
  const countSpeed = (date: string, page: string, device: DeviceClass, name: RumMetric, bucket: number, count: number) => {
    const buckets = (tallyOf(date, page, device).buckets[name] ??= {});
    buckets[bucket] = (buckets[bucket] ?? 0) + count;
  };
  /** One more visit of the page from `addressKey`: its count, and the address in the day's sketch. */
  const countVisit = (date: string, page: string, device: DeviceClass, addressKey: string) => {
    const key = speedKey(date, page, device);
    for (const kept of sketches.keys()) if (kept.slice(0, date.length) < date) sketches.delete(kept);
    const sketch = sketches.get(key) ?? emptySketch();
    addHash(sketch, addressHash(addressKey));
    sketches.set(key, sketch);
    const tally = tallyOf(date, page, device);
    tally.visits += 1;
    tally.addresses = sketchToText(sketch);
  };
  const countStep = (date: string, step: string, count: number) => {
    const steps = funnel.get(date) ?? {};
    steps[step] = (steps[step] ?? 0) + count;
    funnel.set(date, steps);
  };
  return {
    /** A beacon admitted from `addressKey` (../http/addressKey) on `date`. */
    add(beacon: RumBeacon, date: string, addressKey: string): void {
      if (beacon.metrics.length > 0) countVisit(date, beacon.page, beacon.device, addressKey);
      for (const { name, value } of beacon.metrics) countSpeed(date, beacon.page, beacon.device, name, rumBucketOf(name, value), 1);
      for (const step of beacon.funnel) {
        countStep(date, step, 1);
        // By where the visit came from too (a beacon that does not say: direct), so the sources sum to the whole.
        countStep(date, sourceStepKey(step, beacon.source ?? 'direct'), 1);
      }
    },
    get empty(): boolean {
      return speed.size === 0 && funnel.size === 0;
    },
    /** Everything gathered, leaving the tally empty. */
    take(): TalliedBeacons {
      const taken = { instance, speed: [...speed.values()], funnel: [...funnel].map(([date, steps]) => ({ date, steps })) };
      speed = new Map();
      funnel = new Map();
      return taken;
    },
    /** Puts back what a write that failed took, to go with the next one. */
    putBack(taken: TalliedBeacons): void {
      for (const { date, page, device, buckets, visits } of taken.speed) {
        for (const [name, counts] of Object.entries(buckets) as Array<[RumMetric, Record<number, number>]>) {
          for (const [bucket, count] of Object.entries(counts)) countSpeed(date, page, device, name, Number(bucket), count);
        }
        const tally = tallyOf(date, page, device);
        tally.visits += visits;
        // The sketch is the day's whole: the one kept now holds the put-back one's addresses.
        tally.addresses = sketchToText(sketches.get(speedKey(date, page, device)) ?? emptySketch());
      }
      for (const { date, steps } of taken.funnel) {
        for (const [step, count] of Object.entries(steps)) countStep(date, step, count);
      }
    },
  };
}

export type BeaconTally = ReturnType<typeof beaconTally>;
