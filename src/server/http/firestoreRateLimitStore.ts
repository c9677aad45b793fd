import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { Options, Store } from 'express-rate-limit';
import { COLLECTIONS } from '../../shared/firestorePaths';

/** The field Firestore's TTL policy deletes a window's counter by (firestore.indexes.json). */
export const RATE_LIMIT_EXPIRY_FIELD = 'expireAt';

/**
 * An express-rate-limit store in Firestore, so a limit holds across every instance: one counter document a
 * key a window (rate_limits/{key}@{window start}), raised with an atomic increment and read back. A request
 * is let through only when the count after its own increment is within the limit, so however many instances
 * race, no more than the limit pass (a racer may be counted against a little early, never late). Counters
 * outlive their window by a minute, then the TTL policy deletes them.
 */
export function firestoreRateLimitStore(db: Firestore): Store {
  const counters = db.collection(COLLECTIONS.rateLimits);
  let windowMs = 60_000;
  const window = (key: string, now = Date.now()) => {
    const start = now - (now % windowMs);
    return { ref: counters.doc(`${encodeURIComponent(key).replace(/\./g, '%2E')}@${start}`), resetTime: new Date(start + windowMs) };
  };
  const add = async (key: string, hits: number) => {
    const { ref, resetTime } = window(key);
    await ref.set({ hits: FieldValue.increment(hits), [RATE_LIMIT_EXPIRY_FIELD]: Timestamp.fromMillis(resetTime.getTime() + 60_000) }, { merge: true });
    return { ref, resetTime };
  };
  return {
    localKeys: false,
    prefix: 'firestore',
    init(options: Options) {
      windowMs = options.windowMs;
    },
    async increment(key) {
      const { ref, resetTime } = await add(key, 1);
      const totalHits = ((await ref.get()).data()?.hits as number | undefined) ?? 1;
      return { totalHits, resetTime };
    },
    async decrement(key) {
      await add(key, -1);
    },
    async resetKey(key) {
      await window(key).ref.delete();
    },
  };
}
