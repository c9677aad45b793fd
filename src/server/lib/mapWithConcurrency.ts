/**
 * Runs `work` over `items` with at most `limit` calls under way at once, and answers every outcome in the
 * items' order: one failure never stops the others.
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<Array<PromiseSettledResult<R>>> {
  let given = false;
  const oneRound = async () => {
    if (given) return [];
    given = true;
    return items;
  };
  return (await mapRoundsWithConcurrency(oneRound, Math.min(limit, items.length), work)).map(({ outcome }) => outcome);
}

/**
 * As mapWithConcurrency, over items that arrive in rounds: `nextRound` answers the next items, or none when there are
 * no more, and the work on a round's items starts while the next round is fetched. With `lookahead`, the next round is
 * fetched only once at most that many items wait unstarted (work shared with other processes is taken as it can be
 * done, not all at once). Answers each item with its outcome, in the order they arrived; a round that fails is thrown
 * once the work on those before it is done.
 */
export async function mapRoundsWithConcurrency<T, R>(
  nextRound: () => Promise<readonly T[]>,
  limit: number,
  work: (item: T) => Promise<R>,
  { lookahead = Infinity }: { lookahead?: number } = {},
): Promise<Array<{ item: T; outcome: PromiseSettledResult<R> }>> {
  const items: T[] = [];
  const results: Array<PromiseSettledResult<R>> = [];
  let fetching = true;
  const signal = () => {
    let fire = () => undefined as void;
    const promise = new Promise<void>((resolve) => (fire = resolve));
    return { promise, fire };
  };
  let more = signal();
  let taken = signal();
  const announce = () => {
    more.fire();
    more = signal();
  };
  let next = 0;
  const rounds = (async () => {
    try {
      for (let round = await nextRound(); round.length > 0; round = await nextRound()) {
        items.push(...round);
        announce();
        while (items.length - next > lookahead) await taken.promise;
      }
    } finally {
      fetching = false;
      announce();
    }
  })();
  const worker = async () => {
    for (;;) {
      if (next < items.length) {
        const index = next;
        next += 1;
        taken.fire();
        taken = signal();
        try {
          results[index] = { status: 'fulfilled', value: await work(items[index]!) };
        } catch (reason) {
          results[index] = { status: 'rejected', reason };
        }
      } else if (fetching) {
        await more.promise;
      } else {
        return;
      }
    }
  };
  const workers = Promise.all(Array.from({ length: limit }, worker));
  await Promise.allSettled([rounds]);
  await workers;
  await rounds;
  return items.map((item, index) => ({ item, outcome: results[index]! }));
}
