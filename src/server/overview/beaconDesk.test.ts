import { memoryStats } from '../../../test/support/memory/memoryStats';
import type { RumBeacon } from '../../shared/rum';
import { parseSettings } from '../config/settings';
import { silentLogger } from '../lib/logger';
import { beaconDesk } from './beaconDesk';
import type { TalliedBeacons } from './beaconTally';

const settings = parseSettings({ RUM_FLUSH_MS: '10000' });
const NOW = Date.parse('2026-11-25T03:00:00Z');
const shopVisit: RumBeacon = { page: '/shop', device: 'phone', metrics: [{ name: 'LCP', value: 1200 }], funnel: ['shopVisit'] };

/** A desk over the in-memory rollups whose writes are counted (and can be made to fail), on a clock the test moves. */
function deskOnClock() {
  const stats = memoryStats(settings.STORE_TIME_ZONE);
  const writes: TalliedBeacons[] = [];
  let failing = false;
  const repository = {
    ...stats.repository,
    async recordBeacons(tallied: TalliedBeacons) {
      if (failing) throw new Error('Firestore is unavailable');
      writes.push(tallied);
      await stats.repository.recordBeacons(tallied);
    },
  };
  const clock = { now: NOW };
  const desk = beaconDesk({ stats: repository, log: silentLogger, settings }, () => clock.now);
  const shopFigures = async () => {
    const [day] = await stats.repository.days('2026-11-25', '2026-11-25');
    const [speed] = await stats.repository.speed('2026-11-25', '2026-11-25');
    return { visits: day?.funnel.shopVisit ?? 0, samples: speed?.histograms.LCP.reduce((sum, count) => sum + count, 0) ?? 0 };
  };
  return { desk, writes, clock, shopFigures, fail: (on: boolean) => (failing = on) };
}

describe('the beacons of an instance', () => {
  it('are summed in memory and written once a flush, however many come: 500 beacons in 10 s are one write a document', async () => {
    const { desk, writes, clock, shopFigures } = deskOnClock();
    for (let i = 0; i < 500; i += 1) {
      clock.now = NOW + i * 19; // 500 within 9.5 s
      await desk.add(shopVisit, clock.now, '203.0.113.7');
    }
    expect(writes).toHaveLength(0);
    clock.now = NOW + 10_000;
    await desk.add(shopVisit, clock.now, '203.0.113.7');
    expect(writes).toHaveLength(1);
    expect(writes[0]!.speed).toHaveLength(1);
    expect(writes[0]!.funnel).toEqual([{ date: '2026-11-25', steps: { shopVisit: 501, 'shopVisit@direct': 501 } }]);
    expect(await shopFigures()).toEqual({ visits: 501, samples: 501 });
  });

  it('lose nothing and double nothing when a write fails: the counts go back and leave with the next flush', async () => {
    const { desk, writes, shopFigures, fail } = deskOnClock();
    for (let i = 0; i < 30; i += 1) await desk.add(shopVisit, NOW, '203.0.113.7');
    fail(true);
    await desk.flush();
    expect(await shopFigures()).toEqual({ visits: 0, samples: 0 });
    for (let i = 0; i < 12; i += 1) await desk.add(shopVisit, NOW, '203.0.113.7');
    fail(false);
    await desk.flush();
    expect(writes).toHaveLength(1);
    expect(await shopFigures()).toEqual({ visits: 42, samples: 42 });
    await desk.flush();
    expect(writes).toHaveLength(1); // nothing left, nothing written
  });

  it('write what is left when the instance stops', async () => {
    const { desk, writes, shopFigures } = deskOnClock();
    const stop = desk.start();
    for (let i = 0; i < 7; i += 1) await desk.add(shopVisit, NOW, '203.0.113.7');
    await stop();
    expect(writes).toHaveLength(1);
    expect(await shopFigures()).toEqual({ visits: 7, samples: 7 });
  });
});
