import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { memoryStats } from '../../../test/support/memory/memoryStats';
import { API_BASE, API_ROUTES } from '../../shared/api';
import { dateIn } from '../../shared/protections/age';
import { percentileOf, rumBucketOf, RUM_BEACON_PATH, RUM_BUCKETS } from '../../shared/rum';
import { creditLagBucketOf, type OverviewDay } from '../../shared/stats';
import { parseSettings } from '../config/settings';
import { jsonErrorHandler } from '../http/errors';
import { rateLimits } from '../http/rateLimits';
import { silentLogger } from '../lib/logger';
import { netMoneyOf } from '../orders/rollupRules';
import { creatorRows, overview, packRevenues, periodDays, todayOf } from './overview';
import { rumRouter } from './rumRouter';
import { beaconDesk } from './beaconDesk';

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
    for (let i = 0; i < 5; i += 1) await stats.beacon({ page: '/shop', device: 'phone', metrics: [], funnel: ['shopVisit', 'buy'] }, NOW);
    const result = await overview({ stats: stats.repository, timeZone: zone }, 7, NOW);
    expect(result.days).toHaveLength(7);
    const [yesterday, today] = result.days.slice(-2);
    // The funnel's Submit is the orders made, as the server counted them.
    expect(yesterday).toMatchObject({ date: '2026-11-24', netCents: 27_594, gstCents: 2_509, funnel: { shopVisit: 0, buy: 0, submit: 10 } });
    expect(today).toMatchObject({ date: '2026-11-25', netCents: 3_198 - 9_198, funnel: { shopVisit: 5, buy: 5, submit: 4 } });
    expect(result.rates).toEqual({ declined: 2 / 14, cancelled: 1 / 14, expired: 1 / 14, refunded: 1 / 8, disputed: 1 / 8 });
    expect(result.creditLag).toEqual({ p50: 1_000, p95: 5_000, samples: 2 });
    // /api/metrics reads today's alone.
    expect(await todayOf({ stats: stats.repository, timeZone: zone }, NOW)).toEqual(today);
  });

  it('leaves GST-free exports out of the GST, and splits the net by country (a day before exports were counted is all Australian)', async () => {
    const stats = memoryStats(zone);
    stats.count('2026-11-24', { paid: 2, paidCents: 2 * 4599 });
    stats.count('2026-11-25', { paid: 3, paidCents: 3 * 4599, refunded: 1, refundedCents: 4599 }, undefined, { NZ: 4599 });
    stats.count('2026-11-25', {}, undefined, { NZ: -4599 });
    stats.count('2026-11-25', {}, undefined, { GB: 4599 });
    const [before, day] = (await overview({ stats: stats.repository, timeZone: zone }, 7, NOW)).days.slice(-2);
    expect(before).toMatchObject({ netCents: 9_198, gstFreeNetCents: 0, exportNetCents: {}, gstCents: 836 });
    expect(day).toMatchObject({ netCents: 9_198, gstFreeNetCents: 4_599, exportNetCents: { NZ: 0, GB: 4_599 }, gstCents: 418 });
  });

  it('sums revenue by pack as sold: a pack renamed since keeps its own row, a refund and a GST-free export count against theirs', () => {
    const sold = (packId: number, title: string, cents: number, tax?: { treatment: 'gstFreeExport'; country: string }) =>
      netMoneyOf({ packId, product_name: title, ...(tax ? { tax: { ...tax, billingCountry: tax.country, addressCountry: tax.country } } : {}) }, cents);
    expect(sold(3, 'Pouch of Gem', 4599, { treatment: 'gstFreeExport', country: 'NZ' })).toEqual({ packNetCents: { '3·Pouch of Gem': 4599 }, exportNetCents: { NZ: 4599 }, sourceNetCents: { direct: 4599 } });
    const day = (moves: ReturnType<typeof sold>[], paid: Record<string, number>) => ({
      packNetCents: moves.reduce<Record<string, number>>((sums, move) => {
        for (const [key, cents] of Object.entries(move.packNetCents ?? {})) sums[key] = (sums[key] ?? 0) + cents;
        return sums;
      }, {}),
      packPaid: paid,
    });
    const days = [
      day([sold(3, 'Pouch of Gem', 4599), sold(3, 'Pouch of Gem', 4599), sold(1, 'Tiny of Gem', 1599)], { '3·Pouch of Gem': 2, '1·Tiny of Gem': 1 }),
      day([sold(3, 'Pouch of Gem', -4599), sold(3, 'Big Pouch', 3999)], { '3·Big Pouch': 1 }),
    ];
    expect(packRevenues(days)).toEqual([
      { packId: 3, title: 'Pouch of Gem', paid: 2, netCents: 4599 },
      { packId: 3, title: 'Big Pouch', paid: 1, netCents: 3999 },
      { packId: 1, title: 'Tiny of Gem', paid: 1, netCents: 1599 },
    ]);
  });

  it('sums the period by creator’s code: orders made, paid, net and paid per order, the largest net first', () => {
    const days: Pick<OverviewDay, 'creatorOrders' | 'creatorPaid' | 'creatorNetCents'>[] = [
      { creatorOrders: { DRAGONLORD: 4, EMBERQUEEN: 1 }, creatorPaid: { DRAGONLORD: 2, EMBERQUEEN: 1 }, creatorNetCents: { DRAGONLORD: 3198, EMBERQUEEN: 4599 } },
      // A refund of an earlier day's order takes its money back on the day it happens.
      { creatorOrders: { DRAGONLORD: 2 }, creatorPaid: { DRAGONLORD: 1 }, creatorNetCents: { DRAGONLORD: 1599, EMBERQUEEN: -4599 } },
    ];
    expect(creatorRows(days)).toEqual([
      { code: 'DRAGONLORD', orders: 6, paid: 3, netCents: 4797, conversion: 0.5 },
      { code: 'EMBERQUEEN', orders: 1, paid: 1, netCents: 0, conversion: 1 },
    ]);
    expect(creatorRows([])).toEqual([]);
  });

  it('reads each page’s p75 from its histograms: an honest upper bound, and none without a sample', async () => {
    const stats = memoryStats(zone);
    for (const lcp of [900, 1100, 1400, 1900, 2600, 3100, 1000, 1200]) {
      await stats.beacon({ page: '/', device: 'phone', metrics: [{ name: 'LCP', value: lcp }, { name: 'CLS', value: 0.02 }], funnel: [] }, NOW);
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

  async function serve(limitSettings = settings) {
    const stats = memoryStats(zone);
    const app = express();
    // Addresses as a trusted front reports them, so a test can send from many.
    app.set('trust proxy', ['127.0.0.1']);
    const beacons = beaconDesk({ stats: stats.repository, log: silentLogger, settings });
    app.use(API_BASE, rumRouter(beacons, settings, rateLimits(limitSettings)), jsonErrorHandler);
    const server: Server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const post = (body: string, type = 'text/plain;charset=UTF-8', from = '203.0.113.1') =>
      fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/rum`, { method: 'POST', headers: { 'Content-Type': type, 'X-Forwarded-For': from }, body });
    return { stats, beacons, post, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('counts a beacon into the day’s histograms and funnel when the instance flushes its tally, and refuses junk with 400, storing nothing', async () => {
    const { stats, beacons, post, close } = await serve();
    try {
      const good = { page: '/account/orders/:orderId', device: 'desktop', metrics: [{ name: 'LCP', value: 1234 }, { name: 'INP', value: 40 }, { name: 'CLS', value: 0 }], funnel: ['buy'] };
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
      // Held in the instance's tally until a flush is due (RUM_FLUSH_MS), then written in one go.
      expect(stats.speeds.size).toBe(0);
      await beacons.flush();
      const date = dateIn(zone, Date.now());
      expect([...stats.speeds.keys()]).toEqual([`${date}~account.orders.:orderId~desktop`]);
      expect(stats.speeds.get(`${date}~account.orders.:orderId~desktop`)!.histograms.LCP.reduce((a, b) => a + b, 0)).toBe(1);
      // The step's whole, and by source: a beacon that names none is a direct visit's.
      expect(stats.days.get(date)!.funnel).toEqual({ buy: 1, 'buy@direct': 1 });
    } finally {
      await close();
    }
  });

  it('cannot be bent by a flood: 600 hostile beacons move each funnel step by at most 600 and /shop’s p75 LCP by at most one bucket; Submit is the orders made', async () => {
    const { stats, beacons, post, close } = await serve(parseSettings({ RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000' }));
    try {
      // A day of real visits: 200 players from 200 addresses, LCP spread from 800 ms to 3 s, one Buy in four.
      for (let player = 0; player < 200; player += 1) {
        const beacon = { page: '/shop', device: 'phone', metrics: [{ name: 'LCP', value: 800 + ((player * 37) % 2200) }], funnel: player % 4 === 0 ? ['shopVisit', 'buy'] : ['shopVisit'] };
        expect((await post(JSON.stringify(beacon), undefined, `198.51.100.${player}`)).status).toBe(204);
      }
      const date = dateIn(zone, Date.now());
      const lcpOf = async () => {
        await beacons.flush();
        return overviewDayFunnelAndP75(stats, date);
      };
      const real = await lcpOf();
      // 600 hostile beacons from one address: 20 of each step each, every vital at the most a real visit can have.
      const hostile = { page: '/shop', device: 'phone', metrics: [{ name: 'LCP', value: 30_000 }, { name: 'INP', value: 5_000 }, { name: 'CLS', value: 2 }], funnel: Array(20).fill(['shopVisit', 'buy', 'submit']).flat().slice(0, 20) };
      for (let i = 0; i < 600; i += 1) expect((await post(JSON.stringify(hostile), undefined, '192.0.2.66')).status).toBe(204);
      // A vital no real visit has is refused whole.
      const impossible = { ...hostile, metrics: [{ name: 'INP', value: 5_001 }] };
      expect((await post(JSON.stringify(impossible), undefined, '192.0.2.67')).status).toBe(400);
      const after = await lcpOf();
      for (const step of ['shopVisit', 'buy'] as const) expect(after.funnel[step] - real.funnel[step]).toBeLessThanOrEqual(600);
      expect(after.funnel.submit).toBe(0); // no order was made: Submit counts the orders, never a beacon
      expect(RUM_BUCKETS.LCP.indexOf(after.p75!) - RUM_BUCKETS.LCP.indexOf(real.p75!)).toBeLessThanOrEqual(1);
      expect(after.samples).toBe(200 + settings.RUM_BEACONS_PER_ADDRESS_A_DAY);
      // The figure says what it rests on: 230 visits from about 201 addresses, enough to act on.
      expect(after.rests).toEqual({ visits: 200 + settings.RUM_BEACONS_PER_ADDRESS_A_DAY, addresses: expect.any(Number), tooFew: false });
      expect(Math.abs(after.rests.addresses - 201)).toBeLessThanOrEqual(10);
    } finally {
      await close();
    }
  });

  it('marks a figure too few to act on: 28 beacons at the maxima from one address set a p75, and say they are 28 visits from one address', async () => {
    const { stats, beacons, post, close } = await serve(parseSettings({ RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000' }));
    try {
      const flood = { page: '/shop', device: 'phone', metrics: [{ name: 'INP', value: 5_000 }, { name: 'CLS', value: 2 }], funnel: [] };
      for (let i = 0; i < 28; i += 1) expect((await post(JSON.stringify(flood), undefined, i % 2 === 0 ? '2001:db8:9:1::5' : '::ffff:192.0.2.9')).status).toBe(204);
      await beacons.flush();
      const date = dateIn(zone, Date.now());
      const read = await overview({ stats: stats.repository, timeZone: zone }, 7, Date.parse(`${date}T06:00:00Z`));
      const shop = read.speed.find((speed) => speed.page === '/shop' && speed.device === 'phone')!;
      expect({ inp: shop.p75.INP, visits: shop.visits, addresses: shop.addresses, tooFew: shop.tooFew }).toEqual({ inp: 5_000, visits: 28, addresses: 2, tooFew: true });
    } finally {
      await close();
    }
  });
});

/** A day's funnel as the overview reads it, and /shop's phone p75 LCP with its samples. */
async function overviewDayFunnelAndP75(stats: ReturnType<typeof memoryStats>, date: string) {
  const read = await overview({ stats: stats.repository, timeZone: zone }, 7, Date.parse(`${date}T06:00:00Z`));
  const day = read.days.find((candidate) => candidate.date === date)!;
  const shop = read.speed.find((speed) => speed.page === '/shop' && speed.device === 'phone')!;
  return { funnel: day.funnel, p75: shop.p75.LCP, samples: shop.samples.LCP, rests: { visits: shop.visits, addresses: shop.addresses, tooFew: shop.tooFew } };
}
