import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { GemPack } from '../../shared/catalogue';
import { COLLECTIONS, OFFER_AUDIT, OFFER_USES } from '../../shared/firestorePaths';
import type { Offer } from '../../shared/offers/offer';
import type { OfferAuditEntry } from '../../shared/offers/offerAudit';
import { commitIfUnchanged } from '../firebase/commitIfUnchanged';
import { codeRefusal } from './offerRules';

export type CodeUseOutcome = { reserved: true } | { reserved: false; message: string };

/** Where offers live: offers/{id} with their audit trail and each player's uses of a code. Firestore in the store; maps in unit tests. */
export interface OffersRepository {
  /** Every offer, newest change first (support's list). */
  list(): Promise<Offer[]>;
  /** The public offers staff have not ended (what the shop and order creation choose from). */
  activePublic(): Promise<Offer[]>;
  find(id: string): Promise<Offer | null>;
  /** How many orders of the player hold a use of the code's offer. */
  usesBy(offerId: string, uid: string): Promise<number>;
  /**
   * Stores the offer as `after` with its audit entry, in one commit that holds only if the offer is still as
   * `before` (null: it must not exist yet), so two staff editing at once cannot overwrite each other unseen.
   * An existing offer's uses are never written here. Answers false when staff changed it meanwhile.
   */
  save(before: Offer | null, after: Offer, entry: OfferAuditEntry): Promise<boolean>;
  audit(id: string): Promise<OfferAuditEntry[]>;
  /**
   * Takes one use of a promo code for an order, if the code may still be used on the pack by the player
   * (codeRefusal): in one commit guarded by the offer and the player's uses, so racing orders on any instance
   * take the last use once.
   */
  reserveCodeUse(offerId: string, uid: string, pack: GemPack, now: number): Promise<CodeUseOutcome>;
  /** Gives a use back: the order was never made. (An order that ends unpaid gives its use back in its own commit.) */
  releaseCodeUse(offerId: string, uid: string): Promise<void>;
}

export function firestoreOffers(db: Firestore): OffersRepository {
  const offers = db.collection(COLLECTIONS.offers);
  const usesOf = (offerId: string, uid: string) => offers.doc(offerId).collection(OFFER_USES).doc(uid);
  return {
    async list() {
      return (await offers.orderBy('updatedAt', 'desc').get()).docs.map((doc) => doc.data() as Offer);
    },
    async activePublic() {
      return (await offers.where('public', '==', true).where('active', '==', true).get()).docs.map((doc) => doc.data() as Offer);
    },
    async find(id) {
      const snapshot = await offers.doc(id).get();
      return snapshot.exists ? (snapshot.data() as Offer) : null;
    },
    async usesBy(offerId, uid) {
      return ((await usesOf(offerId, uid).get()).data()?.count as number | undefined) ?? 0;
    },
    save(before, after, entry) {
      const ref = offers.doc(after.id);
      return commitIfUnchanged(db, [ref], ([snapshot]) => {
        const stored = snapshot!.exists ? (snapshot!.data() as Offer) : null;
        if ((stored?.updatedAt ?? null) !== (before?.updatedAt ?? null)) return { result: false };
        return {
          result: true,
          writes: (batch, guard) => {
            // What staff changed, never the uses: those are counted by the commits that take and give them back,
            // and an edit made from a read taken before a use would otherwise write the count back.
            const { uses: _counted, ...edited } = after;
            if (stored) batch.update(ref, edited, guard(snapshot!));
            else batch.create(ref, after);
            batch.create(ref.collection(OFFER_AUDIT).doc(), entry);
          },
        };
      });
    },
    async audit(id) {
      return (await offers.doc(id).collection(OFFER_AUDIT).orderBy('at', 'desc').get()).docs.map((doc) => doc.data() as OfferAuditEntry);
    },
    reserveCodeUse(offerId, uid, pack, now) {
      const ref = offers.doc(offerId);
      const playerRef = usesOf(offerId, uid);
      return commitIfUnchanged<CodeUseOutcome>(db, [ref, playerRef], ([offer, player]) => {
        const stored = offer!.exists ? (offer!.data() as Offer) : null;
        const playerUses = (player!.data()?.count as number | undefined) ?? 0;
        const refusal = codeRefusal(stored, pack, now, playerUses);
        if (refusal) return { result: { reserved: false, message: refusal } };
        return {
          result: { reserved: true },
          writes: (batch, guard) => {
            batch.update(ref, { uses: (stored!.uses ?? 0) + 1 }, guard(offer!));
            if (player!.exists) batch.update(playerRef, { count: playerUses + 1 }, guard(player!));
            else batch.create(playerRef, { count: 1 });
          },
        };
      });
    },
    async releaseCodeUse(offerId, uid) {
      const batch = db.batch();
      batch.update(offers.doc(offerId), { uses: FieldValue.increment(-1) });
      batch.set(usesOf(offerId, uid), { count: FieldValue.increment(-1) }, { merge: true });
      await batch.commit();
    },
  };
}
