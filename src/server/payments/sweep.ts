import { mapWithConcurrency } from '../lib/mapWithConcurrency';
import { repeatEvery } from '../lib/repeat';
import type { Settings } from '../config/settings';
import { confirmWithProvider, type PaymentDeps } from './paymentService';
import { storedStatus } from './transactionsRepository';

export interface SweepResult {
  claimed: number;
  checked: number;
  credited: number;
  /** Checks that failed on our side (the provider failing only puts the next check off). */
  failed: number;
  /** Claimed, but left to a later pass because this one ran out of time (their claims lapse). */
  deferred: number;
  durationMs: number;
}

/**
 * How long to wait before the `checks`-th check of a still-pending order: the first wait, doubling, at
 * most the longest, with ±10 % jitter so instances and orders do not march in step.
 */
export function recheckDelay(settings: Settings, checks: number, random: () => number = Math.random): number {
  const base = Math.min(settings.ORDER_RECHECK_FIRST_MS * 2 ** Math.max(0, checks - 1), settings.ORDER_RECHECK_MAX_MS);
  return Math.round(base * (0.9 + 0.2 * random()));
}

/**
 * One pass of the server's watch over every order not yet final: claim the due ones (a lease in Firestore,
 * so N instances split the work), ask the provider with bounded concurrency, apply each answer, and put the
 * next check of a still-pending order off with backoff. It never gives up on an order: only the provider's
 * final answer (paid, failed, cancelled, or its own expiry) ends the watch. Bounded in count (SWEEP_BATCH)
 * and time (SWEEP_PASS_MS); one failure never ends the pass.
 */
export async function sweepOnce(deps: PaymentDeps, now: number = Date.now()): Promise<SweepResult> {
  const { settings } = deps;
  const started = Date.now();
  const claimed = await deps.transactions.claimDue(now, settings.SWEEP_BATCH, settings.SWEEP_LEASE_MS);
  let deferred = 0;
  const outcomes = await mapWithConcurrency(claimed, settings.SWEEP_CONCURRENCY, async (record) => {
    if (Date.now() - started > settings.SWEEP_PASS_MS) {
      deferred += 1;
      return false;
    }
    const outcome = await confirmWithProvider(deps, record.order_id, 'sweep');
    if (outcome && storedStatus(outcome.record) === 'pending') {
      const checks = (record.checks ?? 0) + 1;
      const nextCheckAt = now + recheckDelay(settings, checks);
      const answer = 'failure' in outcome ? `the provider could not be asked (${outcome.failure})` : 'not decided yet';
      await deps.transactions.scheduleNextCheck(outcome.record, {
        at: now,
        checks,
        nextCheckAt,
        ...('providerStatus' in outcome ? { providerStatus: outcome.providerStatus } : {}),
        detail: `${answer}; check ${checks}, the next in ${Math.round((nextCheckAt - now) / 1000)} s`,
      });
    }
    return outcome?.creditedNow ?? false;
  });
  const failed = outcomes.filter((outcome) => outcome.status === 'rejected');
  for (const [index, outcome] of outcomes.entries()) {
    if (outcome.status === 'rejected') {
      deps.log.error({ event: 'order.check_failed', orderId: claimed[index]!.order_id, source: 'sweep', reason: String(outcome.reason) });
    }
  }
  return {
    claimed: claimed.length,
    checked: claimed.length - failed.length - deferred,
    credited: outcomes.filter((outcome) => outcome.status === 'fulfilled' && outcome.value).length,
    failed: failed.length,
    deferred,
    durationMs: Date.now() - started,
  };
}

/**
 * Runs a sweep pass every SWEEP_INTERVAL_MS (never two at once in this instance), and reports each pass
 * (support's health view shows the last); answers a stop function. Before its first pass it puts any open
 * order from before the watch under it, so none is left out (tried again each pass until it succeeds).
 */
export function startSweep(deps: PaymentDeps, report: (pass: SweepResult & { at: number }) => Promise<void> = async () => undefined): () => void {
  let adopted = false;
  const adoptUnwatched = async (at: number) => {
    try {
      const count = await deps.transactions.adoptUnwatched(at);
      adopted = true;
      if (count) deps.log.warn({ event: 'sweep.adopted', orders: count, detail: 'open orders from before the watch, now due' });
    } catch (error) {
      deps.log.error({ event: 'sweep.adoption_failed', reason: (error as Error).message });
    }
  };
  return repeatEvery(
    deps.settings.SWEEP_INTERVAL_MS,
    async () => {
      const at = Date.now();
      if (!adopted) await adoptUnwatched(at);
      const result = await sweepOnce(deps, at);
      if (result.claimed > 0) deps.log.info({ event: 'sweep.pass', ...result });
      await report({ at, ...result });
    },
    (error) => deps.log.error({ event: 'sweep.failed', reason: error.message }),
  );
}
