import { expectedShares, type Experiment } from './experiment';
import { conversionInterval, revenueDifference, revenueInterval, sampleRatioMismatch } from './experimentStats';

const experiment: Experiment = {
  id: 'returning-bonus-2026-12',
  holdoutShare: 0.2,
  arms: [
    { id: 'ten-percent', weight: 1, bonus: { unit: 'percent', amount: 10 } },
    { id: 'twenty-percent', weight: 3, bonus: { unit: 'percent', amount: 20 } },
  ],
};

describe('an experiment’s statistics, on known data', () => {
  it('conversion: Wilson’s score interval, 4 of 20 is 0.081 to 0.416 (worked by hand)', () => {
    const interval = conversionInterval(4, 20);
    expect(interval.estimate).toBe(0.2);
    expect(interval.low).toBeCloseTo(0.0807, 3);
    expect(interval.high).toBeCloseTo(0.416, 3);
    expect(conversionInterval(0, 0)).toEqual({ estimate: 0, low: 0, high: 0 });
    expect(conversionInterval(0, 10).low).toBe(0);
  });

  it('revenue per exposed player: the mean and 1.96 standard errors, and the difference against the holdout', () => {
    // Ten players: two paid A$10 and A$20 (1000 and 2000 cents), eight paid nothing. Mean 300, sd ≈ 674.9.
    const arm = { exposed: 10, sumCents: 3000, sumSquaresCents: 1000 ** 2 + 2000 ** 2 };
    const interval = revenueInterval(arm);
    expect(interval.estimate).toBe(300);
    expect(interval.high - interval.estimate).toBeCloseTo(1.959964 * Math.sqrt((5_000_000 - 900_000) / 9 / 10), 3);
    const holdout = { exposed: 10, sumCents: 1000, sumSquaresCents: 1000 ** 2 };
    const difference = revenueDifference(arm, holdout);
    expect(difference.estimate).toBe(200);
    expect(difference.low).toBeLessThan(0);
    expect(difference.high).toBeGreaterThan(400);
  });

  it('the sample-ratio check warns when the arms’ sizes are not as weighted', () => {
    const expected = expectedShares(experiment);
    expect(sampleRatioMismatch({ holdout: 200, 'ten-percent': 200, 'twenty-percent': 600 }, expected)).toEqual({ chiSquared: expect.closeTo(0, 9), mismatch: false });
    expect(sampleRatioMismatch({ holdout: 100, 'ten-percent': 250, 'twenty-percent': 650 }, expected).mismatch).toBe(true);
  });
});
