import crypto from 'node:crypto';
import { FieldValue, type Firestore, type WriteBatch } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../shared/firestorePaths';
import { dateIn } from '../../shared/protections/age';
import { creditLagBucketOf, type DailyCounter } from '../../shared/stats';
import type { Settings } from '../config/settings';

/** What one commit adds to its day's counts. */
export interface DayCounts {
  counts?: Partial<Record<DailyCounter, number>>;
  /** A credit's time from the provider's payment (ms), for the p50 and p95. */
  creditLagMs?: number;
  /** A GST-free export's money by the buyer's country (A$ cents: + paid, - refunded or charged back, + a chargeback reversed). */
  exportNetCents?: Record<string, number>;
  /** Money by pack as sold (shared/stats packKeyOf; signed like the exports'), and the payments that landed by pack. */
  packNetCents?: Record<string, number>;
  packPaid?: Record<string, number>;
  /** By where the order came from (shared/saleSource countedSource): orders made, payments landed, and net money (signed like the packs'). */
  sourceOrders?: Record<string, number>;
  sourcePaid?: Record<string, number>;
  sourceNetCents?: Record<string, number>;
  /** By creator's code: orders made, payments landed and net money (signed like the packs'). */
  creatorOrders?: Record<string, number>;
  creatorPaid?: Record<string, number>;
  creatorNetCents?: Record<string, number>;
  /** By experiment's arm (shared/offers/experiment armKey): players first shown it, orders made, payments landed, net money. */
  experimentExposed?: Record<string, number>;
  experimentOrders?: Record<string, number>;
  experimentPaid?: Record<string, number>;
  experimentNetCents?: Record<string, number>;
}

/** The day's money and counts kept by key (a pack, a country, a source), each its own map of increments. */
export const KEYED_DAY_COUNTS = ['exportNetCents', 'packNetCents', 'packPaid', 'sourceOrders', 'sourcePaid', 'sourceNetCents', 'creatorOrders', 'creatorPaid', 'creatorNetCents',
  'experimentExposed', 'experimentOrders', 'experimentPaid', 'experimentNetCents'] as const;

const increments = (values: Partial<Record<string, number>>) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value).map(([key, value]) => [key, FieldValue.increment(value!)]));

/** Where the day's counts are kept: the store's day (STORE_TIME_ZONE) and how many shards it is spread over. */
export type DayRollups = Pick<Settings, 'STORE_TIME_ZONE' | 'DAY_COUNT_SHARDS'>;

/** A shard of a day's counts: stats_daily/{yyyy-mm-dd}~{shard}. (A day kept whole, as earlier days were, is stats_daily/{yyyy-mm-dd}.) */
export const dayShardId = (date: string, shard: number) => `${date}~${shard}`;

/** The day a stats_daily document counts for, whether a shard or a whole day. */
export const dayOfShard = (id: string) => id.split('~')[0]!;

/** This instance's turn among the shards, from a random start: each instance starts its round somewhere else. */
let shardTurn = crypto.randomInt(1_000_000);

/**
 * The shard this instance writes next: every shard in turn, so one instance writes a shard again only after all the
 * others, and a few instances together write any shard a few times a round (chosen at random instead, a launch-day
 * burst now and then piled 11 writes on one shard in 10 s: the scale test's meter saw it).
 */
export const nextDayShard = (shards: number) => (shardTurn += 1) % shards;

/**
 * Adds to one shard of stats_daily/{day} in `batch`, the commit of what it counts (`at`'s day in STORE_TIME_ZONE), the
 * next of DAY_COUNT_SHARDS in this instance's turn: at a peak every money commit would otherwise write one document,
 * which Firestore sustains at about one write a second. Increments only, so racing commits all count, and a commit
 * that loses its race counts nothing. The overview sums a day's shards when it reads.
 */
export function countDay(
  db: Firestore,
  batch: WriteBatch,
  rollups: DayRollups,
  at: number,
  day: DayCounts,
  shard = nextDayShard(rollups.DAY_COUNT_SHARDS),
): void {
  const fields: Record<string, unknown> = increments(day.counts ?? {});
  if (day.creditLagMs !== undefined) fields.creditLag = { [`b${creditLagBucketOf(Math.max(0, day.creditLagMs))}`]: FieldValue.increment(1) };
  for (const keyed of KEYED_DAY_COUNTS) {
    const values = day[keyed] ?? {};
    if (Object.values(values).some(Boolean)) fields[keyed] = increments(values);
  }
  if (Object.keys(fields).length === 0) return;
  const date = dateIn(rollups.STORE_TIME_ZONE, at);
  batch.set(db.collection(COLLECTIONS.statsDaily).doc(dayShardId(date, shard)), { date, ...fields }, { merge: true });
}

/**
 * Adds funnel steps to funnel_daily/{day} in `batch`. Not stats_daily: visits are not money, and an instance writes
 * them a flush at a time (./beaconDesk).
 */
export function countFunnel(db: Firestore, batch: WriteBatch, date: string, funnel: Partial<Record<string, number>>): void {
  const fields = increments(funnel);
  if (Object.keys(fields).length === 0) return;
  batch.set(db.collection(COLLECTIONS.funnelDaily).doc(date), fields, { merge: true });
}
