import { mapWithConcurrency } from './mapWithConcurrency';

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
