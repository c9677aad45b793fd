import { formatAud } from '../../../../shared/money';
import type { SchemeRateRow } from '../../../../shared/risk/schemeRates';
import { formatShare } from '../../../../shared/stats';
import type { FigureColumn } from './FiguresTable';
import { count } from './overviewColumns';
import { schemeTexts as t } from './schemeTexts';

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** Which marks a period is past, in words ("none passed" when none). */
export function marksPast(row: SchemeRateRow): string {
  const past: Array<string | null> = [
    row.pastMonitoring ? t.pastMonitoring : row.pastWarning ? t.pastWarning : null,
    row.twoQuartersPast ? t.twoQuarters : row.pastFraudMarks ? t.pastFraudMarks : null,
  ];
  const named = past.filter((words): words is string => words !== null);
  return named.length > 0 ? named.join('; ') : t.none;
}

export const SCHEME_COLUMNS: ReadonlyArray<FigureColumn<SchemeRateRow>> = [
  { label: t.period, cell: (row) => row.period, csv: (row) => row.period },
  { label: t.sales, cell: (row) => `${count(row.paid)} (${formatAud(row.paidCents)})`, csv: (row) => row.paid },
  { label: t.disputes, cell: (row) => `${count(row.disputes)}: ${formatShare(row.disputeRate.byCount)}, ${formatShare(row.disputeRate.byValue)}`, csv: (row) => row.disputes },
  { label: t.fraud, cell: (row) => `${count(row.fraudDisputes)}: ${formatShare(row.fraudRate.byCount)}, ${formatShare(row.fraudRate.byValue)}`, csv: (row) => row.fraudDisputes },
  { label: t.fraudLosses, cell: (row) => formatAud(row.fraudLossCents), csv: (row) => dollars(row.fraudLossCents) },
  { label: t.marks, cell: marksPast, csv: marksPast },
  { label: t.refused, cell: (row) => count(row.riskRefused), csv: (row) => row.riskRefused },
  { label: t.challenged, cell: (row) => count(row.riskChallenged), csv: (row) => row.riskChallenged },
  { label: t.dryRun, cell: (row) => count(row.riskDryRun), csv: (row) => row.riskDryRun },
];
