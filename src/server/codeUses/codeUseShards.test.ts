import { evenPartOf } from '../lib/evenPart';
import { CODE_USE_SHARDS, completeShards, leftForCap, missingShards, shardToGiveBack, shardToTake, usesHeld, type UseShard } from './codeUseShards';

/** A seeded random, so a failing sequence can be run again. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const noShards = (): Array<UseShard | null> => Array.from({ length: CODE_USE_SHARDS }, () => null);

describe('a promo code’s use shards', () => {
  it('share what a cap leaves over the shards, the first ones one more', () => {
    expect(Array.from({ length: 4 }, (_unused, index) => evenPartOf(10, index, 4))).toEqual([3, 3, 2, 2]);
    expect(Array.from({ length: 4 }, (_unused, index) => evenPartOf(2, index, 4))).toEqual([1, 1, 0, 0]);
  });

  it('a code counted before its uses were split keeps them on the offer, and its shards are created holding what the cap leaves', () => {
    const legacy = { uses: 30, totalUses: 50 };
    const shards = completeShards(legacy, noShards());
    expect(shards.reduce((sum, shard) => sum + shard.left, 0)).toBe(20);
    expect(usesHeld(legacy, shards)).toBe(30);
    // A use given back before the shards existed made one alone: the others hold the rest.
    const alone = noShards();
    alone[7] = { used: -1, left: 1 };
    const created = missingShards(legacy, alone);
    expect(created.size).toBe(CODE_USE_SHARDS - 1);
    expect([...created.values()].reduce((sum, shard) => sum + shard.left, 0)).toBe(20);
    expect(usesHeld(legacy, completeShards(legacy, alone))).toBe(29);
  });

  it('take a use only from a shard holding some, and none once the cap is reached', () => {
    const shards = completeShards({ uses: 0, totalUses: 2 }, noShards());
    const first = shardToTake({ totalUses: 2 }, shards, () => 0.99)!;
    expect(shards[first]!.left).toBe(1);
    expect(shardToTake({ totalUses: 2 }, shards.map((shard) => ({ ...shard, left: 0 })))).toBeNull();
    // No cap: any shard.
    expect(shardToTake({ totalUses: null }, shards.map((shard) => ({ ...shard, left: 0 })), () => 0.5)).toBe(CODE_USE_SHARDS / 2);
  });

  it('refuse a cap below the uses held, and spread the rest of one at or above them', () => {
    expect(leftForCap(10, 11, 4)).toBeNull();
    expect(leftForCap(10, 10, 4)).toEqual([0, 0, 0, 0]);
    expect(leftForCap(10, 3, 4)).toEqual([2, 2, 2, 1]);
    expect(leftForCap(null, 3, 2)).toEqual([0, 0]);
  });

  it('hold the cap exactly through any sequence of uses taken, given back and caps set', () => {
    for (let seed = 1; seed <= 20; seed += 1) {
      const random = seeded(seed);
      const offer = { uses: Math.floor(random() * 5), totalUses: 40 as number | null };
      let shards = completeShards(offer, noShards());
      let taken = 0;
      for (let step = 0; step < 400; step += 1) {
        const roll = random();
        if (roll < 0.6) {
          const shard = shardToTake(offer, shards, random);
          const uses = usesHeld(offer, shards);
          if (offer.totalUses !== null) expect(shard === null).toBe(uses >= offer.totalUses);
          if (shard === null) continue;
          shards[shard] = { used: shards[shard]!.used + 1, left: shards[shard]!.left - 1 };
          taken += 1;
        } else if (roll < 0.95) {
          if (taken === 0) continue;
          const shard = shardToGiveBack(random);
          shards[shard] = { used: shards[shard]!.used - 1, left: shards[shard]!.left + 1 };
          taken -= 1;
        } else {
          const totalUses = random() < 0.2 ? null : Math.floor(random() * 60);
          const left = leftForCap(totalUses, usesHeld(offer, shards), shards.length);
          if (!left) continue;
          offer.totalUses = totalUses;
          shards = shards.map((shard, index) => ({ ...shard, left: left[index]! }));
        }
        const uses = usesHeld(offer, shards);
        expect(uses).toBe(offer.uses + taken);
        if (offer.totalUses === null) continue;
        expect(uses).toBeLessThanOrEqual(offer.totalUses);
        expect(shards.reduce((sum, shard) => sum + shard.left, 0)).toBe(offer.totalUses - uses);
        expect(shards.every((shard) => shard.left >= 0)).toBe(true);
      }
    }
  });
});
