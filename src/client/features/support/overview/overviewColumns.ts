import { formatAud } from '../../../../shared/money';
import { GOOD_VITALS, RUM_METRICS, type RumMetric } from '../../../../shared/rum';
import type { OverviewDay, PackRevenue, PageSpeed } from '../../../../shared/stats';
import type { FigureColumn } from './FiguresTable';
import { overviewTexts as t } from './overviewTexts';

// The overview's tables, column by column: each cell as shown, and as its CSV says it (plain numbers, dollars).
const dollars = (cents: number) => (cents / 100).toFixed(2);
export const count = (value: number) => value.toLocaleString('en-AU');
/** An axis tick in whole dollars, signed as formatAud signs a loss. */
export const audAxis = (value: number) => `${value < 0 ? '-' : ''}A$${Math.abs(value).toLocaleString('en-AU')}`;



export const REVENUE_COLUMNS: ReadonlyArray<FigureColumn<OverviewDay>> = [
  { label: t.date, cell: (day) => day.date, csv: (day) => day.date },
  { label: t.paidOrders, cell: (day) => count(day.paid), csv: (day) => day.paid },
  { label: t.gross, cell: (day) => formatAud(day.paidCents), csv: (day) => dollars(day.paidCents) },
  { label: t.refunds, cell: (day) => formatAud(day.refundedCents), csv: (day) => dollars(day.refundedCents) },
  { label: t.chargebacks, cell: (day) => formatAud(day.chargedBackCents), csv: (day) => dollars(day.chargedBackCents) },
  { label: t.chargebacksReversed, cell: (day) => formatAud(day.chargebackReversedCents), csv: (day) => dollars(day.chargebackReversedCents) },
  { label: t.net, cell: (day) => formatAud(day.netCents), csv: (day) => dollars(day.netCents) },
  { label: t.gstFree, cell: (day) => formatAud(day.gstFreeNetCents), csv: (day) => dollars(day.gstFreeNetCents) },
  { label: t.gst, cell: (day) => formatAud(day.gstCents), csv: (day) => dollars(day.gstCents) },
  { label: t.byCountry, cell: (day) => byCountryText(day, formatAud), csv: (day) => byCountryText(day, dollars) },
];

/** A day's net by the country each sale is counted in: Australia's (with GST), then each export country's. */
function byCountryText(day: OverviewDay, money: (cents: number) => string): string {
  const exports = Object.entries(day.exportNetCents).filter(([, cents]) => cents !== 0);
  return [['AU', day.netCents - day.gstFreeNetCents] as const, ...exports.sort(([a], [b]) => a.localeCompare(b))].map(([country, cents]) => `${country} ${money(cents)}`).join('; ');
}

export const FUNNEL_COLUMNS: ReadonlyArray<FigureColumn<OverviewDay>> = [
  { label: t.date, cell: (day) => day.date, csv: (day) => day.date },
  { label: t.shopVisits, cell: (day) => count(day.funnel.shopVisit), csv: (day) => day.funnel.shopVisit },
  { label: t.buys, cell: (day) => count(day.funnel.buy), csv: (day) => day.funnel.buy },
  { label: t.submits, cell: (day) => count(day.funnel.submit), csv: (day) => day.funnel.submit },
  { label: t.paidOrders, cell: (day) => count(day.paid), csv: (day) => day.paid },
  { label: t.credited, cell: (day) => count(day.credited), csv: (day) => day.credited },
];

export const OUTCOME_COLUMNS: ReadonlyArray<FigureColumn<OverviewDay>> = [
  { label: t.date, cell: (day) => day.date, csv: (day) => day.date },
  { label: t.ordersMade, cell: (day) => count(day.ordersMade), csv: (day) => day.ordersMade },
  { label: t.declined, cell: (day) => count(day.declined), csv: (day) => day.declined },
  { label: t.cancelled, cell: (day) => count(day.cancelled), csv: (day) => day.cancelled },
  { label: t.expired, cell: (day) => count(day.expired), csv: (day) => day.expired },
  { label: t.refundedOrders, cell: (day) => count(day.refunded), csv: (day) => day.refunded },
  { label: t.disputes, cell: (day) => count(day.disputes), csv: (day) => day.disputes },
];

export const PACK_COLUMNS: ReadonlyArray<FigureColumn<PackRevenue>> = [
  { label: t.pack, cell: (pack) => t.packName(pack.packId, pack.title), csv: (pack) => t.packName(pack.packId, pack.title) },
  { label: t.packPaid, cell: (pack) => count(pack.paid), csv: (pack) => pack.paid },
  { label: t.packNet, cell: (pack) => formatAud(pack.netCents), csv: (pack) => dollars(pack.netCents) },
];

/** A day's payments from players who did not claim a gift in the 7 days before: the rest of its paid orders and money. */
export const paidByOthers = (day: OverviewDay) => day.paid - day.paidByGiftClaimers;
export const paidCentsByOthers = (day: OverviewDay) => day.paidCents - day.paidByGiftClaimersCents;

export const GIFT_COLUMNS: ReadonlyArray<FigureColumn<OverviewDay>> = [
  { label: t.date, cell: (day) => day.date, csv: (day) => day.date },
  { label: t.giftClaims, cell: (day) => count(day.giftClaims), csv: (day) => day.giftClaims },
  { label: t.giftGems, cell: (day) => count(day.giftGems), csv: (day) => day.giftGems },
  { label: t.giftReturns, cell: (day) => count(day.giftReturns), csv: (day) => day.giftReturns },
  { label: t.paidByClaimers, cell: (day) => `${count(day.paidByGiftClaimers)} (${formatAud(day.paidByGiftClaimersCents)})`, csv: (day) => day.paidByGiftClaimers },
  { label: t.paidByOthers, cell: (day) => `${count(paidByOthers(day))} (${formatAud(paidCentsByOthers(day))})`, csv: paidByOthers },
];

export const averageOf = (cents: number, orders: number) => (orders > 0 ? formatAud(Math.round(cents / orders)) : '—');

const speedCell = (metric: RumMetric) => (row: PageSpeed) => {
  const p75 = row.p75[metric];
  if (p75 === null) return '—';
  const shown = metric === 'CLS' ? String(p75) : `${p75.toLocaleString('en-AU')} ms`;
  return `${shown} ${p75 <= GOOD_VITALS[metric] ? t.good : t.notGood} (${count(row.samples[metric])})`;
};
export const SPEED_COLUMNS: ReadonlyArray<FigureColumn<PageSpeed>> = [
  { label: t.page, cell: (row) => row.page, csv: (row) => row.page },
  { label: t.device, cell: (row) => row.device, csv: (row) => row.device },
  {
    label: t.restsOn,
    cell: (row) => `${t.restsOnCell(count(row.visits), count(row.addresses))}${row.tooFew ? `: ${t.tooFew}` : ''}`,
    csv: (row) => `${row.visits} visits, ${row.addresses} addresses${row.tooFew ? `, ${t.tooFew}` : ''}`,
  },
  ...RUM_METRICS.map((metric) => ({ label: `${metric} p75`, cell: speedCell(metric), csv: (row: PageSpeed) => row.p75[metric] ?? '' })),
];
