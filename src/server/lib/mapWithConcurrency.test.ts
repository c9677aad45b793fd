import { mapRoundsWithConcurrency, mapWithConcurrency } from './mapWithConcurrency';

describe('mapWithConcurrency', () => {
  it('keeps at most `limit` calls under way, answers in order, and survives failures', async () => {
    let running = 0;
    let most = 0;
    const results = await mapWithConcurrency([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5 * (8 - n)));
      running -= 1;
      if (n === 4) throw new Error('four');
      return n * 10;
    });
    expect(most).toBe(3);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : 'failed'))).toEqual([10, 20, 30, 'failed', 50, 60, 70]);
  });

  it('does nothing with nothing', async () => {
    expect(await mapWithConcurrency([], 4, async () => 1)).toEqual([]);
  });
});

describe('mapRoundsWithConcurrency', () => {
  it('works on a round while the next is fetched, within `limit`, and answers every item in arrival order', async () => {
    const rounds = [[1, 2, 3], [4, 5], [6]];
    const started: number[] = [];
    let fetched = 0;
    let running = 0;
    let most = 0;
    const nextRound = async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      // While the second round was fetched, the first one's work began.
      if (fetched === 1) expect(started).toEqual([1, 2]);
      return rounds[fetched++] ?? [];
    };
    const outcomes = await mapRoundsWithConcurrency(nextRound, 2, async (n) => {
      started.push(n);
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 15));
      running -= 1;
      if (n === 5) throw new Error('five');
      return n * 10;
    });
    expect(most).toBe(2);
    expect(outcomes.map(({ item, outcome }) => [item, outcome.status === 'fulfilled' ? outcome.value : 'failed'])).toEqual([
      [1, 10], [2, 20], [3, 30], [4, 40], [5, 'failed'], [6, 60],
    ]);
  });

  it('with a lookahead, fetches the next round only once that few items wait unstarted', async () => {
    const waitingAtFetch: number[] = [];
    let fetched = 0;
    let started = 0;
    const nextRound = async () => {
      waitingAtFetch.push(fetched * 4 - started);
      fetched += 1;
      return fetched <= 3 ? [1, 2, 3, 4] : [];
    };
    const outcomes = await mapRoundsWithConcurrency(
      nextRound,
      1,
      async () => {
        started += 1;
        await new Promise((resolve) => setTimeout(resolve, 2));
      },
      { lookahead: 1 },
    );
    expect(outcomes).toHaveLength(12);
    // Never fetched with more than one item still waiting (without the lookahead, all three rounds come at once).
    expect(Math.max(...waitingAtFetch)).toBeLessThanOrEqual(1);
    expect(waitingAtFetch).toHaveLength(4);
  });

  it('throws a round that failed once the work on the rounds before it is done', async () => {
    const done: number[] = [];
    let fetched = 0;
    const nextRound = async () => {
      fetched += 1;
      if (fetched === 2) throw new Error('the claim failed');
      return [1, 2];
    };
    await expect(mapRoundsWithConcurrency(nextRound, 4, async (n) => done.push(n))).rejects.toThrow('the claim failed');
    expect(done).toEqual([1, 2]);
  });
});
