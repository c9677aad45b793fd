import { type DocumentReference, type DocumentSnapshot, type Firestore, type Precondition, type WriteBatch } from 'firebase-admin/firestore';
import { gemDebtOf } from '../../shared/balance';
import { COLLECTIONS } from '../../shared/firestorePaths';
import { firestoreCodeUses } from '../codeUses/firestoreCodeUses';
import { dateIn } from '../../shared/protections/age';
import { buyerStanding, protectionsOf } from '../../shared/protections/playerProtections';
import { codeUseLeftOf, creditRefusalOf, isRecentGiftClaimer, monthOf, needsCodeUseAgain, paidInMonthOf, type CreditFacts, type FirstPaidOrder } from './creditRules';
import type { TransactionRecord } from './orderRules';
import { creditedUidOf } from '../ledger/orderMoves';

/** The documents a credit reads with its order, and a key that tells one set from another. */
export interface CreditReads {
  key: string;
  refs: DocumentReference[];
}

/**
 * Where each document of a credit's reads stands after the order (a released code's reads follow from CODE_USE on; a
 * gift, which has no offer, reads its payer's users document there instead).
 */
const [FIRST_PAID, PROTECTIONS, SLOTS, PLAYER, CODE_USE] = [0, 1, 2, 3, 4];
const GIFT_PAYER = CODE_USE;

type Guard = (snapshot: DocumentSnapshot) => Precondition;

/**
 * What the commit that credits an order reads and writes besides the order, in Firestore (./creditRules decides
 * from it): the player's first paid order (first_purchase_bonuses/{uid}), their protections, their slots document
 * as the guard of their month's paid money, their gems (users/{uid}, for a debt the credit pays first), and a
 * released promo code's offer, the player's uses and its use shards (../offers/firestoreCodeUses). `timeZone` is
 * STORE_TIME_ZONE, the zone a month and an age are counted in.
 */
export function creditReads(db: Firestore, timeZone: string) {
  const transactions = db.collection(COLLECTIONS.transactions);
  const records = (docs: Array<{ data(): unknown }>) => docs.map((doc) => doc.data() as TransactionRecord);
  const firstPaidRef = (uid: string) => db.collection(COLLECTIONS.firstPurchaseBonuses).doc(uid);
  const codeUses = firestoreCodeUses(db);

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
      // The payer's first paid order, protections and month; the gems of the player credited (a gift's recipient).
      const refs = [
        firstPaidRef(record.userId),
        db.collection(COLLECTIONS.playerProtections).doc(record.userId),
        db.collection(COLLECTIONS.openOrderSlots).doc(record.userId),
        db.collection(COLLECTIONS.users).doc(creditedUidOf(record)),
      ];
      if (record.gift) return { key: 'credit+gift', refs: [...refs, db.collection(COLLECTIONS.users).doc(record.userId)] };
      if (!needsCodeUseAgain(record)) return { key: 'credit', refs };
      return { key: `credit+${record.offer!.id}`, refs: [...refs, ...codeUses.refsToTake(record.offer!.id, record.userId)] };
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
      const code = needsCodeUseAgain(record) ? codeUses.read(read.slice(CODE_USE)) : null;
      const codeUseLeft = code ? codeUseLeftOf(code.offer, code.playerUses) && codeUses.shardToTake(code) !== null : null;
      const refusal = creditRefusalOf(record, protections, paidInMonthOf(record, monthOrders, month), now, today);
      const player = read[PLAYER]!.data();
      // A daily gift's claimer is the payer (a gift's recipient claims for themselves).
      const payer = record.gift ? read[GIFT_PAYER]!.data() : player;
      return { facts: { firstPaid, codeUseLeft, refusal, gemDebt: gemDebtOf(player), giftClaimer: isRecentGiftClaimer(payer?.lastGiftDay, today) }, guardsMonth };
    },

    /** The credited player's document (users/{uid}) as the commit read it: the ledger's door writes the credit from it. */
    playerOf: (read: DocumentSnapshot[]) => read[PLAYER]!,

    /** A gift's payer's document as the commit read it (their line of the gift is written from it); null for any other order. */
    giftPayerOf: (record: TransactionRecord, read: DocumentSnapshot[]) => (record.gift ? read[GIFT_PAYER]! : null),

    /** Changes the player's slots document, so a racing credit of theirs (or a new order's hold) reads again. */
    guardPlayer(batch: WriteBatch, guard: Guard, read: DocumentSnapshot[], now: number) {
      const slots = read[SLOTS]!;
      if (slots.exists) batch.update(slots.ref, { lastCreditAt: now }, guard(slots));
      else batch.create(slots.ref, { slots: {}, lastCreditAt: now });
    },

    /**
     * A code's use given back is an increment; one taken again goes through a shard that still holds one, guarded
     * as read with the player's uses, so a cap holds.
     */
    writeCodeUse(batch: WriteBatch, guard: Guard, record: TransactionRecord, codeUse: -1 | 0 | 1, read: DocumentSnapshot[]) {
      if (codeUse === 0) return;
      if (codeUse < 0) {
        codeUses.writeGiveBack(batch, record.offer!.id, record.userId);
        return;
      }
      const code = codeUses.read(read.slice(CODE_USE));
      codeUses.writeTake(batch, guard, code, codeUses.shardToTake(code)!);
    },
  };
}
