import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../shared/firestorePaths';
import type { OrderEvent } from '../../shared/orders/orderEvents';
import type { RefundEligibility } from '../../shared/refunds/refundPolicy';
import type { RefundRequestStatus, RefundRequestView } from '../../shared/refunds/refundRequest';
import { commitIfUnchanged } from '../firebase/commitIfUnchanged';
import { enqueueMail } from '../mail/outbox';
import { appendOrderEvents } from '../orders/orderEventLog';
import type { TransactionRecord } from '../payments/transactionsRepository';

/** refund_requests/{orderId}: the player's request and support's decision. */
export interface RefundRequestRecord {
  orderId: string;
  userId: string;
  accountEmail?: string;
  reason: string;
  status: RefundRequestStatus;
  createdAt: number;
  amount: string;
  gemCount: number;
  productName: string;
  decidedAt?: number;
  decidedBy?: { uid: string; email: string };
  declineReason?: string;
}

export function toRefundView(record: RefundRequestRecord): RefundRequestView {
  return {
    orderId: record.orderId,
    status: record.status,
    reason: record.reason,
    createdAt: record.createdAt,
    decidedAt: record.decidedAt ?? null,
    declineReason: record.declineReason ?? null,
  };
}

/** What a new request holds beyond the order. */
export interface NewRefundRequest {
  reason: string;
  accountEmail?: string;
  at: number;
}

/** A request's outcome: the stored request when it was made, else why not. */
export type RequestOutcome = { made: true; request: RefundRequestRecord } | { made: false; eligibility: Extract<RefundEligibility, { eligible: false }> };

/** Where refund requests are kept. Firestore in the store; a map in unit tests. */
export interface RefundsRepository {
  find(orderId: string): Promise<RefundRequestRecord | null>;
  /**
   * Makes the request in one commit that holds only if the order is still as read and has no request yet:
   * the request, the order marked "Refund requested", its history, and the email owed to support.
   * `allowed` judges the order as read inside the commit (the rest of the policy was judged before).
   */
  request(orderId: string, entry: NewRefundRequest, allowed: (order: TransactionRecord, existing: RefundRequestRecord | null) => RefundEligibility): Promise<RequestOutcome>;
}

export function firestoreRefunds(db: Firestore): RefundsRepository {
  const requests = db.collection(COLLECTIONS.refundRequests);
  const transactions = db.collection(COLLECTIONS.transactions);
  return {
    async find(orderId) {
      const snapshot = await requests.doc(orderId).get();
      return snapshot.exists ? (snapshot.data() as RefundRequestRecord) : null;
    },

    async request(orderId, { reason, accountEmail, at }, allowed) {
      const orderRef = transactions.doc(orderId);
      const requestRef = requests.doc(orderId);
      return commitIfUnchanged<RequestOutcome>(db, [orderRef, requestRef], ([orderSnapshot, requestSnapshot]) => {
        if (!orderSnapshot!.exists) throw new Error(`No order ${orderId} to refund.`);
        const order = orderSnapshot!.data() as TransactionRecord;
        const existing = requestSnapshot!.exists ? (requestSnapshot!.data() as RefundRequestRecord) : null;
        const eligibility = allowed(order, existing);
        if (!eligibility.eligible) return { result: { made: false, eligibility } };
        const request: RefundRequestRecord = {
          orderId,
          userId: order.userId,
          ...(accountEmail ? { accountEmail } : {}),
          reason,
          status: 'requested',
          createdAt: at,
          amount: order.amount,
          gemCount: order.gemCount,
          productName: order.product_name,
        };
        const event: OrderEvent = { orderId, userId: order.userId, at, type: 'refundRequested', source: 'player', detail: reason };
        return {
          result: { made: true, request },
          writes: (batch, guard) => {
            batch.create(requestRef, request);
            batch.update(orderRef, { refund: { status: 'requested', requestedAt: at }, updatedAt: at }, guard(orderSnapshot!));
            appendOrderEvents(db, batch, [event]);
            enqueueMail(db, batch, 'refundRequested', orderId, at);
          },
        };
      });
    },
  };
}

