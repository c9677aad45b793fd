import type { DailyCounter } from '../stats';

/**
 * The ratios the card schemes and AusPayNet watch (docs/payments.md, Stolen cards), by month and by quarter, from the
 * day's counts: disputes and fraud-coded disputes as a share of sales by count and by value, fraud losses, and what the
 * risk rules did (refused, challenged, and would have done in dry-run), so an operator sees a rule's cost.
 */
export const SCHEME_MARKS = {
  /** Where the schemes' dispute monitoring starts to warn (Visa's early warning, about 0.9 % of sales). */
  disputeWarning: 0.009,
  /** Where they put a merchant into a programme (about 1.5 %). */
  disputeMonitoring: 0.015,
  /** AusPayNet's card-not-present framework: a fraud-to-sales ratio (by value) above 0.2 %… */
  fraudToSales: 0.002,
  /** …with fraud losses above A$50,000 in the quarter, two quarters in a row, asks for strong customer authentication. */
  fraudLossCents: 5_000_000,
} as const;

/** The counts a period's row is summed from. */
export const SCHEME_COUNTERS = ['paid', 'paidCents', 'disputes', 'disputedCents', 'fraudDisputes', 'fraudDisputedCents', 'fraudLossCents', 'riskRefused', 'riskChallenged', 'riskDryRun'] as const satisfies readonly DailyCounter[];
type SchemeCounter = (typeof SCHEME_COUNTERS)[number];

export interface SchemeRateRow extends Record<SchemeCounter, number> {
  /** yyyy-mm, or yyyy-Qn for a quarter. */
  period: string;
  disputeRate: { byCount: number; byValue: number };
  fraudRate: { byCount: number; byValue: number };
  /** The dispute rate by count is at or past the schemes' warning, or their monitoring mark. */
  pastWarning: boolean;
  pastMonitoring: boolean;
  /** A quarter past both AusPayNet marks (fraud to sales by value, and fraud losses); false for a month. */
  pastFraudMarks: boolean;
  /** This quarter and the one before it both past them: strong customer authentication is asked for. */
  twoQuartersPast: boolean;
}

export interface SchemeRates {
  months: SchemeRateRow[];
  quarters: SchemeRateRow[];
}

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
const quarterOf = (date: string) => `${date.slice(0, 4)}-Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`;

function rowOf(period: string, days: ReadonlyArray<Partial<Record<DailyCounter, number>>>, quarter: boolean): SchemeRateRow {
  const sums = Object.fromEntries(SCHEME_COUNTERS.map((counter) => [counter, days.reduce((sum, day) => sum + (day[counter] ?? 0), 0)])) as Record<SchemeCounter, number>;
  const disputeRate = { byCount: ratio(sums.disputes, sums.paid), byValue: ratio(sums.disputedCents, sums.paidCents) };
  const fraudRate = { byCount: ratio(sums.fraudDisputes, sums.paid), byValue: ratio(sums.fraudDisputedCents, sums.paidCents) };
  const pastFraudMarks = quarter && ratio(sums.fraudLossCents, sums.paidCents) > SCHEME_MARKS.fraudToSales && sums.fraudLossCents > SCHEME_MARKS.fraudLossCents;
  return {
    period,
    ...sums,
    disputeRate,
    fraudRate,
    pastWarning: disputeRate.byCount >= SCHEME_MARKS.disputeWarning,
    pastMonitoring: disputeRate.byCount >= SCHEME_MARKS.disputeMonitoring,
    pastFraudMarks,
    twoQuartersPast: false,
  };
}

/** The months and quarters of `days` (each with its yyyy-mm-dd date), oldest first. */
export function schemeRates(days: ReadonlyArray<{ date: string } & Partial<Record<DailyCounter, number>>>): SchemeRates {
  const grouped = (periodOf: (date: string) => string) => {
    const groups = new Map<string, Array<Partial<Record<DailyCounter, number>>>>();
    for (const day of [...days].sort((a, b) => a.date.localeCompare(b.date))) groups.set(periodOf(day.date), [...(groups.get(periodOf(day.date)) ?? []), day]);
    return [...groups.entries()];
  };
  const months = grouped((date) => date.slice(0, 7)).map(([period, group]) => rowOf(period, group, false));
  const quarters = grouped(quarterOf).map(([period, group]) => rowOf(period, group, true));
  quarters.forEach((row, index) => {
    row.twoQuartersPast = row.pastFraudMarks && index > 0 && quarters[index - 1]!.pastFraudMarks;
  });
  return { months, quarters };
}
