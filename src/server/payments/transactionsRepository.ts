import { FieldPath, FieldValue, Timestamp, type DocumentReference, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { formatGatewayAmount } from '../../shared/catalogue';
import { COLLECTIONS, OFFER_USES, OPERATIONS } from '../../shared/firestorePaths';
import type { OrderEvent } from '../../shared/orders/orderEvents';
import { WATCHED_STATUSES } from '../../shared/orders/orderStatus';
import { claimDue } from '../firebase/claimDue';
import { commitIfUnchanged, ContentionError, isAlreadyExists, isLostRace } from '../firebase/commitIfUnchanged';
import { mapWithConcurrency } from '../lib/mapWithConcurrency';
import { protectionsOf } from '../players/protectionsRepository';
import { buyerStanding, type PurchaseBlock } from '../../shared/protections/playerProtections';
import { enqueueMail } from '../mail/outbox';
import { appendOrderEvents, recordOrderEvents } from '../orders/orderEventLog';
import {
  dueOnPaidReturn,
  isUnwatched,
  planOrderSlot,
  planProviderAnswer,
  storedStatus,
  watchFrom,
  type ApplyContext,
  type OrderSlots,
  type SlotPlan,
  type SlotRequest,
  type TransactionRecord,
} from './orderRules';

/** Adopting unwatched orders reads this many orders a page, and writes at most this many at once. */
const ADOPTION_PAGE = 500;
const ADOPTION_CONCURRENCY = 16;

/**
 * A refused callback is kept this long for support's health view and any investigation, then Firestore's
 * TTL policy on this field (firestore.indexes.json) deletes it, so forged traffic cannot grow the store forever.
 */
export const CALLBACK_REJECTION_KEEP_MS = 90 * 24 * 3_600_000;
export const CALLBACK_REJECTION_EXPIRY_FIELD = 'expireAt';

/** A callback as it was received and judged. */
export interface CallbackReceipt {
  at: number;
  orderId: string;
  /** The order it names, when there is one. */
  record: TransactionRecord | null;
  signature: 'valid' | 'invalid';
  /** Why it was refused; absent when accepted. */
  rejected?: string;
  providerStatus?: string;
}

export type SlotOutcome =
  | { reserved: true }
  | { reserved: false; refused: 'openOrderCap'; open: TransactionRecord[] }
  | { reserved: false; refused: 'spendingLimit'; leftCents: number }
  | { reserved: false; refused: Exclude<PurchaseBlock, null> };

/** What a payment asks of reserveOrderSlot; the buyer's standing is read from their protections in the same commit. */
export type ReservationRequest = Omit<SlotRequest, 'block' | 'spendingLimitCents'> & {
  /** The date in the store's time zone, for the player's age. */
  today: string;
};

/** What a refused plan answers (the open orders go with a cap refusal, for the message). */
export function refusalOf(plan: Extract<SlotPlan, { refused: string }>, open: TransactionRecord[]): SlotOutcome {
  return plan.refused === 'openOrderCap' ? { reserved: false, refused: plan.refused, open } : { reserved: false, ...plan };
}

/** A decision that needs the first-purchase claim read with the order first. */
const READ_CLAIM = 'readClaim';

export interface ApplyOutcome {
  record: TransactionRecord;
  /** True for the one call that added the gems. */
  creditedNow: boolean;
}

/** Where orders are kept. Firestore in the store; a map in unit tests. */
export interface TransactionsRepository {
  /** Records a new order with its `created` event. Fails when the id exists: an order id is never reused. */
  create(record: TransactionRecord): Promise<void>;
  find(orderId: string): Promise<TransactionRecord | null>;
  /** Orders the provider's word can still change (WATCHED_STATUSES) created at or after `since`, for one player or for all. */
  findRecentUnsettled(since: number, userId?: string): Promise<TransactionRecord[]>;
  /** The player's pending orders, at most `limit`. */
  findOpen(userId: string, limit: number): Promise<TransactionRecord[]>;
  /**
   * Holds one of the player's `limit` open-order places for `orderId` until `until`, before the provider is
   * asked, if the player's spending limit (player_protections/{uid}, read in the same commit) allows the amount:
   * in one commit guarded by the player's slot document (open_order_slots/{uid}), so racing payments,
   * on any instance, are counted one after another (planOrderSlot). `open` is the player's pending orders (at
   * least `limit` of them when there are that many), read by the caller before this: they need not be read under
   * the guard, since an order is recorded only after its place was held here, so every payment under way is in
   * the slots a racer reads again after losing. Answers the open orders when all places are taken.
   */
  reserveOrderSlot(userId: string, orderId: string, request: ReservationRequest, open: TransactionRecord[]): Promise<SlotOutcome>;
  /** The player's orders made at or after `since` (ms): this month's, for the spending limit. */
  findMadeSince(userId: string, since: number): Promise<TransactionRecord[]>;
  /** Gives a place back when the provider did not take the payment, so nothing was recorded. */
  releaseOrderSlot(userId: string, orderId: string): Promise<void>;
  /** The player's most recently credited order (their last transaction, for the refund policy), or null. */
  findLastCredited(userId: string): Promise<TransactionRecord | null>;
  /**
   * Claims up to `limit` watched orders (WATCHED_STATUSES) whose next check is due at `now`, for `leaseMs`,
   * for `claimant`: a claimed order's next check moves to the lease's end, so other instances skip it, and
   * a crashed instance's claim lapses.
   */
  claimDue(now: number, limit: number, leaseMs: number, claimant: string): Promise<TransactionRecord[]>;
  /** An instance that starts again takes back the claims it held before it stopped: they are due at `now`. Answers how many. */
  releaseClaimsOf(claimant: string, now: number): Promise<number>;
  /** An unpaid order past its late-payment watch: no more checks, and the history says so. */
  endWatch(record: TransactionRecord, at: number, detail: string): Promise<void>;
  /**
   * Puts every open order that has no next check (orders made before the sweep watched them) under the
   * sweep's watch, due at `now`, once per database; answers how many, or null when that was done before.
   */
  adoptUnwatched(now: number): Promise<number | null>;
  /** After a check that left the order pending: when to ask next, the claim given back, and the check in the history. */
  scheduleNextCheck(record: TransactionRecord, check: { at: number; nextCheckAt: number; checks: number; providerStatus?: string; detail: string }): Promise<void>;
  /** A redirect the provider signed, from the order's owner: the first paid one is kept with its event, once; any other is in the history while the order is open. */
  recordReturn(record: TransactionRecord, parameters: Record<string, string>, at: number): Promise<void>;
  /**
   * A provider callback with its verdict: in the order's history when the order exists, and among the
   * rejected callbacks (support's health view) when it was refused.
   */
  recordCallback(callback: CallbackReceipt): Promise<void>;
  /** Appends events that change nothing else (a staff member's check, say) to their orders' histories. */
  appendHistory(events: OrderEvent[]): Promise<void>;
  /**
   * Applies the provider's status word by the shared order machine and, when that makes the order paid
   * and it was not credited, adds its gems to the player and owes them a receipt: exactly once however many
   * callers race. What the provider said of the payment (its method) is kept with the credit.
   */
  applyProviderStatus(orderId: string, providerWord: string, context: ApplyContext): Promise<ApplyOutcome | null>;
}

export function firestoreTransactions(db: Firestore): TransactionsRepository {
  const transactions = db.collection(COLLECTIONS.transactions);
  const applying = new Map<string, Promise<ApplyOutcome | null>>();
  const records = (docs: Array<{ data(): unknown }>) => docs.map((doc) => doc.data() as TransactionRecord);

  const repository: TransactionsRepository = {
    async create(record) {
      const batch = db.batch();
      batch.create(transactions.doc(record.order_id), record);
      appendOrderEvents(db, batch, [
        { orderId: record.order_id, userId: record.userId, at: record.createdAt, type: 'created', source: 'player', detail: `${record.product_name}, ${formatGatewayAmount(record.amount)}` },
      ]);
      await batch.commit();
    },

    async find(orderId) {
      const snapshot = await transactions.doc(orderId).get();
      return snapshot.exists ? (snapshot.data() as TransactionRecord) : null;
    },

    async findRecentUnsettled(since, userId) {
      let query = transactions.where('status', 'in', [...WATCHED_STATUSES]).where('createdAt', '>=', since);
      if (userId) query = query.where('userId', '==', userId);
      return records((await query.get()).docs);
    },

    async findOpen(userId, limit) {
      return records((await transactions.where('userId', '==', userId).where('status', '==', 'pending').limit(limit).get()).docs);
    },

    async reserveOrderSlot(userId, orderId, request, open) {
      const ref = db.collection(COLLECTIONS.openOrderSlots).doc(userId);
      const protections = db.collection(COLLECTIONS.playerProtections).doc(userId);
      return commitIfUnchanged<SlotOutcome>(db, [ref, protections], ([snapshot, protection]) => {
        const slots = (snapshot!.data()?.slots ?? {}) as OrderSlots;
        const buyer = buyerStanding(protectionsOf(protection!.data()), request.now, request.today);
        const plan = planOrderSlot(slots, open, orderId, { ...request, ...buyer });
        if ('refused' in plan) return { result: refusalOf(plan, open) };
        // The limit is read, not guarded: one changed in the instant an order starts counts from the next order.
        return {
          result: { reserved: true },
          writes: (batch, guard) => (snapshot!.exists ? batch.update(ref, { slots: plan.slots }, guard(snapshot!)) : batch.create(ref, { slots: plan.slots })),
        };
      });
    },

    async findMadeSince(userId, since) {
      return records((await transactions.where('userId', '==', userId).where('createdAt', '>=', since).orderBy('createdAt', 'desc').get()).docs);
    },

    async releaseOrderSlot(userId, orderId) {
      await db.collection(COLLECTIONS.openOrderSlots).doc(userId).update({ [`slots.${orderId}`]: FieldValue.delete() });
    },

    async findLastCredited(userId) {
      const snapshot = await transactions.where('userId', '==', userId).where('checked', '==', 1).orderBy('paidAt', 'desc').limit(1).get();
      return records(snapshot.docs)[0] ?? null;
    },

    async claimDue(now, limit, leaseMs, claimant) {
      const claimed = await claimDue({
        due: (chunk) => transactions.where('status', 'in', [...WATCHED_STATUSES]).where('nextCheckAt', '<=', now).orderBy('nextCheckAt').limit(chunk).get(),
        lease: { nextCheckAt: now + leaseMs, leaseUntil: now + leaseMs, claimedBy: claimant },
        limit,
      });
      return claimed.map(({ data }) => data as TransactionRecord);
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

    async endWatch(record, at, detail) {
      const batch = db.batch();
      batch.update(transactions.doc(record.order_id), { nextCheckAt: FieldValue.delete(), leaseUntil: 0, lastCheckedAt: at });
      appendOrderEvents(db, batch, [{ orderId: record.order_id, userId: record.userId, at, type: 'checkScheduled', source: 'sweep', detail }]);
      await batch.commit();
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

    async scheduleNextCheck(record, { at, nextCheckAt, checks, providerStatus, detail }) {
      const batch = db.batch();
      batch.update(transactions.doc(record.order_id), { nextCheckAt, checks, lastCheckedAt: at, leaseUntil: 0 });
      appendOrderEvents(db, batch, [
        { orderId: record.order_id, userId: record.userId, at, type: 'checkScheduled', source: 'sweep', ...(providerStatus ? { providerStatus } : {}), detail },
      ]);
      await batch.commit();
    },

    async recordReturn(record, parameters, at) {
      const event: OrderEvent = { orderId: record.order_id, userId: record.userId, at, type: 'returnReceived', source: 'return', providerStatus: parameters.status ?? '' };
      if (parameters.status !== 'paid') {
        // Only the first word of an open order is worth its history: a replayed redirect writes nothing more.
        if (storedStatus(record) === 'pending') await recordOrderEvents(db, [event]);
        return;
      }
      // Spec §4.5 keeps a paid return under successful_transactions/{out_trade_no}: the first, once, with its event.
      const batch = db.batch();
      batch.create(db.collection(COLLECTIONS.successfulTransactions).doc(record.order_id), { ...parameters, receivedAt: at });
      const due = dueOnPaidReturn(record, at);
      if (due) batch.update(transactions.doc(record.order_id), due);
      appendOrderEvents(db, batch, [event]);
      try {
        await batch.commit();
      } catch (error) {
        if (!isAlreadyExists(error)) throw error;
      }
    },

    async recordCallback({ at, orderId, record, signature, rejected, providerStatus }) {
      const batch = db.batch();
      if (record) {
        appendOrderEvents(db, batch, [
          {
            orderId,
            userId: record.userId,
            at,
            type: 'callbackReceived',
            source: 'callback',
            signature,
            ...(providerStatus ? { providerStatus } : {}),
            ...(rejected ? { detail: `refused: ${rejected}` } : {}),
          },
        ]);
      }
      if (rejected) {
        batch.create(db.collection(COLLECTIONS.callbackRejections).doc(), {
          at,
          orderId: orderId.slice(0, 64),
          reason: rejected,
          signature,
          [CALLBACK_REJECTION_EXPIRY_FIELD]: Timestamp.fromMillis(at + CALLBACK_REJECTION_KEEP_MS),
        });
      }
      await batch.commit();
    },

    appendHistory: (events) => recordOrderEvents(db, events),

    applyProviderStatus(orderId, providerWord, context) {
      // One application per order at a time in this instance: a storm of callbacks, returns and sweeps of
      // one order queues here, and all but the first find nothing left to change in a plain read.
      const previous = applying.get(orderId) ?? Promise.resolve();
      const next = previous.catch(() => undefined).then(() => applyOnce(orderId, providerWord, context));
      applying.set(orderId, next);
      void next
        .finally(() => {
          if (applying.get(orderId) === next) applying.delete(orderId);
        })
        .catch(() => undefined);
      return next;
    },
  };

  return repository;

  async function applyOnce(orderId: string, providerWord: string, context: ApplyContext): Promise<ApplyOutcome | null> {
    const ref = transactions.doc(orderId);
    // An order made under the first-purchase bonus is read again with who took that bonus, in the same commit.
    let claim: DocumentReference | null = null;
    try {
      for (;;) {
        const outcome = await decideAndCommit(ref, providerWord, context, claim, (wanted) => (claim = wanted));
        if (outcome !== READ_CLAIM) return outcome;
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
    providerWord: string,
    context: ApplyContext,
    claim: DocumentReference | null,
    readClaim: (claim: DocumentReference) => void,
  ) {
    const orderId = ref.id;
    // A plain read first: an answer that changes nothing (the usual case once an order is final) writes
    // nothing. A change is one atomic commit that holds only if the order is still as read, so two racers
    // can never both credit it, and its history and its receipt land with it or not at all.
    return commitIfUnchanged<ApplyOutcome | null | typeof READ_CLAIM>(db, claim ? [ref, claim] : [ref], ([snapshot, claimed]) => {
      if (!snapshot!.exists) return { result: null };
      const record = snapshot!.data() as TransactionRecord;
      const wanted = firstPurchaseClaimOf(record);
      if (wanted && !claim) {
        readClaim(wanted);
        return { result: READ_CLAIM };
      }
      const now = Date.now();
      const takenBy = (claimed?.data()?.orderId as string | undefined) ?? null;
      const change = planProviderAnswer(record, providerWord, context, now, takenBy);
      if (!change) return { result: { record, creditedNow: false } };
      return {
        result: { record: { ...record, ...change.update }, creditedNow: change.credit > 0 },
        writes: (batch, guard) => {
          batch.update(ref, change.update, guard(snapshot!));
          if (change.credit > 0) {
            batch.set(db.collection(COLLECTIONS.users).doc(record.userId), { gemCount: FieldValue.increment(change.credit) }, { merge: true });
          }
          // Created, so a racing order of the same player that took the bonus first makes this commit lose and decide again.
          if (change.takesFirstPurchase) batch.create(claim!, { orderId, at: now, gems: record.offer!.bonusGems });
          if (change.codeUse !== 0) {
            const offer = db.collection(COLLECTIONS.offers).doc(record.offer!.id);
            batch.set(offer, { uses: FieldValue.increment(change.codeUse) }, { merge: true });
            batch.set(offer.collection(OFFER_USES).doc(record.userId), { count: FieldValue.increment(change.codeUse) }, { merge: true });
          }
          appendOrderEvents(db, batch, change.events);
          for (const kind of change.mail) enqueueMail(db, batch, kind, orderId, now);
        },
      };
    });
  }

  /** first_purchase_bonuses/{uid}, for an order not yet credited that carries a first-purchase bonus; else null. */
  function firstPurchaseClaimOf(record: TransactionRecord) {
    if (record.checked === 1 || record.offer?.kind !== 'firstPurchase' || record.offer.bonusGems === 0) return null;
    return db.collection(COLLECTIONS.firstPurchaseBonuses).doc(record.userId);
  }
}
