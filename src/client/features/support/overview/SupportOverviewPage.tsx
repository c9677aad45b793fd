import { useMemo, useState } from 'react';
import styled, { useTheme } from 'styled-components';
import { formatAud } from '../../../../shared/money';
import { DISPUTE_RATE_MARKS } from '../../../../shared/disputes/dispute';
import { formatShare, OVERVIEW_PERIODS, shareOf, type OverviewDay, type OverviewPeriod } from '../../../../shared/stats';
import { Panel } from '../../../components/Panel';
import { ConsoleArea, consoleAreaPage } from '../components/ConsoleArea';
import { FiguresTable } from './FiguresTable';
import { OverviewChart, type ChartSeries } from './OverviewChart';
import { audAxis, averageOf, count, FUNNEL_COLUMNS, GIFT_COLUMNS, OUTCOME_COLUMNS, PACK_COLUMNS, paidByOthers, paidCentsByOthers, REVENUE_COLUMNS, SPEED_COLUMNS } from './overviewColumns';
import { overviewTexts as t } from './overviewTexts';
import { useOverviewQuery } from './supportOverviewApi';
import { SchemesPanel } from './SchemesPanel';
import { ExperimentsPanel } from './ExperimentsPanel';
import { SourcesPanel } from './SourcesPanel';

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
          <SourcesPanel sources={overview.sources} creators={overview.creators} file={file} />
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
          <SchemesPanel />
          <ExperimentsPanel />
        </>
      )}
    </ConsoleArea>
  );
}
