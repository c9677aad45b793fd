import { dateIn } from '../../shared/protections/age';
import type { RumBeacon } from '../../shared/rum';
import type { Settings } from '../config/settings';
import type { Logger } from '../lib/logger';
import { beaconTally } from './beaconTally';
import type { StatsRepository } from './statsRepository';

/**
 * Where an instance's beacons go: summed in memory and written together every RUM_FLUSH_MS, by the beacon that finds
 * the time come (Cloud Run gives an instance CPU while it answers), by a timer where there is CPU between requests,
 * and at shutdown. So a day's field-speed and funnel documents take one write a flush an instance, however many
 * visitors send beacons, and no purchase waits on them. A crash loses at most one flush's beacons of one instance; a
 * write that fails puts its counts back for the next.
 */
export function beaconDesk(deps: { stats: StatsRepository; log: Logger; settings: Pick<Settings, 'STORE_TIME_ZONE' | 'RUM_FLUSH_MS'> }, clock: () => number = Date.now) {
  const tally = beaconTally();
  let lastFlush = clock();
  let flushing: Promise<void> | null = null;

  const flush = (): Promise<void> => {
    if (flushing) return flushing;
    if (tally.empty) return Promise.resolve();
    lastFlush = clock();
    const taken = tally.take();
    flushing = deps.stats
      .recordBeacons(taken)
      .catch((error: Error) => {
        tally.putBack(taken);
        deps.log.warn({ event: 'rum.flush_failed', reason: error.message });
      })
      .finally(() => {
        flushing = null;
      });
    return flushing;
  };

  return {
    /** Counts a beacon (already admitted) from `addressKey` on its day, and writes the tally when a flush is due. */
    async add(beacon: RumBeacon, at: number, addressKey: string): Promise<void> {
      tally.add(beacon, dateIn(deps.settings.STORE_TIME_ZONE, at), addressKey);
      if (at - lastFlush >= deps.settings.RUM_FLUSH_MS) await flush();
    },
    flush,
    /** Flushes on a timer too; the answer stops it and writes what is left (a stopping instance, once no request comes). */
    start(): () => Promise<void> {
      const timer = setInterval(() => void flush(), deps.settings.RUM_FLUSH_MS);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await flush();
        // A flush under way when asked leaves what came after it: write that too.
        await flush();
      };
    },
  };
}

export type BeaconDesk = ReturnType<typeof beaconDesk>;
