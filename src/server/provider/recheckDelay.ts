import type { Settings } from '../config/settings';
import { backoffDelay } from '../lib/backoff';

/** The longest wait between two checks of an unpaid final order watched for a late payment. */
export const LATE_PAYMENT_RECHECK_MAX_MS = 6 * 3_600_000;

/**
 * How long to wait before the `checks`-th check of an order still watched: the first wait, doubling, at
 * most the longest (ORDER_RECHECK_MAX_MS, or `maxMs`), with ±10 % jitter so instances and orders do not
 * march in step.
 */
export function recheckDelay(settings: Settings, checks: number, random: () => number = Math.random, maxMs = settings.ORDER_RECHECK_MAX_MS): number {
  return backoffDelay(settings.ORDER_RECHECK_FIRST_MS, checks - 1, { maxMs, jitter: 0.1 }, random);
}
