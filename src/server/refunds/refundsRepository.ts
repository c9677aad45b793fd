import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../shared/firestorePaths';
import type { OrderEvent } from '../../shared/orders/orderEvents';
import type { RefundEligibility } from '../../shared/refunds/refundPolicy';
import type { RefundRequestStatus, RefundRequestView } from '../../shared/refunds/refundRequest';
import { commitIfUnchanged } from '../firebase/commitIfUnchanged';
import { enqueueMail } from '../mail/outbox';
import { appendOrderEvents, recordOrderEvents } from '../orders/orderEventLog';
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
  /** The provider's id for the money it returned. */
  providerRefundId?: string;
}

/** A staff member deciding, as the audit trail names them. */
type Actor = { uid: string; email: string };

/** A decision's outcome: made, with the records after it, or not made and why. */
export type DecisionOutcome = { decided: true; request: RefundRequestRecord; order: TransactionRecord } | { decided: false; why: string };

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

/** The request a player makes of one of their orders, as refund_requests/{orderId} keeps it. */
export function newRefundRequest(order: TransactionRecord, { reason, accountEmail, at }: NewRefundRequest): RefundRequestRecord {
  return {
    orderId: order.order_id,
    userId: order.userId,
    ...(accountEmail ? { accountEmail } : {}),
    reason,
    status: 'requested',
    createdAt: at,
    amount: order.amount,
    gemCount: order.gemCount,
    productName: order.product_name,
  };
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
  /**
   * After the provider returned the money: in one commit that holds only if the request is still waiting
   * and the order still paid, the order becomes refunded, the pack's gems are taken back, the request is
   * marked, the history records who approved it, and the player is owed an email. Only one approval lands.
   */
  approve(orderId: string, decision: { actor: Actor; at: number; providerRefundId: string }): Promise<DecisionOutcome>;
  /** Declines a waiting request with a reason the player is shown and emailed, in one commit likewise. */
  decline(orderId: string, decision: { actor: Actor; at: number; reason: string }): Promise<DecisionOutcome>;
  /** A refund the provider would not make, in the order's history (nothing else changes). */
  recordFailure(order: TransactionRecord, failure: { actor: Actor; at: number; reason: string }): Promise<void>;
}

/** Why a request cannot be decided now, or null when it can. */
export function undecidable(order: TransactionRecord | null, request: RefundRequestRecord | null): string | null {
  if (!order || !request) return 'There is no refund request for this order.';
  if (request.status !== 'requested') return `This refund request was already ${request.status === 'refunded' ? 'approved and refunded' : 'declined'}.`;
  if (order.status !== 'paid' || order.checked !== 1) return 'Only a paid order whose gems were credited can be refunded.';
  return null;
}

export function firestoreRefunds(db: Firestore): RefundsRepository {
  const requests = db.collection(COLLECTIONS.refundRequests);
  const transactions = db.collection(COLLECTIONS.transactions);
  /** A decision on a waiting request: the order and the request as read, guarded; the gems, the history and the email with them. */
  const decide = (
    orderId: string,
    plan: (
      order: TransactionRecord,
      request: RefundRequestRecord,
    ) => {
      orderUpdate: Partial<TransactionRecord>;
      requestUpdate: Partial<RefundRequestRecord>;
      gems: number;
      event: OrderEvent;
      mail: 'refundApproved' | 'refundDeclined';
    },
  ) => {
    const orderRef = transactions.doc(orderId);
    const requestRef = requests.doc(orderId);
    return commitIfUnchanged<DecisionOutcome>(db, [orderRef, requestRef], ([orderSnapshot, requestSnapshot]) => {
      const order = orderSnapshot!.exists ? (orderSnapshot!.data() as TransactionRecord) : null;
      const request = requestSnapshot!.exists ? (requestSnapshot!.data() as RefundRequestRecord) : null;
      const why = undecidable(order, request);
      if (why) return { result: { decided: false, why } };
      const { orderUpdate, requestUpdate, gems, event, mail } = plan(order!, request!);
      return {
        result: { decided: true, order: { ...order!, ...orderUpdate }, request: { ...request!, ...requestUpdate } },
        writes: (batch, guard) => {
          batch.update(orderRef, orderUpdate, guard(orderSnapshot!));
          batch.update(requestRef, requestUpdate, guard(requestSnapshot!));
          if (gems !== 0) batch.set(db.collection(COLLECTIONS.users).doc(order!.userId), { gemCount: FieldValue.increment(gems) }, { merge: true });
          appendOrderEvents(db, batch, [event]);
          enqueueMail(db, batch, mail, orderId, event.at);
        },
      };
    });
  };

  return {
    async find(orderId) {
      const snapshot = await requests.doc(orderId).get();
      return snapshot.exists ? (snapshot.data() as RefundRequestRecord) : null;
    },

    approve(orderId, { actor, at, providerRefundId }) {
      return decide(orderId, (order, request) => ({
        orderUpdate: {
          status: 'refunded',
          refundedAt: at,
          updatedAt: at,
          refund: { ...(order.refund ?? { requestedAt: request.createdAt }), status: 'refunded', decidedAt: at },
        },
        requestUpdate: { status: 'refunded', decidedAt: at, decidedBy: actor, providerRefundId },
        gems: -order.gemCount,
        event: {
          orderId,
          userId: order.userId,
          at,
          type: 'refundApproved',
          source: 'support',
          actor,
          statusFrom: 'paid',
          statusTo: 'refunded',
          gems: -order.gemCount,
          detail: `A$${order.amount} returned by the provider (refund ${providerRefundId})`,
        },
        mail: 'refundApproved',
      }));
    },

    decline(orderId, { actor, at, reason }) {
      return decide(orderId, (order, request) => ({
        orderUpdate: { updatedAt: at, refund: { status: 'declined', requestedAt: request.createdAt, decidedAt: at, declineReason: reason } },
        requestUpdate: { status: 'declined', decidedAt: at, decidedBy: actor, declineReason: reason },
        gems: 0,
        event: { orderId, userId: order.userId, at, type: 'refundDeclined', source: 'support', actor, detail: reason },
        mail: 'refundDeclined',
      }));
    },

    async recordFailure(order, { actor, at, reason }) {
      await recordOrderEvents(db, [{ orderId: order.order_id, userId: order.userId, at, type: 'refundFailed', source: 'support', actor, detail: reason }]);
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
        const request = newRefundRequest(order, { reason, accountEmail, at });
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

