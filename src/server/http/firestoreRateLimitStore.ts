import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { Options, Store } from 'express-rate-limit';
import { COLLECTIONS } from '../../shared/firestorePaths';
import { isLostRace } from '../firebase/commitIfUnchanged';

/** The field Firestore's TTL policy deletes a window's counter by (firestore.indexes.json). */
export const RATE_LIMIT_EXPIRY_FIELD = 'expireAt';

/** How often a request tries again after another one counted first; each try waits a few jittered ms. */
const MAX_TRIES = 60;
const RETRY_MS = 8;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An express-rate-limit store in Firestore, so a limit holds across every instance: one counter document a key a
 * window (rate_limits/{key}@{window start}). A request takes a place only by writing the count it read plus one, in
 * a write that holds only if the counter is still as read; one that lost the race reads again. So a burst makes
 * exactly as many requests pass as the limit allows, across instances, and the rest are refused (with Retry-After)
 * without counting. Counters outlive their window by a minute, then the TTL policy deletes them.
 *
 * One store serves one limiter (express-rate-limit refuses a store shared by two): make one per limiter.
 */
export function firestoreRateLimitStore(db: Firestore): Store {
  const counters = db.collection(COLLECTIONS.rateLimits);
  let windowMs = 60_000;
  let limit = Number.POSITIVE_INFINITY;
  const window = (key: string, now = Date.now()) => {
    const start = now - (now % windowMs);
    return { ref: counters.doc(`${encodeURIComponent(key).replace(/\./g, '%2E')}@${start}`), resetTime: new Date(start + windowMs) };
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
      const { ref, resetTime } = window(key);
      for (let attempt = 0; attempt < MAX_TRIES; attempt += 1) {
        const snapshot = await ref.get();
        const hits = (snapshot.data()?.hits as number | undefined) ?? 0;
        // Full: refused, and not counted (the count stays what passed).
        if (hits >= limit) return { totalHits: hits + 1, resetTime };
        try {
          if (snapshot.exists) await ref.update({ hits: hits + 1 }, { lastUpdateTime: snapshot.updateTime! });
          else await ref.create({ hits: 1, [RATE_LIMIT_EXPIRY_FIELD]: expiry(resetTime) });
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
      const { ref, resetTime } = window(key);
      await ref.set({ hits: FieldValue.increment(-1), [RATE_LIMIT_EXPIRY_FIELD]: expiry(resetTime) }, { merge: true });
    },
    async resetKey(key) {
      await window(key).ref.delete();
    },
  };
}
