import crypto from 'node:crypto';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../shared/firestorePaths';
import type { OrderEvent } from '../../shared/orders/orderEvents';
import { WATCHED_STATUSES } from '../../shared/orders/orderStatus';
import { commitIfUnchanged, ContentionError } from '../firebase/commitIfUnchanged';
import { recordOrderEvents } from '../ledger/orderHistory';
import { creditReads, type CreditReads } from './creditReads';
import { changeFor, planProviderAnswer, type ApplyContext, type ProviderAnswer, type TransactionRecord } from './orderRules';
import { recordPlayerTag } from '../accounts/playerTags';
import { providerEventRef, recordProviderEvent } from '../providerEvents/providerEventRecords';
import { writeMove } from '../ledger/gemLedger';
import type { DayRollups } from '../overview/dailyStats';
import { orderCreatedEffects, providerAnswerEffects } from './answerEffects';
import { refundOwedFor } from './refundRequestRecord';
import { paidOrdersOf, standingFields, standingMove } from './paidStanding';

/** A decision that needs more documents read with the order first. */
const READ_AGAIN = 'readAgain';

export interface ApplyOutcome {
  record: TransactionRecord;
  /** True for the one call that added the gems. */
  creditedNow: boolean;
}

/**
 * The orders themselves (transactions/{order_id}): made, read, their history, and the provider's word applied
 * with the credit it brings. Firestore in the store; maps in unit tests. The places a payment holds before its
 * order exists are payments/orderSlots; the sweep's claims are orderWatch/; the provider's notices as received,
 * payments/providerNoticesRepository.
 */
export interface OrdersRepository {
  /** Records a new order with its `created` event. Fails when the id exists: an order id is never reused. */
  create(record: TransactionRecord): Promise<void>;
  find(orderId: string): Promise<TransactionRecord | null>;
  /** Several orders in one read (a queue's worth), by id; an id with no order is absent from the map. */
  findMany(orderIds: readonly string[]): Promise<Map<string, TransactionRecord>>;
  /** Orders the provider's word can still change (WATCHED_STATUSES) created at or after `since`, for one player or for all. */
  findRecentUnsettled(since: number, userId?: string): Promise<TransactionRecord[]>;
  /** The player's pending orders, at most `limit`. */
  findOpen(userId: string, limit: number): Promise<TransactionRecord[]>;
  /** The player's orders made at or after `since` (ms): this month's, for the spending limit. */
  findMadeSince(userId: string, since: number): Promise<TransactionRecord[]>;
  /** The player's orders of one pack, whatever their status (for a pack's per-player limit). */
  findOfPack(userId: string, packId: number): Promise<TransactionRecord[]>;
  /** The player's most recently credited order (their last transaction, for the refund policy), or null. */
  findLastCredited(userId: string): Promise<TransactionRecord | null>;
  /** How many of the player's orders stand (users/{uid}.paidOrders: paid, credited, neither refunded nor disputed now). */
  countStanding(userId: string): Promise<number>;
  /** Appends events that change nothing else (a staff member's check, say) to their orders' histories. */
  appendHistory(events: OrderEvent[]): Promise<void>;
  /**
   * Applies the provider's answer (read at the edge: src/server/provider) by the shared order machine and, when that makes the order paid
   * and it was not credited, adds its gems to the player and owes them a receipt: exactly once however many
   * callers race. What the provider said of the payment (its method) is kept with the credit.
   */
  applyProviderAnswer(orderId: string, answer: ProviderAnswer, context: ApplyContext): Promise<ApplyOutcome | null>;
}

/** `rollups`: STORE_TIME_ZONE, the zone a month (for the spending limit), a player's age and the day's counts are counted in, and the day's shards. */
export function firestoreOrders(db: Firestore, rollups: DayRollups): OrdersRepository {
  const transactions = db.collection(COLLECTIONS.transactions);
  const applying = new Map<string, Promise<ApplyOutcome | null>>();
  const credits = creditReads(db, rollups.STORE_TIME_ZONE);
  const records = (docs: Array<{ data(): unknown }>) => docs.map((doc) => doc.data() as TransactionRecord);

  return {
    async create(record) {
      const batch = db.batch();
      batch.create(transactions.doc(record.order_id), record);
      writeMove(db, batch, rollups, { at: record.createdAt }, orderCreatedEffects(record));
      // Support can find the player by the tag their header shows.
      recordPlayerTag(db, batch, record.userId);
      await batch.commit();
    },

    async find(orderId) {
      const snapshot = await transactions.doc(orderId).get();
      return snapshot.exists ? (snapshot.data() as TransactionRecord) : null;
    },

    async findMany(orderIds) {
      const unique = [...new Set(orderIds)];
      if (unique.length === 0) return new Map();
      const snapshots = await db.getAll(...unique.map((orderId) => transactions.doc(orderId)));
      return new Map(snapshots.filter((snapshot) => snapshot.exists).map((snapshot) => [snapshot.id, snapshot.data() as TransactionRecord]));
    },

    async findRecentUnsettled(since, userId) {
      let query = transactions.where('status', 'in', [...WATCHED_STATUSES]).where('createdAt', '>=', since);
      if (userId) query = query.where('userId', '==', userId);
      return records((await query.get()).docs);
    },

    async findOpen(userId, limit) {
      return records((await transactions.where('userId', '==', userId).where('status', '==', 'pending').limit(limit).get()).docs);
    },

    async findMadeSince(userId, since) {
      return records((await transactions.where('userId', '==', userId).where('createdAt', '>=', since).orderBy('createdAt', 'desc').get()).docs);
    },

    async findOfPack(userId, packId) {
      // Equality filters alone: served by the single-field indexes, no composite index needed.
      return records((await transactions.where('userId', '==', userId).where('packId', '==', packId).get()).docs);
    },

    async findLastCredited(userId) {
      const snapshot = await transactions.where('userId', '==', userId).where('checked', '==', 1).orderBy('paidAt', 'desc').limit(1).get();
      return records(snapshot.docs)[0] ?? null;
    },

    async countStanding(userId) {
      return paidOrdersOf((await db.collection(COLLECTIONS.users).doc(userId).get()).data())?.length ?? 0;
    },

    appendHistory: (events) => recordOrderEvents(db, events),

    applyProviderAnswer(orderId, answer, context) {
      // One application per order at a time in this instance: a storm of callbacks, returns and sweeps of
      // one order queues here, and all but the first find nothing left to change in a plain read.
      const previous = applying.get(orderId) ?? Promise.resolve();
      const next = previous.catch(() => undefined).then(() => applyOnce(orderId, answer, context));
      applying.set(orderId, next);
      void next
        .finally(() => {
          if (applying.get(orderId) === next) applying.delete(orderId);
        })
        .catch(() => undefined);
      return next;
    },
  };

  async function applyOnce(orderId: string, answer: ProviderAnswer, context: ApplyContext): Promise<ApplyOutcome | null> {
    const ref = transactions.doc(orderId);
    // The documents a credit is decided from depend on the order (a released promo code needs the code's), so the
    // order is read plainly first, and read again with them in the commit.
    let needs: CreditReads | null = null;
    try {
      for (;;) {
        const outcome = await decideAndCommit(ref, answer, context, needs, (wanted) => (needs = wanted));
        if (outcome !== READ_AGAIN) return outcome;
      }
    } catch (error) {
      // Others kept changing the order through every retry. Report what is stored: the order stays under
      // the sweep's watch until an answer lands.
      if (!(error instanceof ContentionError)) throw error;
      const current = await ref.get();
      return { record: current.data() as TransactionRecord, creditedNow: false };
    }
  }

  function decideAndCommit(
    ref: DocumentReference,
    answer: ProviderAnswer,
    context: ApplyContext,
    needs: CreditReads | null,
    readAgainWith: (needs: CreditReads) => void,
  ) {
    const orderId = ref.id;
    // A plain read first: an answer that changes nothing (the usual case once an order is final) writes
    // nothing. A change is one atomic commit that holds only if the order (and what its credit was decided from)
    // is still as read, so two racers can never both credit it, and its history and its receipt land with it or
    // not at all.
    // A provider's event is read with the order: one applied already (a repeat, or a racer's) changes nothing.
    const eventRef = context.event ? providerEventRef(db, context.event.id) : null;
    const refs = [ref, ...(eventRef ? [eventRef] : []), ...(needs?.refs ?? [])];
    return commitIfUnchanged<ApplyOutcome | null | typeof READ_AGAIN>(db, refs, async ([snapshot, ...rest]) => {
      if (!snapshot!.exists) return { result: null };
      const record = snapshot!.data() as TransactionRecord;
      const read = eventRef ? rest.slice(1) : rest;
      if (eventRef && rest[0]!.exists) return { result: { record, creditedNow: false } };
      const change = changeFor(record, answer, context.said?.payMethod);
      if (!change) return { result: { record, creditedNow: false } };
      const wanted = change.credit ? credits.readsOf(record) : null;
      if (wanted && wanted.key !== needs?.key) {
        readAgainWith(wanted);
        return { result: READ_AGAIN };
      }
      const now = Date.now();
      const facts = wanted ? await credits.factsFrom(record, read, now) : null;
      const plan = planProviderAnswer(record, answer, context, now, facts?.facts);
      if (!plan) return { result: { record, creditedNow: false } };
      const standing = standingFields(orderId, standingMove(record, { ...record, ...plan.update }));
      return {
        result: { record: { ...record, ...plan.update }, creditedNow: plan.credit > 0 },
        writes: (batch, guard) => {
          batch.update(ref, plan.update, guard(snapshot!));
          // Without a credit the player's document was not read: their standing alone is merged in.
          if (plan.credit === 0 && standing) batch.set(db.collection(COLLECTIONS.users).doc(record.userId), standing, { merge: true });
          if (context.event) recordProviderEvent(db, batch, { ...context.event, orderId }, now);
          // Created, so a racing credit of the same player that was first makes this commit lose and decide again.
          if (plan.firstPaid) batch.create(credits.firstPaidRef(record.userId), { ...plan.firstPaid, at: now });
          // The player's month of paid money was read under this guard: a racing credit of theirs bumps it too.
          if (facts?.guardsMonth) credits.guardPlayer(batch, guard, read, now);
          credits.writeCodeUse(batch, guard, record, plan.codeUse, read);
          if (plan.refundOwed) batch.create(db.collection(COLLECTIONS.refundRequests).doc(orderId), refundOwedFor({ ...record, ...plan.update }, plan.refundOwed, now, crypto.randomUUID()));
          const effects = providerAnswerEffects(record, plan, now, context.said?.paidAt ?? null, facts?.facts.giftClaimer);
          if (plan.credit === 0) {
            writeMove(db, batch, rollups, { at: now }, effects);
            return;
          }
          // A gift credits its recipient; the payer's standing and their line of the gift go on the payer's document.
          const payer = credits.giftPayerOf(record, read);
          const credited = { snapshot: credits.playerOf(read), guard, fields: payer ? {} : (standing ?? {}) };
          writeMove(db, batch, rollups, { at: now }, effects, credited, payer ? [{ snapshot: payer, guard, fields: standing ?? {} }] : []);
        },
      };
    });
  }
}
