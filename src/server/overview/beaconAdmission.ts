import crypto from 'node:crypto';
import { FUNNEL_EVENTS, RUM_METRICS, type FunnelEvent, type RumBeacon } from '../../shared/rum';

/**
 * What a beacon may add to the field figures, so that a flood from anyone (no sign-in is asked) cannot write them:
 * each funnel step at most once a beacon (a page view), and never Submit, which the server counts itself from the
 * orders made; each vital once (a beacon with an implausible one was refused whole: shared/rum RUM_MAX_VALUE); and at
 * most RUM_BEACONS_PER_ADDRESS_A_DAY (a setting, 30 by default) beacons an address a day counted on each instance, so
 * one address's share of a day's samples stays small. Each figure says how many visits and addresses it rests on.
 */

/** The funnel steps a beacon may count: Submit is the server's own count (the orders made). */
const BEACON_FUNNEL_STEPS: readonly FunnelEvent[] = FUNNEL_EVENTS.filter((event) => event !== 'submit');

/** The beacon as it counts: its steps once each, without Submit; its vitals once each. */
export function countedPartOf(beacon: RumBeacon): RumBeacon {
  const metrics = RUM_METRICS.flatMap((name) => {
    const metric = beacon.metrics.find((candidate) => candidate.name === name);
    return metric ? [{ name, value: metric.value }] : [];
  });
  return { ...beacon, metrics, funnel: BEACON_FUNNEL_STEPS.filter((step) => beacon.funnel.includes(step)) };
}

/**
 * Counts beacons per address and day on this instance (the address kept only as a salted hash, in memory, for the
 * day): whether one more from `address` on `day` may count. Bounded: past `maxAddresses` in a day, new addresses count
 * without a quota of their own rather than growing the map.
 */
export function beaconQuota(perAddress: number, maxAddresses = 100_000) {
  const salt = crypto.randomBytes(16);
  let today = '';
  const counted = new Map<string, number>();
  return (address: string, day: string): boolean => {
    if (day !== today) {
      today = day;
      counted.clear();
    }
    const key = crypto.createHash('sha256').update(salt).update(address).digest('base64url').slice(0, 16);
    const so = counted.get(key) ?? 0;
    if (so >= perAddress) return false;
    if (so === 0 && counted.size >= maxAddresses) return true;
    counted.set(key, so + 1);
    return true;
  };
}
