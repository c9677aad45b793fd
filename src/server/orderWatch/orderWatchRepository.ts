import crypto from 'node:crypto';
import { FieldPath, FieldValue, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { COLLECTIONS, OPERATIONS } from '../../shared/firestorePaths';
import { WATCHED_STATUSES } from '../../shared/orders/orderStatus';
import { claimDue } from '../firebase/claimDue';
import { isAlreadyExists, isLostRace } from '../firebase/commitIfUnchanged';
import { mapWithConcurrency } from '../lib/mapWithConcurrency';
import { appendOrderEvents } from '../ledger/orderHistory';
import type { ProviderAnswer, TransactionRecord } from '../orders/orderRules';
import type { OrderEvent } from '../../shared/orders/orderEvents';
import { checkEvent, isUnwatched, watchFrom, type CheckClaim } from '../orders/orderWatchRules';

/** Adopting unwatched orders reads this many orders a page, and writes at most this many at once. */
const ADOPTION_PAGE = 500;
const ADOPTION_CONCURRENCY = 16;

/**
 * Which end of the due orders a claim's round reads, at random: instances sharing a backlog that read from opposite
 * ends claim different orders, where reading the oldest first they all read the same ones and all but one lose the
 * race for them. Every due order is claimed within a pass unless the pass's count or time runs out, and one left then
 * is as likely as any to be read first at the next.
 */
const dueEnd = (): 'asc' | 'desc' => (crypto.randomInt(2) === 0 ? 'asc' : 'desc');

/** What a check that left the order watched records: when it was, when to ask next, and what the provider said. */
export interface NextCheck {
  at: number;
  nextCheckAt: number;
  checks: number;
  answer?: ProviderAnswer;
  detail: string;
}

/**
 * The sweep's watch over the orders the provider's word can still change: claims (leases, so N instances split
 * the work), the next check, the end of the watch, and the adoption of orders from before it. Firestore in the
 * store; a map in unit tests.
 */
export interface OrderWatchRepository {
  /**
   * Claims up to `limit` watched orders (WATCHED_STATUSES) whose next check is due at `now`, each as `claimOf` says
   * (orderWatchRules' checkClaim): a claimed order's next check moves past the lease's end, so other instances skip
   * it, and a crashed instance's claim lapses. Answers them as claimed.
   */
  claimDue(now: number, limit: number, claimOf: (record: TransactionRecord) => CheckClaim): Promise<TransactionRecord[]>;
  /** An instance that starts again takes back the claims it held before it stopped: they are due at `now`. Answers how many. */
  releaseClaimsOf(claimant: string, now: number): Promise<number>;
  /**
   * Puts every open order that has no next check (orders made before the sweep watched them) under the
   * sweep's watch, due at `now`, once per database; answers how many, or null when that was done before.
   */
  adoptUnwatched(now: number): Promise<number | null>;
  /** The writes of one pass's checks, sent together (CheckWrites). */
  checkWrites(): CheckWrites;
}

/**
 * What a pass's checks write, each order's writes standing alone: sent in batched requests as they come (a pass of
 * 10,000 orders is hundreds of requests, not 10,000 commits), and answered by `close`. A write that failed leaves its
 * order claimed until the lease lapses, when the next pass checks it again.
 */
export interface CheckWrites {
  /** After a check that left the order watched: when to ask next, the claim given back, and the check in the history. */
  scheduleNext(record: TransactionRecord, check: NextCheck): void;
  /** An unpaid order past its late-payment watch: no more checks, and the history says so. */
  endWatch(record: TransactionRecord, at: number, detail: string): void;
  /** Claimed and not asked (the pass ran out of time): the claim's count and time undone; asked when the claim lapses. */
  unclaim(record: TransactionRecord, before: Pick<TransactionRecord, 'checks' | 'lastCheckedAt'>): void;
  /** Sends what is left; answers the orders whose writes failed, with why. */
  close(): Promise<Array<{ orderId: string; reason: unknown }>>;
}

export function firestoreOrderWatch(db: Firestore): OrderWatchRepository {
  const transactions = db.collection(COLLECTIONS.transactions);
  return {
    async claimDue(now, limit, claimOf) {
      const claimed: TransactionRecord[] = [];
      // A status at a time, pending first: an equality is the index's cheapest read (and the emulator's).
      // Each round reads from one end of the due orders, at random (firestore.indexes.json has both).
      for (const status of WATCHED_STATUSES) {
        if (claimed.length >= limit) break;
        const round = await claimDue({
          due: (chunk) => transactions.where('status', '==', status).where('nextCheckAt', '<=', now).orderBy('nextCheckAt', dueEnd()).limit(chunk).get(),
          lease: (data) => claimOf(data as TransactionRecord),
          limit: limit - claimed.length,
        });
        claimed.push(...round.map(({ data }) => data as TransactionRecord));
      }
      return claimed;
    },

    async releaseClaimsOf(claimant, now) {
      const held = await transactions.where('claimedBy', '==', claimant).where('leaseUntil', '>', now).get();
      const released = await mapWithConcurrency(held.docs, ADOPTION_CONCURRENCY, async (doc) => {
        // Only as it was read: a claim another instance took meanwhile is left to it.
        await doc.ref.update({ nextCheckAt: now, leaseUntil: 0 }, { lastUpdateTime: doc.updateTime });
      });
      for (const outcome of released) if (outcome.status === 'rejected' && !isLostRace(outcome.reason)) throw outcome.reason;
      return released.filter((outcome) => outcome.status === 'fulfilled').length;
    },

    async adoptUnwatched(now) {
      const done = db.collection(COLLECTIONS.operations).doc(OPERATIONS.watchAdoption);
      if ((await done.get()).exists) return null;
      let adopted = 0;
      let after: QueryDocumentSnapshot | undefined;
      // Every order, a page at a time: the ones to find are exactly those a query on nextCheckAt cannot see.
      for (;;) {
        const byId = transactions.orderBy(FieldPath.documentId()).limit(ADOPTION_PAGE);
        const page = await (after ? byId.startAfter(after) : byId).get();
        const unwatched = page.docs.filter((doc) => isUnwatched(doc.data() as TransactionRecord));
        const outcomes = await mapWithConcurrency(unwatched, ADOPTION_CONCURRENCY, async (doc) => {
          const record = doc.data() as TransactionRecord;
          const batch = db.batch();
          // Only as it was read: an order settled or adopted meanwhile is left as it is.
          batch.update(doc.ref, watchFrom(record, now), { lastUpdateTime: doc.updateTime });
          appendOrderEvents(db, batch, [
            { orderId: record.order_id, userId: record.userId, at: now, type: 'watchStarted', source: 'sweep', detail: 'an open order from before the watch, due now' },
          ]);
          try {
            await batch.commit();
            return true;
          } catch (error) {
            if (!isLostRace(error)) throw error;
            // Still unwatched after whatever changed it: fail, so the adoption is not marked done and runs again.
            const fresh = (await doc.ref.get()).data() as TransactionRecord | undefined;
            if (fresh && isUnwatched(fresh)) throw error;
            return false;
          }
        });
        for (const outcome of outcomes) {
          if (outcome.status === 'rejected') throw outcome.reason;
          if (outcome.value) adopted += 1;
        }
        if (page.size < ADOPTION_PAGE) break;
        after = page.docs.at(-1);
      }
      try {
        await done.create({ at: now, adopted });
      } catch (error) {
        // Another instance finished the same adoption first.
        if (!isAlreadyExists(error)) throw error;
      }
      return adopted;
    },

    checkWrites() {
      const writer = db.bulkWriter({ throttling: false });
      const failures: Array<{ orderId: string; reason: unknown }> = [];
      const written: Array<Promise<unknown>> = [];
      const write = (record: TransactionRecord, order: Record<string, unknown>, event?: OrderEvent) => {
        for (const answer of [writer.update(transactions.doc(record.order_id), order), ...appendOrderEvents(db, writer, event ? [event] : [])]) {
          written.push(answer.catch((reason: unknown) => failures.push({ orderId: record.order_id, reason })));
        }
      };
      return {
        scheduleNext(record, { at, nextCheckAt, checks, answer, detail }) {
          write(record, { nextCheckAt, checks, lastCheckedAt: at, leaseUntil: 0 }, checkEvent(record, at, detail, answer));
        },
        endWatch(record, at, detail) {
          write(record, { nextCheckAt: FieldValue.delete(), leaseUntil: 0, lastCheckedAt: at }, checkEvent(record, at, detail));
        },
        unclaim(record, { checks, lastCheckedAt }) {
          write(record, { checks, lastCheckedAt: lastCheckedAt ?? FieldValue.delete(), nextCheckAt: record.leaseUntil });
        },
        async close() {
          await writer.close();
          await Promise.all(written);
          return failures;
        },
      };
    },
  };
}
