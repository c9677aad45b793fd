import type { DocumentReference, DocumentSnapshot, Firestore, Precondition, WriteBatch } from 'firebase-admin/firestore';
import { backoffDelay } from '../lib/backoff';

/**
 * Optimistic concurrency for Firestore: read, decide, and commit one atomic batch that holds only if every
 * document it updates is still as it was read. Unlike a read-write transaction this holds no lock between
 * the read and the write, so a process killed half-way leaves nothing behind that blocks the next writer
 * (the emulator keeps a dead transaction's locks for about a minute), and a storm of writers never queues
 * on one lock until it times out.
 */

const ALREADY_EXISTS = 6;

/** A document to be created exists already (ALREADY_EXISTS). */
export function isAlreadyExists(error: unknown): boolean {
  return (error as { code?: unknown })?.code === ALREADY_EXISTS;
}

/**
 * Another writer got there first: ALREADY_EXISTS (6), a document to be created exists now; FAILED_PRECONDITION
 * (9), a document changed since it was read; ABORTED (10), the write lost a race.
 */
export function isLostRace(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return isAlreadyExists(error) || code === 9 || code === 10;
}

/** Another writer won every attempt; the caller answers from what is stored. */
export class ContentionError extends Error {
  constructor(readonly attempts: number) {
    super(`Lost the race ${attempts} times.`);
  }
}

/**
 * The writes a decision makes. `guard` pins an existing document read for the decision to the version it
 * was read at (pass it to `batch.update`); a document that must not exist yet is written with `batch.create`.
 */
export type Writes = (batch: WriteBatch, guard: (snapshot: DocumentSnapshot) => Precondition) => void;

export interface Decision<T> {
  result: T;
  /** Nothing to write when absent: the decision was made from a plain read. */
  writes?: Writes;
}

export interface RetryOptions {
  attempts?: number;
  /** The first wait after a lost race (ms); each next one doubles, jittered between half and one and a half. */
  firstDelayMs?: number;
  random?: () => number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The wait before attempt `attempt + 1`: doubling from `firstDelayMs`, jittered so racers spread out. */
export function retryDelay(attempt: number, firstDelayMs: number, random: () => number = Math.random): number {
  return backoffDelay(firstDelayMs, attempt, { jitter: 0.5 }, random);
}

/**
 * Reads `refs`, asks `decide` what to do, and commits its writes atomically. `decide` may read more (a query) before
 * it answers: what it reads is guarded by the documents read first, which every writer of it changes too. When another writer changed a
 * guarded document first, reads again and decides again (with jittered backoff), at most `attempts` times;
 * then throws ContentionError. Any other failure is thrown as it is.
 */
export async function commitIfUnchanged<T>(
  db: Firestore,
  refs: DocumentReference[],
  decide: (snapshots: DocumentSnapshot[]) => Decision<T> | Promise<Decision<T>>,
  { attempts = 6, firstDelayMs = 15, random = Math.random }: RetryOptions = {},
): Promise<T> {
  const guard = (snapshot: DocumentSnapshot): Precondition => {
    if (!snapshot.updateTime) throw new Error(`${snapshot.ref.path} does not exist: create it instead of updating it.`);
    return { lastUpdateTime: snapshot.updateTime };
  };
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const snapshots = refs.length === 0 ? [] : await db.getAll(...refs);
    const decision = await decide(snapshots);
    if (!decision.writes) return decision.result;
    const batch = db.batch();
    decision.writes(batch, guard);
    try {
      await batch.commit();
      return decision.result;
    } catch (error) {
      if (!isLostRace(error)) throw error;
      if (attempt + 1 < attempts) await sleep(retryDelay(attempt, firstDelayMs, random));
    }
  }
  throw new ContentionError(attempts);
}
