import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, OPERATIONS } from '../../shared/firestorePaths';
import type { OrderEvent } from '../../shared/orders/orderEvents';
import type { SupportHealth } from '../../shared/support/supportViews';
import { readOrderEvents } from '../ledger/orderHistory';
import type { TransactionRecord } from '../orders/orderRules';
import { uidsOfPlayerTag } from '../accounts/playerTags';
import type { RefundRequestRecord } from '../orders/refundRequestRecord';
import { outboxEntryId, type MailKind, type OutboxEntry } from '../mail/outbox';

/** How many orders one search answers, and how many waiting refunds the queue shows. */
export const SEARCH_LIMIT = 20;
export const QUEUE_LIMIT = 100;

/** The last sweep pass an instance made, as support's health view shows it. */
export type SweepReport = NonNullable<SupportHealth['lastSweep']>;

/** What support reads that players never see together. Firestore in the store. */
export interface SupportReadModel {
  ordersOfPlayer(uid: string): Promise<TransactionRecord[]>;
  /** Orders paid with this email given on the payment form. */
  ordersWithEmail(email: string): Promise<TransactionRecord[]>;
  /** The accounts a player tag names ("#K7Q2M4XD"): those that made an order or signed in from the game. */
  uidsOfTag(tag: string): Promise<string[]>;
  eventsOf(orderId: string): Promise<OrderEvent[]>;
  /** Refunds waiting for a decision, oldest first. */
  waitingRefunds(): Promise<RefundRequestRecord[]>;
  health(now: number): Promise<Omit<SupportHealth, 'disputes' | 'delivery' | 'books'>>;
  /** An owed email's delivery (mail_outbox/{kind}-{orderId}): its status and when it was sent; null when none was owed. */
  mailOf(kind: MailKind, orderId: string): Promise<{ status: string; sentAt: number | null } | null>;
  recordSweep(report: SweepReport): Promise<void>;
}

const MINUTE = 60_000;

export function firestoreSupportReadModel(db: Firestore): SupportReadModel {
  const transactions = db.collection(COLLECTIONS.transactions);
  const sweepReport = db.collection(COLLECTIONS.operations).doc(OPERATIONS.sweep);
  const newestFirst = (query: FirebaseFirestore.Query) => query.orderBy('createdAt', 'desc').limit(SEARCH_LIMIT).get();
  const count = async (query: FirebaseFirestore.Query) => (await query.count().get()).data().count;
  const pending = () => transactions.where('status', '==', 'pending');

  return {
    async ordersOfPlayer(uid) {
      return (await newestFirst(transactions.where('userId', '==', uid))).docs.map((doc) => doc.data() as TransactionRecord);
    },
    async ordersWithEmail(email) {
      return (await newestFirst(transactions.where('email', '==', email))).docs.map((doc) => doc.data() as TransactionRecord);
    },
    uidsOfTag: (tag) => uidsOfPlayerTag(db, tag),
    eventsOf: (orderId) => readOrderEvents(db, orderId),
    async waitingRefunds() {
      const snapshot = await db.collection(COLLECTIONS.refundRequests).where('status', '==', 'requested').orderBy('createdAt').limit(QUEUE_LIMIT).get();
      return snapshot.docs.map((doc) => doc.data() as RefundRequestRecord);
    },
    async health(now) {
      const [all, overFive, overThirty, overADay, rejected, refundsWaiting, emailsUnsent, sweep] = await Promise.all([
        count(pending()),
        count(pending().where('createdAt', '<', now - 5 * MINUTE)),
        count(pending().where('createdAt', '<', now - 30 * MINUTE)),
        count(pending().where('createdAt', '<', now - 24 * 60 * MINUTE)),
        count(db.collection(COLLECTIONS.callbackRejections).where('at', '>=', now - 60 * MINUTE)),
        count(db.collection(COLLECTIONS.refundRequests).where('status', '==', 'requested')),
        count(db.collection(COLLECTIONS.mailOutbox).where('status', 'in', ['pending', 'failed'])),
        sweepReport.get(),
      ]);
      return {
        pendingByAge: {
          underFiveMinutes: all - overFive,
          fiveToThirtyMinutes: overFive - overThirty,
          thirtyMinutesToADay: overThirty - overADay,
          overADay,
        },
        callbacksRejectedLastHour: rejected,
        lastSweep: sweep.exists ? (sweep.data() as SweepReport) : null,
        refundsWaiting,
        emailsUnsent,
      };
    },
    async recordSweep(report) {
      await sweepReport.set(report);
    },
    async mailOf(kind, orderId) {
      const entry = (await db.collection(COLLECTIONS.mailOutbox).doc(outboxEntryId(kind, orderId)).get()).data() as OutboxEntry | undefined;
      return entry ? { status: entry.status, sentAt: entry.sentAt ?? null } : null;
    },
  };
}
