/**
 * Histograms as the overview keeps them (field speed, the credit lag): counts in buckets given by their upper bounds,
 * and one more bucket for everything above the last.
 */

/** The bucket a value falls in: the first whose upper bound holds it, else the overflow bucket. */
export function bucketOf(bounds: readonly number[], value: number): number {
  const index = bounds.findIndex((bound) => value <= bound);
  return index === -1 ? bounds.length : index;
}

/**
 * The percentile `share` a histogram says, as the upper bound of the bucket where the count reaches it (the overflow
 * bucket reads as the last bound): an honest upper estimate, never better than the truth. Null with no sample.
 */
export function percentileOfBuckets(bounds: readonly number[], counts: readonly number[], share: number): number | null {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  let seen = 0;
  for (let index = 0; index < counts.length; index += 1) {
    seen += counts[index] ?? 0;
    if (seen >= total * share) return bounds[Math.min(index, bounds.length - 1)]!;
  }
  return bounds[bounds.length - 1]!;
}
