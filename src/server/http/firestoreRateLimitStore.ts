import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { Options, Store } from 'express-rate-limit';
import { COLLECTIONS } from '../../shared/firestorePaths';
import { isLostRace } from '../firebase/commitIfUnchanged';
import { evenPartOf } from '../lib/evenPart';

/** The field Firestore's TTL policy deletes a window's counter by (firestore.indexes.json). */
export const RATE_LIMIT_EXPIRY_FIELD = 'expireAt';

/** How often a request tries again after another one counted first; each try waits a few jittered ms. */
const MAX_TRIES = 60;
const RETRY_MS = 8;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SharedStoreOptions {
  /**
   * The documents a key's window is counted in (1 by default). A key many players share (an address behind a
   * carrier's NAT) spreads its writes over this many, each allowing its part of the limit, so none takes them all.
   */
  shards?: number;
}

/**
 * An express-rate-limit store in Firestore, so a limit holds across every instance: counter documents a key a window
 * (rate_limits/{key}@{window start}, or `~{n}` after it for each of `shards`). A request takes a place only by writing
 * the count it read of one counter plus one, in a write that holds only if that counter is still as read and under
 * its part of the limit; one that lost the race reads again. So a burst makes exactly as many requests pass as the
 * limit allows, across instances, and the rest are refused (with Retry-After) without counting. A place given back
 * (a request that does not count) is a decrement of any counter: the counts still add up to the places taken.
 * Counters outlive their window by a minute, then the TTL policy deletes them.
 *
 * One store serves one limiter (express-rate-limit refuses a store shared by two): make one per limiter.
 */
export function firestoreRateLimitStore(db: Firestore, { shards = 1 }: SharedStoreOptions = {}): Store {
  const counters = db.collection(COLLECTIONS.rateLimits);
  let windowMs = 60_000;
  let limit = Number.POSITIVE_INFINITY;
  const window = (key: string, now = Date.now()) => {
    const start = now - (now % windowMs);
    const id = `${encodeURIComponent(key).replace(/\./g, '%2E')}@${start}`;
    const refs = shards === 1 ? [counters.doc(id)] : Array.from({ length: shards }, (_unused, index) => counters.doc(`${id}~${index}`));
    return { refs, resetTime: new Date(start + windowMs) };
  };
  const expiry = (resetTime: Date) => Timestamp.fromMillis(resetTime.getTime() + 60_000);
  return {
    localKeys: false,
    prefix: 'firestore',
    init(options: Options) {
      windowMs = options.windowMs;
      if (typeof options.limit !== 'number') throw new Error('The Firestore rate-limit store counts against a fixed limit.');
      limit = options.limit;
    },
    async increment(key) {
      const { refs, resetTime } = window(key);
      for (let attempt = 0; attempt < MAX_TRIES; attempt += 1) {
        const snapshots = await db.getAll(...refs);
        const counts = snapshots.map((snapshot) => (snapshot.data()?.hits as number | undefined) ?? 0);
        const hits = counts.reduce((sum, count) => sum + count, 0);
        // Full: refused, and not counted (the count stays what passed).
        if (hits >= limit) return { totalHits: hits + 1, resetTime };
        // A counter under its part (one is while the sum is under the limit), at random so racers spread.
        const open = counts.flatMap((count, index) => (count < evenPartOf(limit, index, refs.length) ? [index] : []));
        const index = open[Math.floor(Math.random() * open.length)]!;
        const snapshot = snapshots[index]!;
        try {
          if (snapshot.exists) await snapshot.ref.update({ hits: counts[index]! + 1 }, { lastUpdateTime: snapshot.updateTime! });
          else await snapshot.ref.create({ hits: 1, [RATE_LIMIT_EXPIRY_FIELD]: expiry(resetTime) });
          return { totalHits: hits + 1, resetTime };
        } catch (error) {
          if (!isLostRace(error)) throw error;
          await sleep(Math.random() * RETRY_MS);
        }
      }
      // Still losing after every try: as if full, so the limit is never passed.
      return { totalHits: limit + 1, resetTime };
    },
    async decrement(key) {
      const { refs, resetTime } = window(key);
      const ref = refs[Math.floor(Math.random() * refs.length)]!;
      await ref.set({ hits: FieldValue.increment(-1), [RATE_LIMIT_EXPIRY_FIELD]: expiry(resetTime) }, { merge: true });
    },
    async resetKey(key) {
      await Promise.all(window(key).refs.map((ref) => ref.delete()));
    },
  };
}
