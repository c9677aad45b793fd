/**
 * The wait before a next try, as every retry loop here has it: `firstMs` at step 0, doubling each step, at most
 * `maxMs`, then spread by ±`jitter` (0.5: between a half and one and a half) so instances and items do not march in
 * step. Each loop names its own first wait, cap and spread (commitIfUnchanged, the order watch, mail, game events).
 */
export function backoffDelay(firstMs: number, step: number, { maxMs = Infinity, jitter = 0 }: { maxMs?: number; jitter?: number } = {}, random: () => number = Math.random): number {
  const doubled = Math.min(firstMs * 2 ** Math.max(0, step), maxMs);
  return jitter === 0 ? doubled : Math.round(doubled * (1 - jitter + 2 * jitter * random()));
}
