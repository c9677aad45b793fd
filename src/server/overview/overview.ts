import { FUNNEL_EVENTS, percentileOf, RUM_METRICS, RUM_MIN_ADDRESSES, RUM_MIN_VISITS, sourceStepKey, type FunnelEvent, type RumMetric } from '../../shared/rum';
import { SALE_SOURCES, type SaleSourceKind } from '../../shared/saleSource';
import { emptySketch, estimateDistinct, mergeSketches, type Sketch } from '../../shared/addressSketch';
import { dateIn } from '../../shared/protections/age';
import { gstOfCents } from '../../shared/money';
import { CREDIT_LAG_BUCKETS_MS, DAILY_COUNTERS, lagPercentileOf, shareOf, type DailyCounter, type OverviewDay, packOfKey, type OverviewPeriod, type OverviewResponse, type PackRevenue, type PageSpeed, type SourceRow, type CreatorRow } from '../../shared/stats';
import type { StatsRepository, StoredDay, StoredSpeed } from './statsRepository';

const DAY_MS = 86_400_000;

/** The calendar days of the period ending today in `timeZone`, oldest first (a noon each, so a daylight-saving change never skips one). */
export function periodDays(timeZone: string, days: number, now: number): string[] {
  const today = dateIn(timeZone, now);
  const noon = Date.parse(`${today}T12:00:00Z`);
  return Array.from({ length: days }, (_unused, index) => new Date(noon - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10));
}

const zeroCounts = () => Object.fromEntries(DAILY_COUNTERS.map((counter) => [counter, 0])) as Record<DailyCounter, number>;

const byExperiment = (stored: StoredDay | undefined) => ({
  experimentExposed: stored?.experimentExposed ?? {},
  experimentOrders: stored?.experimentOrders ?? {},
  experimentPaid: stored?.experimentPaid ?? {},
  experimentNetCents: stored?.experimentNetCents ?? {},
});

/** One day of the overview from its stored counts (a day without any is all zeros). */
export function overviewDay(date: string, stored: StoredDay | undefined): OverviewDay {
  const counts = stored?.counts ?? zeroCounts();
  const netCents = counts.paidCents - counts.refundedCents - counts.chargedBackCents + counts.chargebackReversedCents;
  // Exports carry no GST; what is left is Australian sales' (and every sale of a day before exports were counted).
  const exportNetCents = stored?.exportNetCents ?? {};
  const gstFreeNetCents = Object.values(exportNetCents).reduce((sum, cents) => sum + cents, 0);
  // Submit is the server's own count, the orders made: beacons, which anyone can send, never count it (beaconAdmission).
  const funnel = Object.fromEntries(FUNNEL_EVENTS.map((event) => [event, event === 'submit' ? counts.ordersMade : (stored?.funnel[event] ?? 0)])) as Record<FunnelEvent, number>;
  const packNetCents = stored?.packNetCents ?? {};
  const packPaid = stored?.packPaid ?? {};
  const bySource = { sourceOrders: stored?.sourceOrders ?? {}, sourcePaid: stored?.sourcePaid ?? {}, sourceNetCents: stored?.sourceNetCents ?? {} };
  const byCreator = { creatorOrders: stored?.creatorOrders ?? {}, creatorPaid: stored?.creatorPaid ?? {}, creatorNetCents: stored?.creatorNetCents ?? {} };
  return { date, ...counts, netCents, gstFreeNetCents, exportNetCents, packNetCents, packPaid, ...bySource, ...byCreator, ...byExperiment(stored), gstCents: gstOfCents(netCents - gstFreeNetCents), funnel };
}

/** Revenue by pack as sold over the days, the largest net first. */
export function packRevenues(days: readonly Pick<OverviewDay, 'packNetCents' | 'packPaid'>[]): PackRevenue[] {
  const sums = new Map<string, { paid: number; netCents: number }>();
  for (const day of days) {
    for (const key of new Set([...Object.keys(day.packNetCents), ...Object.keys(day.packPaid)])) {
      const sum = sums.get(key) ?? { paid: 0, netCents: 0 };
      sums.set(key, { paid: sum.paid + (day.packPaid[key] ?? 0), netCents: sum.netCents + (day.packNetCents[key] ?? 0) });
    }
  }
  return [...sums].map(([key, sum]) => ({ ...packOfKey(key), ...sum })).sort((a, b) => b.netCents - a.netCents || a.packId - b.packId);
}

/** Each page's and device's p75 over the period, from its daily histograms summed. */
export function pageSpeeds(stored: StoredSpeed[]): PageSpeed[] {
  const sums = new Map<string, StoredSpeed & { sketch: Sketch }>();
  for (const day of stored) {
    const key = `${day.page}~${day.device}`;
    const sum =
      sums.get(key) ??
      sums
        .set(key, { ...day, visits: 0, histograms: Object.fromEntries(RUM_METRICS.map((metric) => [metric, day.histograms[metric].map(() => 0)])) as Record<RumMetric, number[]>, sketch: emptySketch() })
        .get(key)!;
    for (const metric of RUM_METRICS) day.histograms[metric].forEach((count, index) => (sum.histograms[metric][index] = (sum.histograms[metric][index] ?? 0) + count));
    sum.visits += day.visits;
    // An address seen on two days, or by two instances, is one address.
    for (const sketch of day.addresses) mergeSketches(sum.sketch, sketch);
  }
  return [...sums.values()]
    .map(({ page, device, histograms, visits, sketch }) => {
      const addresses = estimateDistinct(sketch);
      return {
        page,
        device,
        p75: Object.fromEntries(RUM_METRICS.map((metric) => [metric, percentileOf(metric, histograms[metric])])) as PageSpeed['p75'],
        samples: Object.fromEntries(RUM_METRICS.map((metric) => [metric, histograms[metric].reduce((total, count) => total + count, 0)])) as PageSpeed['samples'],
        visits,
        addresses,
        tooFew: visits < RUM_MIN_VISITS || addresses < RUM_MIN_ADDRESSES,
      };
    })
    .sort((a, b) => a.page.localeCompare(b.page) || a.device.localeCompare(b.device));
}

/** Today's rollup in `timeZone` (for /api/metrics): one document read. */
/** The period by source: each step of the funnel by the source its beacons named, orders, payments and money by the order's. */
export function sourceRows(rows: readonly OverviewDay[], stored: readonly Pick<StoredDay, 'funnel'>[]): SourceRow[] {
  const sumOf = (read: (row: OverviewDay) => number) => rows.reduce((sum, row) => sum + read(row), 0);
  const steps = (step: FunnelEvent, source: SaleSourceKind) => stored.reduce((sum, day) => sum + (day.funnel[sourceStepKey(step, source)] ?? 0), 0);
  return SALE_SOURCES.map((source) => {
    const shopVisit = steps('shopVisit', source);
    const paid = sumOf((row) => row.sourcePaid[source] ?? 0);
    return { source, shopVisit, buy: steps('buy', source), submit: sumOf((row) => row.sourceOrders[source] ?? 0), paid, netCents: sumOf((row) => row.sourceNetCents[source] ?? 0), conversion: shareOf(paid, shopVisit) };
  });
}

/** The period by creator's code: orders made, payments landed, net money and conversion, the largest net first. */
export function creatorRows(rows: readonly Pick<OverviewDay, 'creatorOrders' | 'creatorPaid' | 'creatorNetCents'>[]): CreatorRow[] {
  const sums = new Map<string, Omit<CreatorRow, 'conversion'>>();
  for (const row of rows) {
    for (const code of new Set([...Object.keys(row.creatorOrders), ...Object.keys(row.creatorPaid), ...Object.keys(row.creatorNetCents)])) {
      const sum = sums.get(code) ?? { code, orders: 0, paid: 0, netCents: 0 };
      sums.set(code, { code, orders: sum.orders + (row.creatorOrders[code] ?? 0), paid: sum.paid + (row.creatorPaid[code] ?? 0), netCents: sum.netCents + (row.creatorNetCents[code] ?? 0) });
    }
  }
  return [...sums.values()].map((sum) => ({ ...sum, conversion: shareOf(sum.paid, sum.orders) })).sort((a, b) => b.netCents - a.netCents || a.code.localeCompare(b.code));
}

export async function todayOf(deps: { stats: StatsRepository; timeZone: string }, now = Date.now()): Promise<OverviewDay> {
  const today = dateIn(deps.timeZone, now);
  const [stored] = await deps.stats.days(today, today);
  return overviewDay(today, stored);
}

/**
 * GET /api/support/overview?days=: the period's days from their rollups (one document a day, never the orders), the
 * shares of orders ended unpaid and of paid orders refunded or disputed, the credit lag, and players' page speed.
 */
export async function overview(deps: { stats: StatsRepository; timeZone: string }, days: OverviewPeriod, now = Date.now()): Promise<OverviewResponse> {
  const dates = periodDays(deps.timeZone, days, now);
  const [from, to] = [dates[0]!, dates[dates.length - 1]!];
  const [stored, speed] = await Promise.all([deps.stats.days(from, to), deps.stats.speed(from, to)]);
  const byDate = new Map(stored.map((day) => [day.date, day]));
  const rows = dates.map((date) => overviewDay(date, byDate.get(date)));
  const total = (counter: DailyCounter) => rows.reduce((sum, row) => sum + row[counter], 0);
  const lag = Array.from({ length: CREDIT_LAG_BUCKETS_MS.length + 1 }, (_unused, index) => stored.reduce((sum, day) => sum + (day.creditLag[index] ?? 0), 0));
  return {
    timeZone: deps.timeZone,
    days: rows,
    rates: {
      declined: shareOf(total('declined'), total('ordersMade')),
      cancelled: shareOf(total('cancelled'), total('ordersMade')),
      expired: shareOf(total('expired'), total('ordersMade')),
      refunded: shareOf(total('refunded'), total('paid')),
      disputed: shareOf(total('disputes'), total('paid')),
    },
    creditLag: { p50: lagPercentileOf(lag, 0.5), p95: lagPercentileOf(lag, 0.95), samples: lag.reduce((sum, count) => sum + count, 0) },
    packs: packRevenues(rows),
    sources: sourceRows(rows, stored),
    creators: creatorRows(rows),
    speed: pageSpeeds(speed),
  };
}
