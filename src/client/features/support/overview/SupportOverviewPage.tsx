import { useMemo, useState } from 'react';
import styled, { useTheme } from 'styled-components';
import { formatAud } from '../../../../shared/money';
import { DISPUTE_RATE_MARKS } from '../../../../shared/disputes/dispute';
import { GOOD_VITALS, RUM_METRICS, type RumMetric } from '../../../../shared/rum';
import { formatShare, OVERVIEW_PERIODS, shareOf, type OverviewDay, type OverviewPeriod, type PackRevenue, type PageSpeed } from '../../../../shared/stats';
import { Panel } from '../../../components/Panel';
import { ConsoleArea, consoleAreaPage } from '../components/ConsoleArea';
import { FiguresTable, type FigureColumn } from './FiguresTable';
import { OverviewChart, type ChartSeries } from './OverviewChart';
import { overviewTexts as t } from './overviewTexts';
import { useOverviewQuery } from './supportOverviewApi';

const dollars = (cents: number) => (cents / 100).toFixed(2);
const count = (value: number) => value.toLocaleString('en-AU');
/** An axis tick in whole dollars, signed as formatAud signs a loss. */
const audAxis = (value: number) => `${value < 0 ? '-' : ''}A$${Math.abs(value).toLocaleString('en-AU')}`;

const Periods = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 20px;
  margin: 0;
  padding: 0;
  border: 0;

  legend {
    font-weight: 700;
    margin-bottom: 6px;
  }
  label {
    display: inline-flex;
    gap: 6px;
    align-items: center;
  }
  input:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: 10px;
  margin: 0 0 12px;

  div {
    padding: 10px 12px;
    border-radius: ${({ theme }) => theme.radius.medium};
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 4px 0 0;
    font-weight: 700;
    font-size: 1.15rem;
  }
`;

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

const REVENUE_COLUMNS: ReadonlyArray<FigureColumn<OverviewDay>> = [
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

const FUNNEL_COLUMNS: ReadonlyArray<FigureColumn<OverviewDay>> = [
  { label: t.date, cell: (day) => day.date, csv: (day) => day.date },
  { label: t.shopVisits, cell: (day) => count(day.funnel.shopVisit), csv: (day) => day.funnel.shopVisit },
  { label: t.buys, cell: (day) => count(day.funnel.buy), csv: (day) => day.funnel.buy },
  { label: t.submits, cell: (day) => count(day.funnel.submit), csv: (day) => day.funnel.submit },
  { label: t.paidOrders, cell: (day) => count(day.paid), csv: (day) => day.paid },
  { label: t.credited, cell: (day) => count(day.credited), csv: (day) => day.credited },
];

const OUTCOME_COLUMNS: ReadonlyArray<FigureColumn<OverviewDay>> = [
  { label: t.date, cell: (day) => day.date, csv: (day) => day.date },
  { label: t.ordersMade, cell: (day) => count(day.ordersMade), csv: (day) => day.ordersMade },
  { label: t.declined, cell: (day) => count(day.declined), csv: (day) => day.declined },
  { label: t.cancelled, cell: (day) => count(day.cancelled), csv: (day) => day.cancelled },
  { label: t.expired, cell: (day) => count(day.expired), csv: (day) => day.expired },
  { label: t.refundedOrders, cell: (day) => count(day.refunded), csv: (day) => day.refunded },
  { label: t.disputes, cell: (day) => count(day.disputes), csv: (day) => day.disputes },
];

const PACK_COLUMNS: ReadonlyArray<FigureColumn<PackRevenue>> = [
  { label: t.pack, cell: (pack) => t.packName(pack.packId, pack.title), csv: (pack) => t.packName(pack.packId, pack.title) },
  { label: t.packPaid, cell: (pack) => count(pack.paid), csv: (pack) => pack.paid },
  { label: t.packNet, cell: (pack) => formatAud(pack.netCents), csv: (pack) => dollars(pack.netCents) },
];

/** A day's payments from players who did not claim a gift in the 7 days before: the rest of its paid orders and money. */
const paidByOthers = (day: OverviewDay) => day.paid - day.paidByGiftClaimers;
const paidCentsByOthers = (day: OverviewDay) => day.paidCents - day.paidByGiftClaimersCents;

const GIFT_COLUMNS: ReadonlyArray<FigureColumn<OverviewDay>> = [
  { label: t.date, cell: (day) => day.date, csv: (day) => day.date },
  { label: t.giftClaims, cell: (day) => count(day.giftClaims), csv: (day) => day.giftClaims },
  { label: t.giftGems, cell: (day) => count(day.giftGems), csv: (day) => day.giftGems },
  { label: t.giftReturns, cell: (day) => count(day.giftReturns), csv: (day) => day.giftReturns },
  { label: t.paidByClaimers, cell: (day) => `${count(day.paidByGiftClaimers)} (${formatAud(day.paidByGiftClaimersCents)})`, csv: (day) => day.paidByGiftClaimers },
  { label: t.paidByOthers, cell: (day) => `${count(paidByOthers(day))} (${formatAud(paidCentsByOthers(day))})`, csv: paidByOthers },
];

const averageOf = (cents: number, orders: number) => (orders > 0 ? formatAud(Math.round(cents / orders)) : '—');

const speedCell = (metric: RumMetric) => (row: PageSpeed) => {
  const p75 = row.p75[metric];
  if (p75 === null) return '—';
  const shown = metric === 'CLS' ? String(p75) : `${p75.toLocaleString('en-AU')} ms`;
  return `${shown} ${p75 <= GOOD_VITALS[metric] ? t.good : t.notGood} (${count(row.samples[metric])})`;
};
const SPEED_COLUMNS: ReadonlyArray<FigureColumn<PageSpeed>> = [
  { label: t.page, cell: (row) => row.page, csv: (row) => row.page },
  { label: t.device, cell: (row) => row.device, csv: (row) => row.device },
  {
    label: t.restsOn,
    cell: (row) => `${t.restsOnCell(count(row.visits), count(row.addresses))}${row.tooFew ? `: ${t.tooFew}` : ''}`,
    csv: (row) => `${row.visits} visits, ${row.addresses} addresses${row.tooFew ? `, ${t.tooFew}` : ''}`,
  },
  ...RUM_METRICS.map((metric) => ({ label: `${metric} p75`, cell: speedCell(metric), csv: (row: PageSpeed) => row.p75[metric] ?? '' })),
];

/** /support/overview: the business at a glance, for staff: revenue, the funnel, outcomes and rates, and players' page speed. */
export default consoleAreaPage(t.title, Overview);

function Overview() {
  const [days, setDays] = useState<OverviewPeriod>(30);
  // The period shown stays until the one chosen is read (then it is the newest chosen).
  const { data: overview, error, isFetching } = useOverviewQuery(days);
  const theme = useTheme();
  const rows = useMemo(() => overview?.days ?? [], [overview]);
  const dates = useMemo(() => rows.map((day) => day.date), [rows]);
  const charts = useMemo(() => {
    const palette = [theme.colors.gold, theme.colors.focus, theme.colors.ember, theme.colors.goldBright, theme.colors.danger];
    const lines = (...series: Array<[string, (day: OverviewDay) => number]>): ChartSeries[] =>
      series.map(([label, read], index) => ({ label, values: rows.map(read), color: palette[index % palette.length]! }));
    return {
      revenue: lines([t.gross, (day) => day.paidCents / 100], [t.net, (day) => day.netCents / 100], [t.gst, (day) => day.gstCents / 100]),
      funnel: lines(
        [t.shopVisits, (day) => day.funnel.shopVisit],
        [t.buys, (day) => day.funnel.buy],
        [t.submits, (day) => day.funnel.submit],
        [t.paidOrders, (day) => day.paid],
        [t.credited, (day) => day.credited],
      ),
      outcomes: lines([t.declined, (day) => day.declined], [t.cancelled, (day) => day.cancelled], [t.expired, (day) => day.expired]),
    };
  }, [rows, theme]);
  const sum = (read: (day: OverviewDay) => number) => rows.reduce((total, day) => total + read(day), 0);
  const file = (name: string) => `wyrmcrown-${name}-${days}-days-${dates.at(-1) ?? ''}.csv`;
  return (
    <ConsoleArea heading={t.title} busy={isFetching} error={error}>
      <Periods>
        <legend>{t.period}</legend>
        {OVERVIEW_PERIODS.map((period) => (
          <label key={period}>
            <input type="radio" name="period" value={period} checked={days === period} onChange={() => setDays(period as OverviewPeriod)} />
            {t.days(period)}
          </label>
        ))}
      </Periods>
      {overview && (
        <>
          <p>{t.zone(overview.timeZone)}</p>
          <Panel aria-labelledby="revenue-heading">
            <h2 id="revenue-heading">{t.revenueHeading}</h2>
            <Figures>
              <Figure label={t.net} value={formatAud(sum((day) => day.netCents))} testId="revenue-net" />
              <Figure label={t.gst} value={formatAud(sum((day) => day.gstCents))} />
              <Figure label={t.gstFree} value={formatAud(sum((day) => day.gstFreeNetCents))} testId="revenue-gst-free" />
              <Figure label={t.gross} value={formatAud(sum((day) => day.paidCents))} />
            </Figures>
            <OverviewChart dates={dates} series={charts.revenue} format={audAxis} summary={t.revenueSummary(formatAud(sum((day) => day.netCents)), days)} />
            <FiguresTable caption={t.revenueHeading} columns={REVENUE_COLUMNS} rows={rows} file={file('revenue')} testId="revenue" />
          </Panel>
          <Panel aria-labelledby="funnel-heading">
            <h2 id="funnel-heading">{t.funnelHeading}</h2>
            <Figures>
              <Figure label={t.buyPerVisit} value={formatShare(shareOf(sum((day) => day.funnel.buy), sum((day) => day.funnel.shopVisit)))} testId="conversion-buy" />
              <Figure label={t.submitPerBuy} value={formatShare(shareOf(sum((day) => day.funnel.submit), sum((day) => day.funnel.buy)))} testId="conversion-submit" />
              <Figure label={t.paidPerSubmit} value={formatShare(shareOf(sum((day) => day.paid), sum((day) => day.funnel.submit)))} testId="conversion-paid" />
              <Figure label={t.creditedPerPaid} value={formatShare(shareOf(sum((day) => day.credited), sum((day) => day.paid)))} />
            </Figures>
            <OverviewChart dates={dates} series={charts.funnel} format={count} summary={t.funnelSummary(sum((day) => day.funnel.shopVisit), sum((day) => day.paid), days)} />
            <FiguresTable caption={t.funnelHeading} columns={FUNNEL_COLUMNS} rows={rows} file={file('funnel')} testId="funnel" />
          </Panel>
          <Panel aria-labelledby="outcomes-heading">
            <h2 id="outcomes-heading">{t.outcomesHeading}</h2>
            <Figures data-testid="rates">
              <Figure label={t.declinedShare} value={formatShare(overview.rates.declined)} testId="rate-declined" />
              <Figure label={t.cancelledShare} value={formatShare(overview.rates.cancelled)} />
              <Figure label={t.expiredShare} value={formatShare(overview.rates.expired)} />
              <Figure label={t.refundRate} value={formatShare(overview.rates.refunded)} testId="rate-refunded" />
              <Figure label={t.disputeRate(formatShare(DISPUTE_RATE_MARKS.monitoring), formatShare(DISPUTE_RATE_MARKS.strongerChecks))} value={formatShare(overview.rates.disputed)} testId="rate-disputed" />
              <Figure label={t.creditLag} value={t.lag(overview.creditLag.p50, overview.creditLag.p95, overview.creditLag.samples)} testId="credit-lag" />
            </Figures>
            <OverviewChart dates={dates} series={charts.outcomes} format={count} summary={t.outcomesSummary(formatShare(overview.rates.declined), formatShare(overview.rates.refunded), formatShare(overview.rates.disputed))} />
            <FiguresTable caption={t.outcomesHeading} columns={OUTCOME_COLUMNS} rows={rows} file={file('outcomes')} testId="outcomes" />
          </Panel>
          <Panel aria-labelledby="packs-heading">
            <h2 id="packs-heading">{t.packsHeading}</h2>
            <p>{t.packsIntro}</p>
            {overview.packs.length === 0 ? (
              <p>{t.noPacks}</p>
            ) : (
              <FiguresTable caption={t.packsHeading} columns={PACK_COLUMNS} rows={overview.packs} file={file('revenue-by-pack')} testId="packs" />
            )}
          </Panel>
          <Panel aria-labelledby="gifts-heading">
            <h2 id="gifts-heading">{t.giftsHeading}</h2>
            <p>{t.giftsIntro}</p>
            <Figures data-testid="gift-figures">
              <Figure label={t.giftClaims} value={count(sum((day) => day.giftClaims))} testId="gift-claims" />
              <Figure label={t.giftGems} value={count(sum((day) => day.giftGems))} testId="gift-gems" />
              <Figure label={t.giftReturns} value={formatShare(shareOf(sum((day) => day.giftReturns), sum((day) => day.giftClaims)))} testId="gift-returns" />
              <Figure label={t.paidByClaimers} value={`${count(sum((day) => day.paidByGiftClaimers))} (${formatAud(sum((day) => day.paidByGiftClaimersCents))})`} testId="gift-paid-claimers" />
              <Figure label={t.paidByOthers} value={`${count(sum(paidByOthers))} (${formatAud(sum(paidCentsByOthers))})`} testId="gift-paid-others" />
            </Figures>
            <p data-testid="gift-average-order">
              {t.averageOrder(
                averageOf(sum((day) => day.paidByGiftClaimersCents), sum((day) => day.paidByGiftClaimers)),
                averageOf(sum(paidCentsByOthers), sum(paidByOthers)),
              )}
            </p>
            <FiguresTable caption={t.giftsHeading} columns={GIFT_COLUMNS} rows={rows} file={file('daily-gifts')} testId="gifts" />
          </Panel>
          <Panel aria-labelledby="speed-heading">
            <h2 id="speed-heading">{t.speedHeading}</h2>
            <p>{t.speedIntro}</p>
            {overview.speed.length === 0 ? <p>{t.noSpeed}</p> : <FiguresTable caption={t.speedHeading} columns={SPEED_COLUMNS} rows={overview.speed} file={file('page-speed')} testId="speed" />}
          </Panel>
        </>
      )}
    </ConsoleArea>
  );
}
