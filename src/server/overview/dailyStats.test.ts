import { nextDayShard } from './dailyStats';

describe("the day's count shards", () => {
  it('are written in turn by an instance: every shard once before any shard twice, so a burst spreads over all of them', () => {
    const shards = 100;
    const round = Array.from({ length: shards }, () => nextDayShard(shards));
    expect(new Set(round).size).toBe(shards);
    const next = Array.from({ length: shards }, () => nextDayShard(shards));
    expect(next).toEqual(round);
  });
});
