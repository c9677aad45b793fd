import type { Store } from 'express-rate-limit';
import { firestoreRateLimitStore } from '../../src/server/http/firestoreRateLimitStore';
import { isolatedDb } from '../support/emulatorAdmin';

/**
 * The shared rate-limit store on the emulator: a limit counted over several counters (a key many players share) is
 * as exact as one counter, across stores that stand for instances, and no counter takes every write.
 */
jest.setTimeout(120_000);

const db = isolatedDb('rate-limits');
const WINDOW_MS = 10 * 60_000;

/** A store as one instance's limiter makes it: 30 a window, counted over `shards` counters. */
function storeOf(shards: number): Store {
  const store = firestoreRateLimitStore(db, { shards });
  void store.init?.({ windowMs: WINDOW_MS, limit: 30 } as Parameters<NonNullable<Store['init']>>[0]);
  return store;
}

const passed = (results: Array<{ totalHits: number }>) => results.filter((result) => result.totalHits <= 30).length;

it.each([1, 10])('90 tries of one key at once through three stores, counted over %i counters: exactly 30 pass; 5 given back let exactly 5 more pass', async (shards) => {
  const key = `link-ip:203.0.113.${shards}`;
  // Counted in the clock's windows: start early in one, so the tries never straddle two.
  const intoWindow = Date.now() % WINDOW_MS;
  if (intoWindow > WINDOW_MS - 40_000) await new Promise((resolve) => setTimeout(resolve, WINDOW_MS - intoWindow + 100));
  const stores = [storeOf(shards), storeOf(shards), storeOf(shards)];
  const first = await Promise.all(Array.from({ length: 90 }, (_unused, index) => stores[index % 3]!.increment(key)));
  expect(passed(first)).toBe(30);
  await Promise.all(Array.from({ length: 5 }, (_unused, index) => stores[index % 3]!.decrement(key)));
  const second = await Promise.all(Array.from({ length: 20 }, (_unused, index) => stores[index % 3]!.increment(key)));
  expect(passed(second)).toBe(5);
  const counters = (await db.collection('rate_limits').get()).docs.filter((doc) => doc.id.startsWith(encodeURIComponent(key).replace(/\./g, '%2E')));
  expect(counters).toHaveLength(shards);
  expect(counters.reduce((sum, doc) => sum + (doc.data().hits as number), 0)).toBe(30);
  // Spread: with ten counters, none holds more than its part of the limit.
  for (const counter of counters) expect(counter.data().hits).toBeLessThanOrEqual(30 / shards);
});
