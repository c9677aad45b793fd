import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import type { GemPack } from '../../shared/catalogue';
import { COLLECTIONS, OFFER_AUDIT, OFFER_USES } from '../../shared/firestorePaths';
import type { Offer } from '../../shared/offers/offer';
import type { OfferAuditEntry } from '../../shared/offers/offerAudit';
import { commitIfUnchanged } from '../firebase/commitIfUnchanged';
import { leftForCap } from '../codeUses/codeUseShards';
import { firestoreCodeUses } from '../codeUses/firestoreCodeUses';
import { codeRefusal, promoCodeMessages } from './offerRules';

export type CodeUseOutcome = { reserved: true } | { reserved: false; message: string };

/** A save that did not happen: staff changed the offer meanwhile, or the cap asked for is below the uses held now. */
export type SaveOutcome = { saved: true } | { saved: false; why: 'changedMeanwhile' } | { saved: false; why: 'capBelowUses'; uses: number };

/**
 * Where offers live: offers/{id} with their audit trail, each player's uses of a code, and a code's use shards
 * (./codeUseShards). Firestore in the store; maps in unit tests. A code is answered with the uses it holds now.
 */
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
   * An existing offer's uses are never written here; a code's cap is spread over its shards in the same commit.
   */
  save(before: Offer | null, after: Offer, entry: OfferAuditEntry): Promise<SaveOutcome>;
  audit(id: string): Promise<OfferAuditEntry[]>;
  /**
   * Takes one use of a promo code for an order, if the code may still be used on the pack by the player
   * (codeRefusal): in one commit guarded by a use shard that still holds one and the player's uses, so racing
   * orders on any instance take the last use once, and a peak spreads over the shards.
   */
  reserveCodeUse(offerId: string, uid: string, pack: GemPack, now: number): Promise<CodeUseOutcome>;
  /** Gives a use back: the order was never made. (An order that ends unpaid gives its use back in its own commit.) */
  releaseCodeUse(offerId: string, uid: string): Promise<void>;
}

export function firestoreOffers(db: Firestore): OffersRepository {
  const offers = db.collection(COLLECTIONS.offers);
  const codeUses = firestoreCodeUses(db);
  const usesOf = (offerId: string, uid: string) => offers.doc(offerId).collection(OFFER_USES).doc(uid);
  /** A code's uses live in its shards: the offer is read with them. */
  const withUses = async (offer: DocumentSnapshot): Promise<Offer | null> => {
    if (!offer.exists || (offer.data() as Offer).kind !== 'promoCode') return offer.exists ? (offer.data() as Offer) : null;
    return codeUses.offerWithUses(offer, await db.getAll(...codeUses.shardRefs(offer.id)));
  };
  return {
    async list() {
      const snapshots = (await offers.orderBy('updatedAt', 'desc').get()).docs;
      return (await Promise.all(snapshots.map(withUses))) as Offer[];
    },
    async activePublic() {
      // A promo code is never public: these hold no uses.
      return (await offers.where('public', '==', true).where('active', '==', true).get()).docs.map((doc) => doc.data() as Offer);
    },
    async find(id) {
      return withUses(await offers.doc(id).get());
    },
    async usesBy(offerId, uid) {
      return ((await usesOf(offerId, uid).get()).data()?.count as number | undefined) ?? 0;
    },
    save(before, after, entry) {
      const ref = offers.doc(after.id);
      const shardRefs = after.kind === 'promoCode' ? codeUses.shardRefs(after.id) : [];
      return commitIfUnchanged<SaveOutcome>(db, [ref, ...shardRefs], ([snapshot, ...shards]) => {
        const stored = snapshot!.exists ? (snapshot!.data() as Offer) : null;
        if ((stored?.updatedAt ?? null) !== (before?.updatedAt ?? null)) return { result: { saved: false, why: 'changedMeanwhile' } };
        const uses = codeUses.offerWithUses(snapshot!, shards)?.uses ?? 0;
        const left = leftForCap(after.totalUses ?? null, uses, shardRefs.length);
        if (!left) return { result: { saved: false, why: 'capBelowUses', uses } };
        return {
          result: { saved: true },
          writes: (batch, guard) => {
            // What staff changed, never the uses: those are counted by the commits that take and give them back,
            // and an edit made from a read taken before a use would otherwise write the count back.
            const { uses: _counted, ...edited } = after;
            if (stored) batch.update(ref, edited, guard(snapshot!));
            else batch.create(ref, after);
            // Every shard is written, guarded as read: a use taken meanwhile (from the offer as it was) makes this
            // commit lose, and one taken after it reads the offer as saved.
            shards.forEach((shard, index) => {
              if (!shard.exists) batch.create(shard.ref, { used: 0, left: left[index]! });
              else batch.update(shard.ref, { left: left[index]! }, guard(shard));
            });
            batch.create(ref.collection(OFFER_AUDIT).doc(), entry);
          },
        };
      });
    },
    async audit(id) {
      return (await offers.doc(id).collection(OFFER_AUDIT).orderBy('at', 'desc').get()).docs.map((doc) => doc.data() as OfferAuditEntry);
    },
    reserveCodeUse(offerId, uid, pack, now) {
      return commitIfUnchanged<CodeUseOutcome>(
        db,
        codeUses.refsToTake(offerId, uid),
        (snapshots) => {
          const read = codeUses.read(snapshots);
          const refusal = codeRefusal(read.offer, pack, now, read.playerUses);
          if (refusal) return { result: { reserved: false, message: refusal } };
          const shard = codeUses.shardToTake(read);
          if (shard === null) return { result: { reserved: false, message: promoCodeMessages.usedUp } };
          return { result: { reserved: true }, writes: (batch, guard) => codeUses.writeTake(batch, guard, read, shard) };
        },
        // A racer that took the shard first leaves others: read again and take one of those.
        { attempts: 10 },
      );
    },
    async releaseCodeUse(offerId, uid) {
      const batch = db.batch();
      codeUses.writeGiveBack(batch, offerId, uid);
      await batch.commit();
    },
  };
}
