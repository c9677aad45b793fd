import type { Firestore } from 'firebase-admin/firestore';
import { playerGemsOf, type PlayerGems } from '../../shared/balance';
import { COLLECTIONS } from '../../shared/firestorePaths';
import type { OrderEvent } from '../../shared/orders/orderEvents';
import type { RefundEligibility } from '../../shared/refunds/refundPolicy';
import { claimDue } from '../firebase/claimDue';
import { commitIfUnchanged } from '../firebase/commitIfUnchanged';
import { enqueueMail, REFUND_REQUEST_MAIL } from '../mail/outbox';
import { appendOrderEvents } from '../ledger/orderHistory';
import { writeMove } from '../ledger/gemLedger';
import { creditedUidOf } from '../ledger/orderMoves';
import type { DayRollups } from '../overview/dailyStats';
import type { TransactionRecord } from '../orders/orderRules';
import { standingFields, standingMove } from '../orders/paidStanding';
import { newRefundRequest, type NewRefundRequest, type RefundRequestRecord } from '../orders/refundRequestRecord';
import { planApprovalFinish, planApprovalStart, planDecline, type ApprovalStart, type Actor, type Planned, refundMoveEffects, type ProviderRefundOutcome } from './refundPlans';
import { declinedCreditEffects, planGameDecline, type CreditDeclinedByGame } from './declinedCreditPlan';

/** A decision's outcome: made, with the records after it, or not made and why. */
export type DecisionOutcome = { decided: true; request: RefundRequestRecord; order: TransactionRecord } | { decided: false; why: string };

/** A request's outcome: the stored request when it was made, else why not. */
export type RequestOutcome = { made: true; request: RefundRequestRecord } | { made: false; eligibility: Extract<RefundEligibility, { eligible: false }> };

/** A provider that could not be asked about an approval: in the history, with the next time the sweep asks. */
export interface ProviderTrouble {
  at: number;
  reason: string;
  nextCheckAt: number;
  checks: number;
  source: OrderEvent['source'];
}

/** Where refund requests are kept. Firestore in the store; maps in unit tests. Both apply ./refundPlans. */
export interface RefundsRepository {
  find(orderId: string): Promise<RefundRequestRecord | null>;
  /** The player's requests that still hold gems back: waiting, or under way at the provider. */
  openRequestsOf(userId: string): Promise<RefundRequestRecord[]>;
  /**
   * Makes the request in one commit that holds only if the order is still as read and has no request yet:
   * the request, the order marked "Refund requested", its history, and the email owed to support.
   * `allowed` judges the order as read inside the commit (the rest of the policy was judged before).
   */
  request(orderId: string, entry: NewRefundRequest, allowed: (order: TransactionRecord, existing: RefundRequestRecord | null) => RefundEligibility): Promise<RequestOutcome>;
  /**
   * Approval, before the provider is asked (planApprovalStart): one commit, guarded by the order, the
   * request and the player's balance as read, makes the request `approving` and takes the gems back.
   */
  beginApproval(orderId: string, start: ApprovalStart): Promise<DecisionOutcome>;
  /** The provider's answer ends the attempt under way (planApprovalFinish), once, in one guarded commit. */
  finishApproval(orderId: string, attemptId: string, outcome: ProviderRefundOutcome, at: number, source: OrderEvent['source']): Promise<DecisionOutcome>;
  /** Declines a waiting request with a reason the player is shown and emailed, in one commit likewise. */
  decline(orderId: string, decision: { actor: Actor; at: number; reason: string }): Promise<DecisionOutcome>;
  /** The provider could not be asked about an approval: the history says so, the claim is given back, and the sweep asks again then. */
  noteProviderTrouble(request: RefundRequestRecord, trouble: ProviderTrouble): Promise<void>;
  /** Claims up to `limit` approvals whose next check is due at `now`, for `leaseMs`, so instances split them. */
  claimDueApprovals(now: number, limit: number, leaseMs: number): Promise<RefundRequestRecord[]>;
  /**
   * The game declined the order's credit (planGameDecline): one commit, guarded by the order, the request and the
   * player's gems as read, makes the request `approving` and takes the gems back (a debt for what the balance no
   * longer holds), with the player's email.
   */
  beginDeclinedRefund(orderId: string, decline: CreditDeclinedByGame): Promise<DecisionOutcome>;
}

/** `rollups`: the day a refund counts toward (the overview), and its shards. */
export function firestoreRefunds(db: Firestore, rollups: DayRollups): RefundsRepository {
  const requests = db.collection(COLLECTIONS.refundRequests);
  const transactions = db.collection(COLLECTIONS.transactions);
  const users = db.collection(COLLECTIONS.users);

  /**
   * Reads the order, its request and the owner's balance, judges with a plan of ./refundPlans, and commits
   * the plan in one batch guarded by all three as read: a racing decision, credit or spend makes it read and
   * judge again. The gems move through the ledger's door, from the balance as read (an approval takes them back only
   * while the balance holds them all, by the plan's judgement and the guard).
   */
  const decide = async (orderId: string, judge: (order: TransactionRecord | null, request: RefundRequestRecord | null, player: PlayerGems) => Planned) => {
    const orderRef = transactions.doc(orderId);
    const requestRef = requests.doc(orderId);
    // An order's owner (and a gift's recipient, whose balance holds its gems) never changes: named before the guarded read.
    const named = (await orderRef.get()).data() as TransactionRecord | undefined;
    const userRef = named ? users.doc(creditedUidOf(named)) : null;
    return commitIfUnchanged<DecisionOutcome>(db, [orderRef, requestRef, ...(userRef ? [userRef] : [])], ([orderSnapshot, requestSnapshot, userSnapshot]) => {
      const order = orderSnapshot!.exists ? (orderSnapshot!.data() as TransactionRecord) : null;
      const request = requestSnapshot!.exists ? (requestSnapshot!.data() as RefundRequestRecord) : null;
      const player = playerGemsOf(userSnapshot?.data());
      const planned = judge(order, request, player);
      if (!planned.ok) return { result: { decided: false, why: planned.why } };
      const { orderUpdate, requestUpdate, events } = planned.plan;
      // A refund that returned the money ends the order's standing (a daily gift follows it), in the same commit.
      const standing = standingFields(orderId, standingMove(order!, { ...order!, ...orderUpdate })) ?? {};
      return {
        result: { decided: true, order: { ...order!, ...orderUpdate }, request: { ...request!, ...requestUpdate } },
        writes: (batch, guard) => {
          batch.update(orderRef, orderUpdate, guard(orderSnapshot!));
          batch.update(requestRef, requestUpdate, guard(requestSnapshot!));
          // The standing is the payer's: a gift's is merged into their document beside the recipient's move.
          if (order!.gift && Object.keys(standing).length > 0) batch.set(users.doc(order!.userId), standing, { merge: true });
          writeMove(db, batch, rollups, { at: events[0]!.at }, refundMoveEffects(order!, planned.plan), { snapshot: userSnapshot!, guard, fields: order!.gift ? {} : standing });
        },
      };
    });
  };

  return {
    async find(orderId) {
      const snapshot = await requests.doc(orderId).get();
      return snapshot.exists ? (snapshot.data() as RefundRequestRecord) : null;
    },

    async openRequestsOf(userId) {
      const snapshot = await requests.where('userId', '==', userId).where('status', 'in', ['requested', 'approving']).get();
      return snapshot.docs.map((doc) => doc.data() as RefundRequestRecord);
    },

    beginApproval: (orderId, start) => decide(orderId, (order, request, player) => planApprovalStart(order, request, player.balance, start)),

    finishApproval: (orderId, attemptId, outcome, at, source) =>
      decide(orderId, (order, request, player) => planApprovalFinish(order, request, player, attemptId, outcome, at, source)),

    decline: (orderId, decision) => decide(orderId, (order, request) => planDecline(order, request, decision)),

    async noteProviderTrouble(request, { at, reason, nextCheckAt, checks, source }) {
      const batch = db.batch();
      batch.update(requests.doc(request.orderId), { nextCheckAt, checks, leaseUntil: 0 });
      appendOrderEvents(db, batch, [
        { orderId: request.orderId, userId: request.userId, at, type: 'refundDelayed', source, detail: `${reason}; the store asks again in ${Math.round((nextCheckAt - at) / 1000)} s` },
      ]);
      await batch.commit();
    },

    async beginDeclinedRefund(orderId, decline) {
      const orderRef = transactions.doc(orderId);
      const requestRef = requests.doc(orderId);
      const named = (await orderRef.get()).data() as TransactionRecord | undefined;
      if (!named) return { decided: false, why: 'There is no such order.' };
      const userRef = users.doc(creditedUidOf(named));
      return commitIfUnchanged<DecisionOutcome>(db, [orderRef, requestRef, userRef], ([orderSnapshot, requestSnapshot, userSnapshot]) => {
        const order = orderSnapshot!.exists ? (orderSnapshot!.data() as TransactionRecord) : null;
        const planned = planGameDecline(order, requestSnapshot!.exists ? (requestSnapshot!.data() as RefundRequestRecord) : null, decline);
        if (!planned.ok) return { result: { decided: false, why: planned.why } };
        return {
          result: { decided: true, order: { ...order!, ...planned.orderUpdate }, request: planned.request },
          writes: (batch, guard) => {
            batch.update(orderRef, planned.orderUpdate, guard(orderSnapshot!));
            if (planned.creates) batch.create(requestRef, planned.request);
            else batch.update(requestRef, { ...planned.request }, guard(requestSnapshot!));
            writeMove(db, batch, rollups, { at: decline.at }, declinedCreditEffects(order!, planned), { snapshot: userSnapshot!, guard });
          },
        };
      });
    },

    async claimDueApprovals(now, limit, leaseMs) {
      const claimed = await claimDue({
        due: (chunk) => requests.where('status', '==', 'approving').where('nextCheckAt', '<=', now).orderBy('nextCheckAt').limit(chunk).get(),
        lease: { nextCheckAt: now + leaseMs, leaseUntil: now + leaseMs },
        limit,
      });
      return claimed.map(({ data }) => data as RefundRequestRecord);
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
            // To support, and to the player, who learns the request is in and when to expect an answer.
            for (const kind of REFUND_REQUEST_MAIL) enqueueMail(db, batch, kind, orderId, at);
          },
        };
      });
    },
  };
}
