/**
 * The statistics of an experiment's result (docs/payments.md, Offers measured against a holdout): conversion with a
 * Wilson 95 % interval, revenue per exposed player with a normal 95 % interval from the arm's sum and sum of squares,
 * the difference against the holdout with its interval, and a sample-ratio check (chi-squared against the weights).
 */
const Z95 = 1.959963984540054;

export interface Interval {
  estimate: number;
  low: number;
  high: number;
}

/** Conversion `buyers / exposed` with Wilson's score interval (never outside [0, 1], sound for small counts). */
export function conversionInterval(buyers: number, exposed: number): Interval {
  if (exposed === 0) return { estimate: 0, low: 0, high: 0 };
  const p = buyers / exposed;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * exposed)) / (1 + z2 / exposed);
  const half = (Z95 / (1 + z2 / exposed)) * Math.sqrt((p * (1 - p)) / exposed + z2 / (4 * exposed * exposed));
  return { estimate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** An arm's revenue per exposed player: every exposed player's total (most of them 0), as a sum and a sum of squares. */
export interface RevenueSample {
  exposed: number;
  sumCents: number;
  sumSquaresCents: number;
}

const varianceOf = ({ exposed, sumCents, sumSquaresCents }: RevenueSample) =>
  exposed > 1 ? Math.max(0, (sumSquaresCents - (sumCents * sumCents) / exposed) / (exposed - 1)) : 0;

/** The mean revenue per exposed player with a normal 95 % interval. */
export function revenueInterval(sample: RevenueSample): Interval {
  if (sample.exposed === 0) return { estimate: 0, low: 0, high: 0 };
  const mean = sample.sumCents / sample.exposed;
  const half = Z95 * Math.sqrt(varianceOf(sample) / sample.exposed);
  return { estimate: mean, low: mean - half, high: mean + half };
}

/** An arm's mean revenue per exposed player less the holdout's, with Welch's normal 95 % interval. */
export function revenueDifference(arm: RevenueSample, holdout: RevenueSample): Interval {
  if (arm.exposed === 0 || holdout.exposed === 0) return { estimate: 0, low: 0, high: 0 };
  const difference = arm.sumCents / arm.exposed - holdout.sumCents / holdout.exposed;
  const half = Z95 * Math.sqrt(varianceOf(arm) / arm.exposed + varianceOf(holdout) / holdout.exposed);
  return { estimate: difference, low: difference - half, high: difference + half };
}

/**
 * The sample-ratio check: Pearson's chi-squared of the arms' exposed counts against their expected shares, and
 * whether it is past the 0.001 level (a mismatch that means the assignment, not chance: the result cannot be trusted).
 */
export function sampleRatioMismatch(counts: Record<string, number>, expected: Record<string, number>): { chiSquared: number; mismatch: boolean } {
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  const arms = Object.keys(expected);
  if (total === 0) return { chiSquared: 0, mismatch: false };
  const chiSquared = arms.reduce((sum, arm) => {
    const wanted = total * expected[arm]!;
    return wanted > 0 ? sum + ((counts[arm] ?? 0) - wanted) ** 2 / wanted : sum;
  }, 0);
  return { chiSquared, mismatch: chiSquared > CHI_SQUARED_001[arms.length - 1]! };
}

/** Chi-squared's 0.999 quantile by degrees of freedom (1 to 6): past it, p < 0.001. */
const CHI_SQUARED_001 = [Infinity, 10.828, 13.816, 16.266, 18.467, 20.515, 22.458];

/** One arm of an experiment as the overview shows it (GET /api/support/experiments). Money is A$ cents. */
export interface ArmResult {
  arm: string;
  /** The arm's bonus as staff read it ("+10 %"), or null for none (the holdout). */
  bonus: string | null;
  /** Its share of the players by the weights, and its share of those exposed. */
  expectedShare: number;
  exposedShare: number;
  exposed: number;
  orders: number;
  paidOrders: number;
  /** Players with money still standing from the experiment's orders. */
  buyers: number;
  netCents: number;
  conversion: Interval;
  revenuePerExposed: Interval;
  /** Revenue per exposed player less the holdout's; null for the holdout itself. */
  againstHoldout: Interval | null;
}

export interface ExperimentResult {
  offerId: string;
  title: string;
  state: 'running' | 'paused' | 'ended';
  startsAt: number;
  endsAt: number | null;
  arms: ArmResult[];
  sampleRatio: { chiSquared: number; mismatch: boolean };
}

/** GET /api/support/experiments */
export interface ExperimentResultsResponse {
  experiments: ExperimentResult[];
}
