import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { formatGatewayAmount } from '../../shared/catalogue';
import { COLLECTIONS, OFFER_USES } from '../../shared/firestorePaths';
import type { OrderEvent } from '../../shared/orders/orderEvents';
import { WATCHED_STATUSES } from '../../shared/orders/orderStatus';
import { commitIfUnchanged, ContentionError } from '../firebase/commitIfUnchanged';
import { enqueueMail } from '../mail/outbox';
import { appendOrderEvents, recordOrderEvents } from './orderEventLog';
import { planProviderAnswer, type ApplyContext, type TransactionRecord } from './orderRules';

/** A decision that needs the first-purchase claim read with the order first. */
const READ_CLAIM = 'readClaim';

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
  /** Orders the provider's word can still change (WATCHED_STATUSES) created at or after `since`, for one player or for all. */
  findRecentUnsettled(since: number, userId?: string): Promise<TransactionRecord[]>;
  /** The player's pending orders, at most `limit`. */
  findOpen(userId: string, limit: number): Promise<TransactionRecord[]>;
  /** The player's orders made at or after `since` (ms): this month's, for the spending limit. */
  findMadeSince(userId: string, since: number): Promise<TransactionRecord[]>;
  /** The player's most recently credited order (their last transaction, for the refund policy), or null. */
  findLastCredited(userId: string): Promise<TransactionRecord | null>;
  /** Appends events that change nothing else (a staff member's check, say) to their orders' histories. */
  appendHistory(events: OrderEvent[]): Promise<void>;
  /**
   * Applies the provider's status word by the shared order machine and, when that makes the order paid
   * and it was not credited, adds its gems to the player and owes them a receipt: exactly once however many
   * callers race. What the provider said of the payment (its method) is kept with the credit.
   */
  applyProviderStatus(orderId: string, providerWord: string, context: ApplyContext): Promise<ApplyOutcome | null>;
}

export function firestoreOrders(db: Firestore): OrdersRepository {
  const transactions = db.collection(COLLECTIONS.transactions);
  const applying = new Map<string, Promise<ApplyOutcome | null>>();
  const records = (docs: Array<{ data(): unknown }>) => docs.map((doc) => doc.data() as TransactionRecord);

  return {
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

    async findMadeSince(userId, since) {
      return records((await transactions.where('userId', '==', userId).where('createdAt', '>=', since).orderBy('createdAt', 'desc').get()).docs);
    },

    async findLastCredited(userId) {
      const snapshot = await transactions.where('userId', '==', userId).where('checked', '==', 1).orderBy('paidAt', 'desc').limit(1).get();
      return records(snapshot.docs)[0] ?? null;
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
