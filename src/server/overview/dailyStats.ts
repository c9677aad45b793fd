import { FieldValue, type Firestore, type WriteBatch } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../shared/firestorePaths';
import { dateIn } from '../../shared/protections/age';
import type { FunnelEvent } from '../../shared/rum';
import { creditLagBucketOf, type DailyCounter } from '../../shared/stats';

/** What one commit adds to its day's counts. */
export interface DayCounts {
  counts?: Partial<Record<DailyCounter, number>>;
  /** A credit's time from the provider's payment (ms), for the p50 and p95. */
  creditLagMs?: number;
}

const increments = (values: Partial<Record<string, number>>) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value).map(([key, value]) => [key, FieldValue.increment(value!)]));

/**
 * Adds to stats_daily/{day} in `batch`, the commit of what it counts (`at`'s day in `timeZone`, STORE_TIME_ZONE):
 * increments only, so racing commits all count, and a commit that loses its race counts nothing.
 */
export function countDay(db: Firestore, batch: WriteBatch, timeZone: string, at: number, { counts = {}, creditLagMs }: DayCounts): void {
  const fields: Record<string, unknown> = increments(counts);
  if (creditLagMs !== undefined) fields.creditLag = { [`b${creditLagBucketOf(Math.max(0, creditLagMs))}`]: FieldValue.increment(1) };
  if (Object.keys(fields).length === 0) return;
  batch.set(db.collection(COLLECTIONS.statsDaily).doc(dateIn(timeZone, at)), fields, { merge: true });
}

/**
 * Adds a beacon's funnel steps to funnel_daily/{day} in `batch`. Not stats_daily: a busy shop's visits would make the
 * document every order's commit writes a hot one, and slow the commits that carry money.
 */
export function countFunnel(db: Firestore, batch: WriteBatch, timeZone: string, at: number, funnel: Partial<Record<FunnelEvent, number>>): void {
  const fields = increments(funnel);
  if (Object.keys(fields).length === 0) return;
  batch.set(db.collection(COLLECTIONS.funnelDaily).doc(dateIn(timeZone, at)), fields, { merge: true });
}
