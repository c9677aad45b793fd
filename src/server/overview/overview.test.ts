import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { memoryStats } from '../../../test/support/memory/memoryStats';
import { API_BASE, API_ROUTES } from '../../shared/api';
import { dateIn } from '../../shared/protections/age';
import { percentileOf, rumBucketOf, RUM_BEACON_PATH } from '../../shared/rum';
import { creditLagBucketOf } from '../../shared/stats';
import { parseSettings } from '../config/settings';
import { jsonErrorHandler } from '../http/errors';
import { rateLimits } from '../http/rateLimits';
import { silentLogger } from '../logger';
import { overview, periodDays, todayOf } from './overview';
import { rumRouter } from './rumRouter';

const settings = parseSettings({});
const zone = settings.STORE_TIME_ZONE;
const NOW = Date.parse('2026-11-25T03:00:00Z'); // 2 pm in Sydney

describe('the overview, from the daily rollups', () => {
  it('counts the calendar days of the period in the store’s zone, across a daylight-saving change', () => {
    expect(periodDays(zone, 7, NOW)).toEqual(['2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25']);
    const afterSpringForward = periodDays(zone, 3, Date.parse('2026-10-05T01:00:00Z'));
    expect(afterSpringForward).toEqual(['2026-10-03', '2026-10-04', '2026-10-05']);
  });

  it('reads revenue net of refunds and chargebacks with its GST, the shares, the credit lag and the funnel, day by day', async () => {
    const stats = memoryStats(zone);
    stats.count('2026-11-24', { ordersMade: 10, paid: 6, paidCents: 6 * 4599, credited: 6, declined: 2, cancelled: 1, expired: 1 }, creditLagBucketOf(800));
    stats.count('2026-11-25', { ordersMade: 4, paid: 2, paidCents: 2 * 1599, credited: 2, refunded: 1, refundedCents: 4599, disputes: 1, chargebacks: 1, chargedBackCents: 4599 }, creditLagBucketOf(4_000));
    for (let i = 0; i < 5; i += 1) await stats.repository.recordBeacon({ page: '/shop', device: 'phone', metrics: [], funnel: ['shopVisit', 'buy'] }, NOW);
    const result = await overview({ stats: stats.repository, timeZone: zone }, 7, NOW);
    expect(result.days).toHaveLength(7);
    const [yesterday, today] = result.days.slice(-2);
    expect(yesterday).toMatchObject({ date: '2026-11-24', netCents: 27_594, gstCents: 2_509, funnel: { shopVisit: 0, buy: 0, submit: 0 } });
    expect(today).toMatchObject({ date: '2026-11-25', netCents: 3_198 - 9_198, funnel: { shopVisit: 5, buy: 5, submit: 0 } });
    expect(result.rates).toEqual({ declined: 2 / 14, cancelled: 1 / 14, expired: 1 / 14, refunded: 1 / 8, disputed: 1 / 8 });
    expect(result.creditLag).toEqual({ p50: 1_000, p95: 5_000, samples: 2 });
    // /api/metrics reads today's alone.
    expect(await todayOf({ stats: stats.repository, timeZone: zone }, NOW)).toEqual(today);
  });

  it('reads each page’s p75 from its histograms: an honest upper bound, and none without a sample', async () => {
    const stats = memoryStats(zone);
    for (const lcp of [900, 1100, 1400, 1900, 2600, 3100, 1000, 1200]) {
      await stats.repository.recordBeacon({ page: '/', device: 'phone', metrics: [{ name: 'LCP', value: lcp }, { name: 'CLS', value: 0.02 }], funnel: [] }, NOW);
    }
    const [home] = (await overview({ stats: stats.repository, timeZone: zone }, 7, NOW)).speed;
    expect(home).toMatchObject({ page: '/', device: 'phone', samples: { LCP: 8, CLS: 8, INP: 0 }, p75: { LCP: 2000, CLS: 0.025, INP: null } });
    expect(percentileOf('INP', Array(19).fill(0))).toBeNull();
    expect(rumBucketOf('LCP', 999_999)).toBe(24);
  });
});

describe('POST /api/rum', () => {
  it('is where the players’ browsers send their beacons', () => {
    expect(`${API_BASE}${API_ROUTES.rum}`).toBe(RUM_BEACON_PATH);
  });

  async function serve() {
    const stats = memoryStats(zone);
    const app = express();
    app.use(API_BASE, rumRouter({ stats: stats.repository, log: silentLogger }, rateLimits(settings)), jsonErrorHandler);
    const server: Server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const post = (body: string, type = 'text/plain;charset=UTF-8') =>
      fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/rum`, { method: 'POST', headers: { 'Content-Type': type }, body });
    return { stats, post, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('counts a beacon into the day’s histograms and funnel, and refuses junk with 400, storing nothing', async () => {
    const { stats, post, close } = await serve();
    try {
      const good = { page: '/account/orders/:orderId', device: 'desktop', metrics: [{ name: 'LCP', value: 1234 }, { name: 'INP', value: 40 }, { name: 'CLS', value: 0 }], funnel: ['submit'] };
      expect((await post(JSON.stringify(good))).status).toBe(204);
      const junk = [
        'not json',
        JSON.stringify({ ...good, page: '/account/orders/WC123' }),
        JSON.stringify({ ...good, device: 'iPhone 15, Safari 18' }),
        JSON.stringify({ ...good, metrics: [{ name: 'LCP', value: -1 }] }),
        JSON.stringify({ ...good, metrics: [{ name: 'LCP', value: 1 }, { name: 'LCP', value: 2 }] }),
        JSON.stringify({ ...good, metrics: [{ name: 'CLS', value: 1e9 }] }),
        JSON.stringify({ ...good, funnel: ['refund'] }),
        JSON.stringify({ ...good, uid: 'u-1' }),
        'x'.repeat(5_000),
      ];
      const statuses = await Promise.all(junk.map(async (body) => [body.slice(0, 30), (await post(body)).status]));
      // Each refused (a body over 4 kB by the parser's limit), and nothing stored of any.
      expect(statuses.filter(([, status]) => status !== 400 && status !== 413)).toEqual([]);
      const date = dateIn(zone, Date.now());
      expect([...stats.speeds.keys()]).toEqual([`${date}~account.orders.:orderId~desktop`]);
      expect(stats.speeds.get(`${date}~account.orders.:orderId~desktop`)!.histograms.LCP.reduce((a, b) => a + b, 0)).toBe(1);
      expect(stats.days.get(date)!.funnel).toEqual({ submit: 1 });
    } finally {
      await close();
    }
  });
});
