import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { PaymentRequest } from '../../shared/paymentProtocol';

/** transactions/{order_id}: the payment request (never its signature or the key) and what became of it. */
export interface TransactionRecord extends Omit<PaymentRequest, 'signature'> {
  userId: string;
  gemCount: number;
  status: string;
  /** 1 once the gems were credited; never goes back to 0. */
  checked: 0 | 1;
  createdAt: number;
  updatedAt: number;
}

export interface StatusOutcome {
  orderId: string;
  status: string;
  /** True for the one call that added the gems. */
  credited: boolean;
}

const transactions = (db: Firestore) => db.collection('transactions');

export async function createPendingTransaction(db: Firestore, record: TransactionRecord): Promise<void> {
  // create() fails if the id exists: an order id is never reused or overwritten.
  await transactions(db).doc(record.order_id).create(record);
}

export async function findTransaction(db: Firestore, orderId: string): Promise<TransactionRecord | null> {
  const snapshot = await transactions(db).doc(orderId).get();
  return snapshot.exists ? (snapshot.data() as TransactionRecord) : null;
}

/** Pending transactions created at or after `since`, for one player or for all. */
export async function findRecentPending(db: Firestore, since: number, userId?: string): Promise<TransactionRecord[]> {
  let query = transactions(db).where('status', '==', 'pending').where('createdAt', '>=', since);
  if (userId) query = query.where('userId', '==', userId);
  return (await query.get()).docs.map((doc) => doc.data() as TransactionRecord);
}

/** successful_transactions/{out_trade_no}: the query parameters the provider's redirect carried. */
export async function saveReturnParameters(
  db: Firestore,
  outTradeNo: string,
  parameters: Record<string, string>,
): Promise<void> {
  await db.collection('successful_transactions').doc(outTradeNo).set({ ...parameters, receivedAt: Date.now() });
}

/**
 * Writes the provider's status and, when it is `paid` and the gems were not yet credited, adds the
 * transaction's gems to users/{uid}.gemCount and sets checked to 1: all in one Firestore transaction, so
 * however many callbacks, returns, reconciles and sweeps race, the gems are added exactly once.
 * A credited transaction stays `paid`.
 */
export async function applyProviderStatus(db: Firestore, orderId: string, status: string): Promise<StatusOutcome | null> {
  const transactionRef = transactions(db).doc(orderId);
  return db.runTransaction(async (txn) => {
    const snapshot = await txn.get(transactionRef);
    if (!snapshot.exists) return null;
    const record = snapshot.data() as TransactionRecord;
    if (record.checked === 1) return { orderId, status: record.status, credited: false };

    const now = Date.now();
    if (status !== 'paid') {
      if (record.status !== status) txn.update(transactionRef, { status, updatedAt: now });
      return { orderId, status, credited: false };
    }
    const userRef = db.collection('users').doc(record.userId);
    txn.set(userRef, { gemCount: FieldValue.increment(record.gemCount) }, { merge: true });
    txn.update(transactionRef, { status: 'paid', checked: 1, updatedAt: now });
    return { orderId, status: 'paid', credited: true };
  });
}
