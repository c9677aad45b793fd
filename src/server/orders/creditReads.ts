import { FieldValue, type DocumentReference, type DocumentSnapshot, type Firestore, type Precondition, type WriteBatch } from 'firebase-admin/firestore';
import { creditAgainstDebt, gemDebtOf, playerGemsOf } from '../../shared/balance';
import { COLLECTIONS, OFFER_USES } from '../../shared/firestorePaths';
import type { Offer } from '../../shared/offers/offer';
import { dateIn } from '../../shared/protections/age';
import { buyerStanding, protectionsOf } from '../../shared/protections/playerProtections';
import { codeUseLeftOf, creditRefusalOf, monthOf, needsCodeUseAgain, paidInMonthOf, type CreditFacts, type FirstPaidOrder } from './creditRules';
import type { TransactionRecord } from './orderRules';

/** The documents a credit reads with its order, and a key that tells one set from another. */
export interface CreditReads {
  key: string;
  refs: DocumentReference[];
}

/** Where each document of a credit's reads stands after the order. */
const [FIRST_PAID, PROTECTIONS, SLOTS, PLAYER, OFFER, PLAYER_USES] = [0, 1, 2, 3, 4, 5];

type Guard = (snapshot: DocumentSnapshot) => Precondition;

/**
 * What the commit that credits an order reads and writes besides the order, in Firestore (./creditRules decides
 * from it): the player's first paid order (first_purchase_bonuses/{uid}), their protections, their slots document
 * as the guard of their month's paid money, their gems (users/{uid}, for a debt the credit pays first), and a
 * released promo code's offer and uses. `timeZone` is
 * STORE_TIME_ZONE, the zone a month and an age are counted in.
 */
export function creditReads(db: Firestore, timeZone: string) {
  const transactions = db.collection(COLLECTIONS.transactions);
  const records = (docs: Array<{ data(): unknown }>) => docs.map((doc) => doc.data() as TransactionRecord);
  const firstPaidRef = (uid: string) => db.collection(COLLECTIONS.firstPurchaseBonuses).doc(uid);
  const offerRefs = (record: TransactionRecord) => {
    const offer = db.collection(COLLECTIONS.offers).doc(record.offer!.id);
    return { offer, playerUses: offer.collection(OFFER_USES).doc(record.userId) };
  };

  /**
   * A player credited before the store kept their first paid order: an order of theirs credited already is it.
   * Asked only for an order carrying a first-purchase bonus, the one credit it decides.
   */
  const legacyFirstPaid = async (record: TransactionRecord): Promise<FirstPaidOrder | null> => {
    if (record.offer?.kind !== 'firstPurchase' || record.offer.bonusGems === 0) return null;
    const first = records((await transactions.where('userId', '==', record.userId).where('checked', '==', 1).limit(1).get()).docs)[0];
    return first ? { orderId: first.order_id, gems: 0 } : null;
  };

  return {
    firstPaidRef,

    /** The documents a credit of the order reads with it. */
    readsOf(record: TransactionRecord): CreditReads {
      const refs = [
        firstPaidRef(record.userId),
        db.collection(COLLECTIONS.playerProtections).doc(record.userId),
        db.collection(COLLECTIONS.openOrderSlots).doc(record.userId),
        db.collection(COLLECTIONS.users).doc(record.userId),
      ];
      if (!needsCodeUseAgain(record)) return { key: 'credit', refs };
      const { offer, playerUses } = offerRefs(record);
      return { key: `credit+${record.offer!.id}`, refs: [...refs, offer, playerUses] };
    },

    /**
     * The credit's facts from what the commit read. For a player with a spending limit, the month's orders are read
     * now, after the slots document the commit guards: a racing credit of the player changes that document, so this
     * commit loses and reads the month again.
     */
    async factsFrom(record: TransactionRecord, read: DocumentSnapshot[], now: number): Promise<{ facts: CreditFacts; guardsMonth: boolean }> {
      const protections = protectionsOf(read[PROTECTIONS]!.data());
      const today = dateIn(timeZone, now);
      const guardsMonth = buyerStanding(protections, now, today).spendingLimitCents !== null;
      const month = monthOf(timeZone, record.createdAt);
      const monthOrders = guardsMonth
        ? records((await transactions.where('userId', '==', record.userId).where('createdAt', '>=', month.from).where('createdAt', '<', month.to).get()).docs)
        : [];
      const firstPaid = (read[FIRST_PAID]!.data() as FirstPaidOrder | undefined) ?? (await legacyFirstPaid(record));
      const codeUseLeft = needsCodeUseAgain(record)
        ? codeUseLeftOf((read[OFFER]!.data() as Offer | undefined) ?? null, (read[PLAYER_USES]!.data()?.count as number | undefined) ?? 0)
        : null;
      const refusal = creditRefusalOf(record, protections, paidInMonthOf(record, monthOrders, month), now, today);
      return { facts: { firstPaid, codeUseLeft, refusal, gemDebt: gemDebtOf(read[PLAYER]!.data()) }, guardsMonth };
    },

    /**
     * Adds the credit to the player: an increment, unless it pays a debt first, which is written as the balance and
     * the debt read less what it paid, guarded by the player's document as read (a racing take-back reads again).
     */
    writeCredit(batch: WriteBatch, guard: Guard, read: DocumentSnapshot[] | null, userId: string, credit: number, debtPaid: number) {
      const player = read?.[PLAYER];
      if (debtPaid === 0 || !player?.exists) {
        batch.set(db.collection(COLLECTIONS.users).doc(userId), { gemCount: FieldValue.increment(credit) }, { merge: true });
        return;
      }
      const { after } = creditAgainstDebt(playerGemsOf(player.data()), credit);
      batch.update(player.ref, { gemCount: after.balance, gemDebt: after.debt }, guard(player));
    },

    /** Changes the player's slots document, so a racing credit of theirs (or a new order's hold) reads again. */
    guardPlayer(batch: WriteBatch, guard: Guard, read: DocumentSnapshot[], now: number) {
      const slots = read[SLOTS]!;
      if (slots.exists) batch.update(slots.ref, { lastCreditAt: now }, guard(slots));
      else batch.create(slots.ref, { slots: {}, lastCreditAt: now });
    },

    /** A code's use given back is an increment; one taken again is guarded by the code and the player's uses as read, so a cap holds. */
    writeCodeUse(batch: WriteBatch, guard: Guard, record: TransactionRecord, codeUse: -1 | 0 | 1, read: DocumentSnapshot[]) {
      if (codeUse === 0) return;
      const { offer, playerUses } = offerRefs(record);
      if (codeUse < 0) {
        batch.set(offer, { uses: FieldValue.increment(-1) }, { merge: true });
        batch.set(playerUses, { count: FieldValue.increment(-1) }, { merge: true });
        return;
      }
      const [offerRead, usesRead] = [read[OFFER]!, read[PLAYER_USES]!];
      batch.update(offer, { uses: ((offerRead.data() as Offer).uses ?? 0) + 1 }, guard(offerRead));
      if (usesRead.exists) batch.update(playerUses, { count: ((usesRead.data()!.count as number | undefined) ?? 0) + 1 }, guard(usesRead));
      else batch.create(playerUses, { count: 1 });
    },
  };
}
