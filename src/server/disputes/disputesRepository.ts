import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { playerGemsOf, type PlayerGems } from '../../shared/balance';
import type { DisputeStatus } from '../../shared/disputes/dispute';
import { COLLECTIONS } from '../../shared/firestorePaths';
import { commitIfUnchanged } from '../firebase/commitIfUnchanged';
import { providerEventRef, recordProviderEvent, type AppliedProviderEvent } from '../providerEvents/providerEventRecords';
import type { TransactionRecord } from '../orders/orderRules';
import { standingFields, standingMove } from '../orders/paidStanding';
import type { DisputeRecord } from './disputeRecord';
import { disputeMoveEffects, planMove, planOpen, type DisputeGems, type DisputeMove, type DisputeOpening, type DisputePlanned } from './disputePlans';
import { writeMove } from '../ledger/gemLedger';
import { creditedUidOf } from '../ledger/orderMoves';
import type { DayRollups } from '../overview/dailyStats';
import { planWriteOff } from './disputeGems';

/** A dispute's move: made, with the records after it, or not made and why (`already`: the machine was there before). */
export type DisputeOutcome = { done: true; dispute: DisputeRecord; order: TransactionRecord } | { done: false; why: string; already: boolean };

/** A write-off: the gems forgiven, or why none. */
export type WriteOffOutcome = { done: true; gems: number } | { done: false; why: string };

/** Where disputes are kept. Firestore in the store; maps in unit tests. Both apply ./disputePlans. */
export interface DisputesRepository {
  find(orderId: string): Promise<DisputeRecord | null>;
  /** The newest `limit` disputes, newest first. */
  listNewest(limit: number): Promise<DisputeRecord[]>;
  /** The figures of the dispute rate: disputes still open, disputes opened and orders paid at or after `since` (ms). */
  figures(since: number): Promise<{ open: number; openedSince: number; paidSince: number }>;
  /**
   * Opens the order's dispute (planOpen) in one commit guarded by the order, the dispute and the player's gems as
   * read, with the provider's event when one brought it: a repeat of the event, or a racing refund or credit, reads
   * again and decides again.
   */
  open(orderId: string, opening: DisputeOpening, event: AppliedProviderEvent | null): Promise<DisputeOutcome>;
  /** Moves it on (planMove) in one commit likewise. */
  move(orderId: string, to: DisputeStatus, move: DisputeMove, event: AppliedProviderEvent | null): Promise<DisputeOutcome>;
  /** The debt this order's dispute added written off by support (planWriteOff), in one guarded commit; the count, or why not. */
  writeOffDebt(orderId: string, move: Required<DisputeMove>): Promise<WriteOffOutcome>;
  /** The player's gems: the balance and the debt. */
  gemsOf(userId: string): Promise<PlayerGems>;
}

/** A dispute's plan, judged from the order, its dispute and the gems of those it moves. */
type Judge = (order: TransactionRecord | null, dispute: DisputeRecord | null, gems: DisputeGems) => DisputePlanned;

/**
 * Reads the order, its dispute, the owner's gems and the event, judges with a plan, and commits it in one batch
 * guarded by all of them as read. The gems move through the ledger's door, from the balance and debt as read.
 */
async function decideDispute(db: Firestore, rollups: DayRollups, orderId: string, event: AppliedProviderEvent | null, judge: Judge): Promise<DisputeOutcome> {
  const users = db.collection(COLLECTIONS.users);
  const orderRef = db.collection(COLLECTIONS.transactions).doc(orderId);
  const disputeRef = db.collection(COLLECTIONS.disputes).doc(orderId);
  // An order's owner (and a gift's recipient) never changes, so their documents can be named before the guarded read.
  const named = (await orderRef.get()).data() as TransactionRecord | undefined;
  if (!named) return { done: false, why: 'We have no record of that order.', already: false };
  const creditedRef = users.doc(creditedUidOf(named));
  const payerRef = named.gift ? users.doc(named.userId) : null;
  // The provider's event is read with them: one applied already (a repeat, or a racer's) changes nothing.
  const refs = [orderRef, disputeRef, creditedRef, ...(payerRef ? [payerRef] : []), ...(event ? [providerEventRef(db, event.id)] : [])];
  return commitIfUnchanged<DisputeOutcome>(db, refs, ([orderSnapshot, disputeSnapshot, creditedSnapshot, ...rest]) => {
    const payerSnapshot = payerRef ? rest[0]! : null;
    const eventSnapshot = event ? rest.at(-1) : undefined;
    if (eventSnapshot?.exists) return { result: { done: false, why: `Event ${event!.id} was applied already.`, already: true } };
    const order = orderSnapshot!.exists ? (orderSnapshot!.data() as TransactionRecord) : null;
    const dispute = disputeSnapshot!.exists ? (disputeSnapshot!.data() as DisputeRecord) : null;
    const gems = { credited: playerGemsOf(creditedSnapshot?.data()), payer: payerSnapshot ? playerGemsOf(payerSnapshot.data()) : null };
    const planned = judge(order, dispute, gems);
    if (!planned.ok) return { result: { done: false, why: planned.why, already: planned.already } };
    const { plan } = planned;
    // A dispute opened ends the order's standing, and one won gives it back (a daily gift follows it), in the same commit.
    const standing = standingFields(orderId, standingMove(order!, { ...order!, ...plan.orderUpdate })) ?? {};
    return {
      result: { done: true, dispute: plan.dispute, order: { ...order!, ...plan.orderUpdate } },
      writes: (batch, guard) => {
        batch.update(orderRef, plan.orderUpdate, guard(orderSnapshot!));
        if (plan.creates) batch.create(disputeRef, plan.dispute);
        else batch.update(disputeRef, { ...plan.dispute }, guard(disputeSnapshot!));
        if (plan.pause) {
          const change = plan.pause === 'add' ? FieldValue.arrayUnion(orderId) : FieldValue.arrayRemove(orderId);
          batch.set(db.collection(COLLECTIONS.playerProtections).doc(order!.userId), { disputesOpen: change }, { merge: true });
        }
        if (event) recordProviderEvent(db, batch, event, plan.event.at);
        // The standing is the payer's: on their document, the credited one's when the order is not a gift.
        const credited = { snapshot: creditedSnapshot!, guard, fields: payerSnapshot ? {} : standing };
        const payer = payerSnapshot ? [{ snapshot: payerSnapshot, guard, fields: standing }] : [];
        if (payerSnapshot && !plan.payerMove && Object.keys(standing).length > 0) batch.set(payerSnapshot.ref, standing, { merge: true });
        writeMove(db, batch, rollups, { at: plan.event.at }, disputeMoveEffects(orderId, plan), credited, payer);
      },
    };
  });
}

/** `rollups`: the day a dispute counts toward (the overview), and its shards. */
export function firestoreDisputes(db: Firestore, rollups: DayRollups): DisputesRepository {
  const disputes = db.collection(COLLECTIONS.disputes);
  const transactions = db.collection(COLLECTIONS.transactions);
  const users = db.collection(COLLECTIONS.users);

  const decide = (orderId: string, event: AppliedProviderEvent | null, judge: Judge) => decideDispute(db, rollups, orderId, event, judge);

  return {
    async find(orderId) {
      const snapshot = await disputes.doc(orderId).get();
      return snapshot.exists ? (snapshot.data() as DisputeRecord) : null;
    },

    async listNewest(limit) {
      return (await disputes.orderBy('openedAt', 'desc').limit(limit).get()).docs.map((doc) => doc.data() as DisputeRecord);
    },

    async figures(since) {
      const count = async (query: FirebaseFirestore.Query) => (await query.count().get()).data().count;
      const [open, openedSince, paidSince] = await Promise.all([
        count(disputes.where('status', 'in', ['opened', 'evidence_submitted'])),
        count(disputes.where('openedAt', '>=', since)),
        count(transactions.where('paidAt', '>=', since)),
      ]);
      return { open, openedSince, paidSince };
    },

    open: (orderId, opening, event) => decide(orderId, event, (order, dispute, gems) => planOpen(order, dispute, gems, opening)),

    move: (orderId, to, move, event) => decide(orderId, event, (order, dispute, gems) => planMove(order, dispute, gems, to, move)),

    async writeOffDebt(orderId, move) {
      const orderRef = transactions.doc(orderId);
      const disputeRef = disputes.doc(orderId);
      const owner = ((await orderRef.get()).data() as TransactionRecord | undefined)?.userId;
      if (!owner) return { done: false, why: 'This order has no dispute.' };
      const userRef = users.doc(owner);
      return commitIfUnchanged<WriteOffOutcome>(db, [orderRef, disputeRef, userRef], ([orderSnapshot, disputeSnapshot, userSnapshot]) => {
        if (!disputeSnapshot!.exists) return { result: { done: false, why: 'This order has no dispute.' } };
        const planned = planWriteOff(orderSnapshot!.data() as TransactionRecord, disputeSnapshot!.data() as DisputeRecord, playerGemsOf(userSnapshot?.data()), move);
        if (!planned.ok) return { result: { done: false, why: planned.why } };
        const { plan } = planned;
        return {
          result: { done: true as const, gems: plan.gems },
          writes: (batch, guard) => {
            batch.update(disputeRef, { debtWrittenOff: plan.dispute.debtWrittenOff, writeOffs: plan.dispute.writeOffs, updatedAt: plan.dispute.updatedAt }, guard(disputeSnapshot!));
            writeMove(db, batch, rollups, { at: move.at }, plan.effects, { snapshot: userSnapshot!, guard });
          },
        };
      });
    },

    async gemsOf(userId) {
      return playerGemsOf((await users.doc(userId).get()).data());
    },
  };
}
