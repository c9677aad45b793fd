import type { Offer } from '../../shared/offers/offer';
import { evenPartOf } from '../lib/evenPart';

/**
 * A promo code's count of uses, split so a peak of players using one code never queues behind one document
 * (Firestore sustains about one write a second to a document). offers/{id}/use_shards/{n} each count the uses
 * taken through them (`used`) and, for a code with a total cap, hold part of the uses the cap still leaves
 * (`left`). Pure rules here; the Firestore repository and the credit's commit write them.
 *
 * Kept true by every writer, so the cap is exact on any number of instances:
 * - a use is taken from a shard holding some (`left` > 0), in a commit guarded by that shard, and moves one from
 *   its `left` to its `used`;
 * - a use given back is an increment of one shard (`used` - 1, `left` + 1), which needs no guard;
 * - staff setting the cap spread what it leaves over every shard, in a commit guarded by all of them, and may not
 *   set it below the uses held now.
 * So the shards' `left` add up to the cap less the uses, and none is ever below 0.
 */

/** Enough shards for 50 purchases a second with one code at about one write a second each. */
export const CODE_USE_SHARDS = 50;

/** The subcollection of an offer that holds its use shards. */
export const USE_SHARDS = 'use_shards';

export interface UseShard {
  used: number;
  /** What the cap leaves that this shard holds (meaningless for a code with no cap, and reset when one is set). */
  left: number;
}

/**
 * The uses a code holds now: those counted on the offer before its count was split (`uses`, kept as it was),
 * and the shards' (a missing shard holds none).
 */
export function usesHeld(offer: Pick<Offer, 'uses'>, shards: ReadonlyArray<UseShard | null>): number {
  return shards.reduce((sum, shard) => sum + (shard?.used ?? 0), offer.uses ?? 0);
}

const leftInAll = (shards: ReadonlyArray<UseShard | null>) => shards.reduce((sum, shard) => sum + (shard?.left ?? 0), 0);

/**
 * The shards that do not exist yet (a code made before its count was split, or a shard a given-back use made
 * alone), as they are created: holding between them what the cap leaves that the existing shards do not hold.
 */
export function missingShards(offer: Pick<Offer, 'uses' | 'totalUses'>, shards: ReadonlyArray<UseShard | null>): Map<number, UseShard> {
  const missing = shards.flatMap((shard, index) => (shard ? [] : [index]));
  const toShare = offer.totalUses == null ? 0 : Math.max(0, offer.totalUses - usesHeld(offer, shards) - leftInAll(shards));
  return new Map(missing.map((index, nth) => [index, { used: 0, left: evenPartOf(toShare, nth, missing.length) }]));
}

/** Every shard as it stands once the missing ones are created. */
export function completeShards(offer: Pick<Offer, 'uses' | 'totalUses'>, shards: ReadonlyArray<UseShard | null>): UseShard[] {
  const created = missingShards(offer, shards);
  return shards.map((shard, index) => shard ?? created.get(index)!);
}

/**
 * The shard a new use is taken from, at random so racers spread: one that holds some of what the cap leaves, or
 * any for a code with no cap. Null when the cap leaves none.
 */
export function shardToTake(offer: Pick<Offer, 'totalUses'>, shards: readonly UseShard[], random: () => number = Math.random): number | null {
  const open = shards.flatMap((shard, index) => (offer.totalUses == null || shard.left > 0 ? [index] : []));
  return open.length === 0 ? null : open[Math.floor(random() * open.length)]!;
}

/** The shard a use is given back to: any (an increment never contends). */
export const shardToGiveBack = (random: () => number = Math.random): number => Math.floor(random() * CODE_USE_SHARDS);

/**
 * Each shard's `left` once staff set the cap to `totalUses` (0 everywhere for no cap), or null when the code
 * holds more uses than that: a cap below the uses taken cannot be kept, and staff end a code to stop it instead.
 */
export function leftForCap(totalUses: number | null, uses: number, count: number): number[] | null {
  if (totalUses !== null && totalUses < uses) return null;
  return Array.from({ length: count }, (_unused, index) => (totalUses === null ? 0 : evenPartOf(totalUses - uses, index, count)));
}
