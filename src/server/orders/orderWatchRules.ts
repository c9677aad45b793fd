import type { OrderEvent } from '../../shared/orders/orderEvents';
import { WATCHED_STATUSES } from '../../shared/orders/orderStatus';
import { storedStatus, type ProviderAnswer, type TransactionRecord } from './orderRules';

/**
 * The sweep's watch as the order record keeps it (nextCheckAt, leaseUntil, checks): which orders are outside it,
 * what puts one under it, and what makes one due at once. The repositories apply these to what they store.
 */

/** Open, and not watched by the sweep: made before the sweep kept a next check on every open order. */
export function isUnwatched(record: TransactionRecord): boolean {
  return storedStatus(record) === 'pending' && typeof record.nextCheckAt !== 'number';
}

/** What puts an unwatched order under the sweep's watch: due at `now`, in the status the sweep's query reads. */
export function watchFrom(record: TransactionRecord, now: number): Partial<TransactionRecord> {
  return {
    status: 'pending',
    ...(record.status !== 'pending' ? { providerStatus: record.status } : {}),
    nextCheckAt: now,
    leaseUntil: 0,
    checks: record.checks ?? 0,
  };
}

/**
 * A paid return the provider signed makes its order due for a check now, unless it comes back by itself when a claim
 * lapses: the player's tab may close before its own check lands (or the instance that got the return may die), and
 * the provider has already said the money moved, so the next sweep pass of any instance asks, instead of waiting out
 * the backoff. (A claim's next check is past its lease when the backoff is longer: the order is made due then too.)
 */
export function dueOnPaidReturn(record: TransactionRecord, at: number): Pick<TransactionRecord, 'nextCheckAt'> | null {
  const watched = WATCHED_STATUSES.includes(storedStatus(record)) && typeof record.nextCheckAt === 'number';
  const backWhenClaimLapses = record.leaseUntil > at && record.nextCheckAt <= record.leaseUntil;
  return watched && record.nextCheckAt > at && !backWhenClaimLapses ? { nextCheckAt: at } : null;
}

/** The history line of a sweep's check: when the order is asked about next, or that its watch ended, and why. */
export function checkEvent(record: Pick<TransactionRecord, 'order_id' | 'userId'>, at: number, detail: string, answer?: ProviderAnswer): OrderEvent {
  return { orderId: record.order_id, userId: record.userId, at, type: 'checkScheduled', source: 'sweep', ...(answer ? { providerStatus: answer.word } : {}), detail };
}

/** What a sweep's claim of a due order writes: the claim, and the check it begins, counted, with the next one. */
export type CheckClaim = {
  nextCheckAt: number;
  leaseUntil: number;
  claimedBy: string;
  checks: number;
  lastCheckedAt: number;
};

/**
 * The claim of a due order for a check at `at`, by `claimant`, held until `leaseUntil`. It counts the check and puts the
 * next one off by `delayOf(checks)` (never before the lease lapses) as if the answer changes nothing, which is the
 * usual answer in a backlog of payments under way: such a check then writes nothing more, and its history gains no
 * line (the order keeps the count and the time). An answer that changes the order is recorded with its change, and
 * the sweep sets the next check again; so is a check the provider could not answer.
 */
export function checkClaim(
  record: TransactionRecord,
  { at, claimant, leaseUntil, delayOf }: { at: number; claimant: string; leaseUntil: number; delayOf: (checks: number) => number },
): CheckClaim {
  const checks = (record.checks ?? 0) + 1;
  return { nextCheckAt: Math.max(at + delayOf(checks), leaseUntil), leaseUntil, claimedBy: claimant, checks, lastCheckedAt: at };
}
