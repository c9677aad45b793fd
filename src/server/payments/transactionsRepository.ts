import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../shared/firestorePaths';
import { isOrderStatus, nextStatus, statusFromProvider, type OrderStatus } from '../../shared/orders/orderStatus';
import type { PaymentRequest } from '../../shared/paymentProtocol';

/** transactions/{order_id}: the payment request (never its signature or the key) and what became of it. */
export interface TransactionRecord extends Omit<PaymentRequest, 'signature'> {
  userId: string;
  packId: number;
  gemCount: number;
  status: OrderStatus;
  /** The provider's own word for the status, as it last said it (e.g. processing). */
  providerStatus?: string;
  /** 1 once the gems were credited; never goes back to 0. */
  checked: 0 | 1;
  createdAt: number;
  updatedAt: number;
}

export interface ApplyOutcome {
  record: TransactionRecord;
  /** True for the one call that added the gems. */
  creditedNow: boolean;
}

/** Where orders are kept. Firestore in the store; a map in unit tests. */
export interface TransactionsRepository {
  /** Fails when the id exists: an order id is never reused or overwritten. */
  create(record: TransactionRecord): Promise<void>;
  find(orderId: string): Promise<TransactionRecord | null>;
  /** Pending orders created at or after `since`, for one player or for all. */
  findRecentPending(since: number, userId?: string): Promise<TransactionRecord[]>;
  /** Keeps the provider's redirect parameters; a later return never overwrites an earlier one. */
  saveReturn(orderId: string, parameters: Record<string, string>): Promise<void>;
  /**
   * Applies the provider's status word by the shared order machine and, when that makes the order paid
   * and it was not credited, adds its gems to the player: exactly once however many callers race.
   */
  applyProviderStatus(orderId: string, providerWord: string): Promise<ApplyOutcome | null>;
}

/** A record's status read through the machine: older records may hold a provider word. */
export function storedStatus(record: { status: string }): OrderStatus {
  return isOrderStatus(record.status) ? record.status : statusFromProvider(record.status);
}

/** The change the provider's word makes to a record, or null when it changes nothing. */
export function changeFor(record: TransactionRecord, providerWord: string): { status: OrderStatus; credit: boolean } | null {
  const current = storedStatus(record);
  const status = nextStatus(current, providerWord);
  const credit = status === 'paid' && record.checked !== 1;
  return status === current && !credit ? null : { status, credit };
}

/** Firestore's ABORTED: the transaction lost a race (it was already retried by the SDK). */
const isContention = (error: unknown) => (error as { code?: unknown })?.code === 10;

export function firestoreTransactions(db: Firestore): TransactionsRepository {
  const transactions = db.collection(COLLECTIONS.transactions);

  return {
    async create(record) {
      await transactions.doc(record.order_id).create(record);
    },

    async find(orderId) {
      const snapshot = await transactions.doc(orderId).get();
      return snapshot.exists ? (snapshot.data() as TransactionRecord) : null;
    },

    async findRecentPending(since, userId) {
      let query = transactions.where('status', '==', 'pending').where('createdAt', '>=', since);
      if (userId) query = query.where('userId', '==', userId);
      return (await query.get()).docs.map((doc) => doc.data() as TransactionRecord);
    },

    async saveReturn(orderId, parameters) {
      const saved = db.collection(COLLECTIONS.successfulTransactions).doc(orderId);
      const entry = { ...parameters, receivedAt: Date.now() };
      try {
        await saved.create(entry);
      } catch (error) {
        // ALREADY_EXISTS: keep the first return as it was and append this one beside it.
        if ((error as { code?: unknown })?.code !== 6) throw error;
        await saved.collection('returns').add(entry);
      }
    },

    async applyProviderStatus(orderId, providerWord) {
      const ref = transactions.doc(orderId);
      // Read first: an answer that changes nothing (the usual case once an order is final) needs no transaction.
      const snapshot = await ref.get();
      if (!snapshot.exists) return null;
      const stored = snapshot.data() as TransactionRecord;
      if (!changeFor(stored, providerWord)) return { record: stored, creditedNow: false };
      try {
        return await db.runTransaction(async (txn) => {
          const fresh = await txn.get(ref);
          const record = fresh.data() as TransactionRecord;
          const change = changeFor(record, providerWord);
          if (!change) return { record, creditedNow: false };
          const update = {
            status: change.status,
            providerStatus: providerWord,
            updatedAt: Date.now(),
            ...(change.credit ? { checked: 1 as const } : {}),
          };
          if (change.credit) {
            txn.set(db.collection(COLLECTIONS.users).doc(record.userId), { gemCount: FieldValue.increment(record.gemCount) }, { merge: true });
          }
          txn.update(ref, update);
          return { record: { ...record, ...update }, creditedNow: change.credit };
        });
      } catch (error) {
        // Another confirmation holds the order: it is applying the same answer. Report what is stored.
        if (!isContention(error)) throw error;
        const current = await ref.get();
        return { record: current.data() as TransactionRecord, creditedNow: false };
      }
    },
  };
}
