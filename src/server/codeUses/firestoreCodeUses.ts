import { FieldValue, type DocumentReference, type DocumentSnapshot, type Firestore, type Precondition, type WriteBatch } from 'firebase-admin/firestore';
import { COLLECTIONS, OFFER_USES } from '../../shared/firestorePaths';
import type { Offer } from '../../shared/offers/offer';
import { CODE_USE_SHARDS, completeShards, missingShards, shardToGiveBack, shardToTake, usesHeld, USE_SHARDS, type UseShard } from './codeUseShards';

type Guard = (snapshot: DocumentSnapshot) => Precondition;

/** What a commit that takes a code's use read: the offer, the player's uses of it, and its use shards. */
export interface CodeUseRead {
  /** The offer as stored, its `uses` those held now; null when there is none. */
  offer: Offer | null;
  playerUses: number;
  /** Each shard as it stands once the missing ones are created. */
  shards: UseShard[];
  snapshots: DocumentSnapshot[];
}

/**
 * A promo code's uses in Firestore (./codeUseShards says how they are split): the documents a commit that takes
 * one reads, and the writes that take one or give one back. The offers repository and the credit's commit (a
 * late payment taking a use again) both write through here.
 */
export function firestoreCodeUses(db: Firestore) {
  const offerRef = (offerId: string) => db.collection(COLLECTIONS.offers).doc(offerId);
  const playerUsesRef = (offerId: string, uid: string) => offerRef(offerId).collection(OFFER_USES).doc(uid);
  const shardRefs = (offerId: string) => Array.from({ length: CODE_USE_SHARDS }, (_unused, index) => offerRef(offerId).collection(USE_SHARDS).doc(String(index)));
  const shardsOf = (snapshots: DocumentSnapshot[]) => snapshots.map((snapshot) => (snapshot.exists ? (snapshot.data() as UseShard) : null));

  return {
    shardRefs,

    /** The offer with the uses it holds, from the offer's snapshot and its shards'. */
    offerWithUses(offer: DocumentSnapshot, shards: DocumentSnapshot[]): Offer | null {
      if (!offer.exists) return null;
      const stored = offer.data() as Offer;
      return stored.kind === 'promoCode' ? { ...stored, uses: usesHeld(stored, shardsOf(shards)) } : stored;
    },

    /** The documents a commit that takes a use of the code by the player reads, in the order `read` takes them. */
    refsToTake(offerId: string, uid: string): DocumentReference[] {
      return [offerRef(offerId), playerUsesRef(offerId, uid), ...shardRefs(offerId)];
    },

    read(snapshots: DocumentSnapshot[]): CodeUseRead {
      const [offer, player, ...shards] = snapshots;
      const stored = offer!.exists ? (offer!.data() as Offer) : null;
      return {
        offer: this.offerWithUses(offer!, shards),
        playerUses: (player!.data()?.count as number | undefined) ?? 0,
        shards: stored ? completeShards(stored, shardsOf(shards)) : [],
        snapshots,
      };
    },

    /** The shard a use is taken from (./codeUseShards shardToTake); null when the cap leaves none. */
    shardToTake(read: CodeUseRead, random: () => number = Math.random): number | null {
      return read.offer ? shardToTake(read.offer, read.shards, random) : null;
    },

    /**
     * Takes one use through `shard`: creates the shards that are missing, moves one of the shard's `left` to its
     * `used` guarded by it as read (a racer that took it first makes this commit lose), and counts the player's.
     */
    writeTake(batch: WriteBatch, guard: Guard, read: CodeUseRead, shard: number) {
      const [offer, player, ...snapshots] = read.snapshots;
      const stored = offer!.data() as Offer;
      const created = missingShards(stored, shardsOf(snapshots));
      for (const [index, values] of created) {
        const taken = index === shard ? { used: values.used + 1, left: values.left - 1 } : values;
        batch.create(snapshots[index]!.ref, taken);
      }
      if (!created.has(shard)) {
        const { used, left } = read.shards[shard]!;
        batch.update(snapshots[shard]!.ref, { used: used + 1, left: left - 1 }, guard(snapshots[shard]!));
      }
      if (player!.exists) batch.update(player!.ref, { count: read.playerUses + 1 }, guard(player!));
      else batch.create(player!.ref, { count: 1 });
    },

    /** Gives one use back: increments of a shard at random and of the player's uses, which commute with any racer. */
    writeGiveBack(batch: WriteBatch, offerId: string, uid: string, random: () => number = Math.random) {
      const shard = shardRefs(offerId)[shardToGiveBack(random)]!;
      batch.set(shard, { used: FieldValue.increment(-1), left: FieldValue.increment(1) }, { merge: true });
      batch.set(playerUsesRef(offerId, uid), { count: FieldValue.increment(-1) }, { merge: true });
    },
  };
}
