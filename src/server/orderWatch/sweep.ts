import { mapRoundsWithConcurrency } from '../lib/mapWithConcurrency';
import { onePassAtATime, repeatPasses } from '../lib/onePassAtATime';
import { checkClaimed } from '../provider/providerCheck';
import type { ProviderDeps } from '../provider/providerDeps';
import { settleRefundsOnce, type RefundSweepResult } from '../refunds/refundSettlement';
import type { RefundDeps } from '../refunds/refundService';
import { LATE_PAYMENT_RECHECK_MAX_MS, recheckDelay } from '../provider/recheckDelay';
import { storedStatus, type TransactionRecord } from '../orders/orderRules';
import { checkClaim } from '../orders/orderWatchRules';
import type { OrderStatus } from '../../shared/orders/orderStatus';
import type { Settings } from '../config/settings';
import { isStillWatched, LATE_PAYMENT_WATCH_MS, wasSold } from '../../shared/orders/orderStatus';
import { sweepInstanceId } from '../config/settings';
import type { OrderWatchRepository } from './orderWatchRepository';

/**
 * How many orders a pass claims at a time, and how many may wait unchecked before it claims the next round: an
 * instance claims a backlog as fast as it checks it, so instances sharing one split it by what each can do.
 */
const CLAIM_ROUND = 1_000;
const CLAIM_LOOKAHEAD = 500;

/** What the sweep uses: a check with the provider, and the watch over orders. */
export interface SweepDeps extends ProviderDeps {
  orderWatch: OrderWatchRepository;
}

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
 * One pass of the server's watch over every order the provider's word can still change: claim the due ones
 * (a lease in Firestore, so N instances split the work), ask the provider with bounded concurrency, apply
 * each answer, and put the next check off with backoff. It never gives up on a pending order: only the
 * provider's final answer ends that. An unpaid final one (failed, cancelled, expired) is asked about for
 * LATE_PAYMENT_WATCH_MS after it was placed, less often, so a payment that lands late is credited.
 * Bounded in count (SWEEP_BATCH) and time (SWEEP_PASS_MS); one failure never ends the pass.
 */
export async function sweepOnce(deps: SweepDeps, now: number = Date.now()): Promise<SweepResult> {
  const { settings } = deps;
  const started = Date.now();
  const writes = deps.orderWatch.checkWrites();
  const claimant = sweepInstanceId(settings);
  // Each claim counts its check and sets the next as if the answer changes nothing (orderWatchRules' checkClaim).
  const before = new Map<string, Pick<TransactionRecord, 'checks' | 'lastCheckedAt'>>();
  const claimOf = (record: TransactionRecord) => {
    before.set(record.order_id, { checks: record.checks, lastCheckedAt: record.lastCheckedAt });
    return checkClaim(record, { at: now, claimant, leaseUntil: now + settings.SWEEP_LEASE_MS, delayOf: (checks) => nextCheckDelay(settings, storedStatus(record), checks) });
  };
  let claimedCount = 0;
  let allClaimed = false;
  // Claimed a round at a time, the next while the last is checked.
  const nextRound = async () => {
    if (allClaimed || claimedCount >= settings.SWEEP_BATCH || Date.now() - started > settings.SWEEP_PASS_MS) return [];
    const wanted = Math.min(CLAIM_ROUND, settings.SWEEP_BATCH - claimedCount);
    const round = await deps.orderWatch.claimDue(now, wanted, claimOf);
    claimedCount += round.length;
    allClaimed = round.length < wanted;
    return round;
  };
  let deferred = 0;
  const checkOne = async (record: TransactionRecord) => {
    if (Date.now() - started > settings.SWEEP_PASS_MS) {
      deferred += 1;
      writes.unclaim(record, before.get(record.order_id)!);
      return false;
    }
    const outcome = await checkClaimed(deps, record);
    if (!outcome) return false;
    const status = storedStatus(outcome.record);
    if (!isStillWatched({ status, createdAt: outcome.record.createdAt }, now)) {
      if (!wasSold(status)) {
        writes.endWatch(outcome.record, now, `${status}, and no payment landed within ${LATE_PAYMENT_WATCH_MS / 86_400_000} days: no more checks`);
      }
    } else if ('failure' in outcome || status !== storedStatus(record)) {
      // The claim's next check was set for an answer that changes nothing: this one did, or none came.
      const late = status !== 'pending';
      const nextCheckAt = now + nextCheckDelay(settings, status, record.checks);
      const answer = 'failure' in outcome ? `the provider could not be asked (${outcome.failure})` : late ? `${status}, watched for a late payment` : 'not decided yet';
      writes.scheduleNext(outcome.record, {
        at: now,
        checks: record.checks,
        nextCheckAt,
        ...('answer' in outcome ? { answer: outcome.answer } : {}),
        detail: `${answer}; check ${record.checks}, the next in ${Math.round((nextCheckAt - now) / 1000)} s`,
      });
    }
    return outcome.creditedNow;
  };
  const checked = mapRoundsWithConcurrency(nextRound, settings.SWEEP_CONCURRENCY, checkOne, { lookahead: CLAIM_LOOKAHEAD });
  // The checks' writes are sent even when a round's claim failed, then the failure is the pass's.
  const [settled] = await Promise.allSettled([checked]);
  const unwritten = await writes.close();
  if (settled.status === 'rejected') throw settled.reason;
  const outcomes = settled.value;
  const failed = outcomes.filter(({ outcome }) => outcome.status === 'rejected');
  for (const { item, outcome } of failed) {
    deps.log.error({ event: 'order.check_failed', orderId: item.order_id, source: 'sweep', reason: String((outcome as PromiseRejectedResult).reason) });
  }
  const unwrittenOrders = new Set(unwritten.map(({ orderId }) => orderId));
  for (const { orderId, reason } of unwritten) deps.log.error({ event: 'order.check_unrecorded', orderId, source: 'sweep', reason: String(reason) });
  return {
    claimed: claimedCount,
    checked: claimedCount - failed.length - unwrittenOrders.size - deferred,
    credited: outcomes.filter(({ outcome }) => outcome.status === 'fulfilled' && outcome.value).length,
    failed: failed.length + unwrittenOrders.size,
    deferred,
    durationMs: Date.now() - started,
  };
}

/** The wait before the `checks`-th check of an order in `status`: an unpaid final one is watched for a late payment, less often. */
function nextCheckDelay(settings: Settings, status: OrderStatus, checks: number): number {
  return recheckDelay(settings, checks, Math.random, status === 'pending' ? undefined : LATE_PAYMENT_RECHECK_MAX_MS);
}

export interface SweepPass extends SweepResult {
  at: number;
  /** Refund approvals settled in the pass; null without the refunds at hand. */
  refunds: RefundSweepResult | null;
}

/**
 * One instance's sweep, pass by pass: the timer's (`npm start`) and the job endpoint's (Cloud Scheduler)
 * alike. Its first pass takes back the claims this instance held before it was last stopped; until it has
 * succeeded once, each pass first puts any open order from before the watch under it, so none is left out.
 * With the refunds at hand, each pass also settles the refund approvals a timeout or a crash left under way.
 * One pass at a time in this instance: a pass asked for while one runs shares it.
 */
export function sweepRunner(deps: SweepDeps | (SweepDeps & RefundDeps), report: (pass: SweepPass) => Promise<void> = async () => undefined) {
  let claimsTakenBack = false;
  let adopted = false;

  const adoptUnwatched = async (at: number) => {
    try {
      const count = await deps.orderWatch.adoptUnwatched(at);
      adopted = true;
      if (count) deps.log.warn({ event: 'sweep.adopted', orders: count, detail: 'open orders from before the watch, now due' });
    } catch (error) {
      deps.log.error({ event: 'sweep.adoption_failed', reason: (error as Error).message });
    }
  };

  const passOnce = async (): Promise<SweepPass> => {
    const at = Date.now();
    if (!claimsTakenBack) {
      // Back after a crash under the same name: the orders it had claimed are due now, not when their leases lapse.
      const released = await deps.orderWatch.releaseClaimsOf(sweepInstanceId(deps.settings), at);
      if (released > 0) deps.log.warn({ event: 'sweep.claims_taken_back', orders: released });
      claimsTakenBack = true;
    }
    if (!adopted) await adoptUnwatched(at);
    const result = await sweepOnce(deps, at);
    if (result.claimed > 0) deps.log.info({ event: 'sweep.pass', ...result });
    const refunds = 'refunds' in deps ? await settleRefundsOnce(deps, at) : null;
    if (refunds && refunds.claimed > 0) deps.log.info({ event: 'sweep.refunds', ...refunds });
    const pass = { at, ...result, refunds };
    await report(pass);
    return pass;
  };

  return onePassAtATime(passOnce);
}

/**
 * Runs a sweep pass every SWEEP_INTERVAL_MS (never two at once in this instance), the first at once, and
 * reports each pass (support's health view shows the last); answers a stop function whose promise settles
 * when a pass under way has finished.
 */
export function startSweep(runner: ReturnType<typeof sweepRunner>, deps: SweepDeps): () => Promise<void> {
  return repeatPasses(deps.settings.SWEEP_INTERVAL_MS, runner, deps.log, 'sweep.failed', { runAtOnce: true });
}
