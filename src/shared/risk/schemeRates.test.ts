import { SCHEME_MARKS, schemeRates } from './schemeRates';

describe('the card schemes’ ratios', () => {
  it('sum a month’s and a quarter’s days, and share disputes and fraud of sales by count and by value', () => {
    const { months, quarters } = schemeRates([
      { date: '2026-10-03', paid: 600, paidCents: 3_000_000, disputes: 3, disputedCents: 15_000, fraudDisputes: 2, fraudDisputedCents: 9_000, riskRefused: 7, riskChallenged: 4, riskDryRun: 9 },
      { date: '2026-10-20', paid: 400, paidCents: 2_000_000, disputes: 2, disputedCents: 5_000 },
      { date: '2026-11-02', paid: 100, paidCents: 500_000, disputes: 2, disputedCents: 10_000, fraudLossCents: 4_599 },
    ]);
    expect(months.map((row) => row.period)).toEqual(['2026-10', '2026-11']);
    expect(months[0]).toMatchObject({ paid: 1000, disputes: 5, disputeRate: { byCount: 0.005, byValue: 0.004 }, fraudRate: { byCount: 0.002, byValue: 0.0018 }, riskRefused: 7, riskChallenged: 4, riskDryRun: 9 });
    expect(months[0]).toMatchObject({ pastWarning: false, pastMonitoring: false });
    // November: 2 in 100, past both dispute marks.
    expect(months[1]).toMatchObject({ disputeRate: { byCount: 0.02 }, pastWarning: true, pastMonitoring: true, pastFraudMarks: false });
    expect(quarters).toEqual([expect.objectContaining({ period: '2026-Q4', paid: 1100, disputes: 7, fraudLossCents: 4_599 })]);
  });

  it('mark a quarter past AusPayNet’s two marks only past both, and two quarters in a row when the one before was too', () => {
    const overBoth = { paid: 1000, paidCents: 10_000_000, fraudLossCents: 5_000_100 };
    const rates = schemeRates([
      { date: '2026-03-31', ...overBoth },
      // Past the ratio (0.5 %) but under A$50,000 of losses.
      { date: '2026-04-01', paid: 10, paidCents: 100_000, fraudLossCents: 500 },
      { date: '2026-07-01', ...overBoth },
      { date: '2026-10-01', ...overBoth },
    ]);
    expect(rates.quarters.map((row) => [row.period, row.pastFraudMarks, row.twoQuartersPast])).toEqual([
      ['2026-Q1', true, false],
      ['2026-Q2', false, false],
      ['2026-Q3', true, false],
      ['2026-Q4', true, true],
    ]);
    expect(rates.months.every((row) => !row.pastFraudMarks)).toBe(true);
    expect(SCHEME_MARKS.fraudLossCents).toBe(50_000 * 100);
  });

  it('share nothing of nothing: a period without sales has rates of 0', () => {
    expect(schemeRates([{ date: '2026-12-01', disputes: 1 }]).months[0]!.disputeRate).toEqual({ byCount: 0, byValue: 0 });
  });
});
