import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../shared/firestorePaths';
import { commitIfUnchanged, ContentionError, isLostRace } from '../firebase/commitIfUnchanged';
import { isOrderStatus, nextStatus, statusFromProvider, type OrderStatus } from '../../shared/orders/orderStatus';
import { mapWithConcurrency } from '../lib/mapWithConcurrency';
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
  /** When the server asks the provider about this pending order next (ms); claimed sweeps move it on. */
  nextCheckAt: number;
  /** A sweep instance holds the order until then (ms); 0 when nobody does. */
  leaseUntil: number;
  /** How many times the server has asked the provider. */
  checks: number;
  lastCheckedAt?: number;
  /** When the gems were credited. */
  paidAt?: number;
  /** How the provider says the player paid, from its callback or return. */
  paymentMethod?: string;
}

/** What a provider's callback or return says about a payment beyond its status. */
export interface ProviderDetails {
  paymentMethod?: string;
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
  /** The player's pending orders, at most `limit`. */
  findOpen(userId: string, limit: number): Promise<TransactionRecord[]>;
  /**
   * Claims up to `limit` pending orders whose next check is due at `now`, for `leaseMs`: a claimed order's
   * next check moves to the lease's end, so other instances skip it, and a crashed instance's claim lapses.
   */
  claimDue(now: number, limit: number, leaseMs: number): Promise<TransactionRecord[]>;
  /** After a check that left the order pending: when to ask next, and the claim given back. */
  scheduleNextCheck(orderId: string, check: { at: number; nextCheckAt: number; checks: number }): Promise<void>;
  /** Keeps the provider's redirect parameters; a later return never overwrites an earlier one. */
  saveReturn(orderId: string, parameters: Record<string, string>): Promise<void>;
  /**
   * Applies the provider's status word by the shared order machine and, when that makes the order paid
   * and it was not credited, adds its gems to the player: exactly once however many callers race. What the
   * provider said of the payment (its method) is kept with the credit.
   */
  applyProviderStatus(orderId: string, providerWord: string, said?: ProviderDetails): Promise<ApplyOutcome | null>;
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

/** How many due orders one claiming round reads, how many claims it writes at once, and how many rounds a pass makes at most. */
const CLAIM_CHUNK = 100;
const CLAIM_CONCURRENCY = 16;
const MAX_CLAIM_ROUNDS = 1_000;

export function firestoreTransactions(db: Firestore): TransactionsRepository {
  const transactions = db.collection(COLLECTIONS.transactions);
  const applying = new Map<string, Promise<ApplyOutcome | null>>();

  const repository: TransactionsRepository = {
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

    async findOpen(userId, limit) {
      const query = transactions.where('userId', '==', userId).where('status', '==', 'pending').limit(limit);
      return (await query.get()).docs.map((doc) => doc.data() as TransactionRecord);
    },

    async claimDue(now, limit, leaseMs) {
      const claimed: TransactionRecord[] = [];
      for (let round = 0; round < MAX_CLAIM_ROUNDS && claimed.length < limit; round += 1) {
        const chunk = Math.min(CLAIM_CHUNK, limit - claimed.length);
        const due = await transactions
          .where('status', '==', 'pending')
          .where('nextCheckAt', '<=', now)
          .orderBy('nextCheckAt')
          .limit(chunk)
          .get();
        if (due.empty) break;
        // Each claim is a write that holds only if the order is as it was read (no transaction, so no locks
        // that a storm of confirmations would queue behind): an order another instance claimed or settled
        // meanwhile fails the precondition and is left to it.
        const attempts = await mapWithConcurrency(due.docs, CLAIM_CONCURRENCY, async (doc) => {
          const lease = { nextCheckAt: now + leaseMs, leaseUntil: now + leaseMs };
          await doc.ref.update(lease, { lastUpdateTime: doc.updateTime });
          return { ...(doc.data() as TransactionRecord), ...lease };
        });
        for (const attempt of attempts) {
          if (attempt.status === 'fulfilled') claimed.push(attempt.value);
          else if (!isLostRace(attempt.reason)) throw attempt.reason;
        }
        if (due.size < chunk) break;
      }
      return claimed;
    },

    async scheduleNextCheck(orderId, { at, nextCheckAt, checks }) {
      await transactions.doc(orderId).update({ nextCheckAt, checks, lastCheckedAt: at, leaseUntil: 0 });
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

    applyProviderStatus(orderId, providerWord, said = {}) {
      // One application per order at a time in this instance: a storm of callbacks, returns and sweeps of
      // one order queues here, and all but the first find nothing left to change in a plain read, instead of
      // piling onto one Firestore transaction until its locks time out.
      const previous = applying.get(orderId) ?? Promise.resolve();
      const next = previous.catch(() => undefined).then(() => applyOnce(orderId, providerWord, said));
      applying.set(orderId, next);
      void next.finally(() => {
        if (applying.get(orderId) === next) applying.delete(orderId);
      }).catch(() => undefined);
      return next;
    },
  };

  return repository;

  async function applyOnce(orderId: string, providerWord: string, said: ProviderDetails): Promise<ApplyOutcome | null> {
    const ref = transactions.doc(orderId);
    try {
      // A plain read first: an answer that changes nothing (the usual case once an order is final) writes
      // nothing. A change is one atomic commit that holds only if the order is still as read, so two racers
      // can never both credit it.
      return await commitIfUnchanged<ApplyOutcome | null>(db, [ref], ([snapshot]) => {
        if (!snapshot!.exists) return { result: null };
        const record = snapshot!.data() as TransactionRecord;
        const change = changeFor(record, providerWord);
        if (!change) return { result: { record, creditedNow: false } };
        const now = Date.now();
        const update = {
          status: change.status,
          providerStatus: providerWord,
          updatedAt: now,
          ...(change.credit ? { checked: 1 as const, paidAt: now } : {}),
          ...(said.paymentMethod ? { paymentMethod: said.paymentMethod } : {}),
        };
        return {
          result: { record: { ...record, ...update }, creditedNow: change.credit },
          writes: (batch, guard) => {
            batch.update(ref, update, guard(snapshot!));
            if (change.credit) {
              batch.set(db.collection(COLLECTIONS.users).doc(record.userId), { gemCount: FieldValue.increment(record.gemCount) }, { merge: true });
            }
          },
        };
      });
    } catch (error) {
      // Others kept changing the order through every retry. Report what is stored: the order stays under
      // the sweep's watch until an answer lands.
      if (!(error instanceof ContentionError)) throw error;
      const current = await ref.get();
      return { record: current.data() as TransactionRecord, creditedNow: false };
    }
  }
}
