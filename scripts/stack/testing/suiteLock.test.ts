import { startSuiteLock, turnsSummary, type SuiteLock } from './suiteLock';

describe('the suites’ lock', () => {
  let lock: SuiteLock;
  beforeEach(async () => {
    lock = await startSuiteLock();
  });
  afterEach(() => lock.stop());

  const ask = async (holder: string, mode: 'shared' | 'alone') => ((await (await fetch(`${lock.url}/acquire?holder=${encodeURIComponent(holder)}&mode=${mode}`, { method: 'POST' })).json()) as { granted: boolean }).granted;
  const release = (holder: string) => fetch(`${lock.url}/release?holder=${encodeURIComponent(holder)}`, { method: 'POST' });
  const me = process.pid;

  it('lets two sharing suites run together, a suite that runs alone only once they are done, and none beside it', async () => {
    expect([await ask(`${me} a`, 'shared'), await ask(`${me} b`, 'shared')]).toEqual([true, true]);
    expect(await ask(`${me} alone`, 'alone')).toBe(false);
    // Asked after the one waiting to run alone, a sharing suite waits too: it is not passed.
    expect(await ask(`${me} c`, 'shared')).toBe(false);
    await release(`${me} a`);
    expect(await ask(`${me} alone`, 'alone')).toBe(false);
    await release(`${me} b`);
    expect([await ask(`${me} alone`, 'alone'), await ask(`${me} c`, 'shared')]).toEqual([true, false]);
    await release(`${me} alone`);
    expect(await ask(`${me} c`, 'shared')).toBe(true);
    // Each turn is kept, in the order the suites gave the lock back, with its mode; the summary names the longest first.
    expect(lock.turns().map(({ suite, mode }) => `${suite} ${mode}`)).toEqual(['a shared', 'b shared', 'alone alone']);
    expect(lock.turns().every((turn) => turn.heldMs >= 0 && turn.waitedMs >= 0)).toBe(true);
    expect(turnsSummary([{ suite: 'x.test.ts', mode: 'alone', waitedMs: 5_000, heldMs: 61_000 }, { suite: 'y.test.ts', mode: 'shared', waitedMs: 0, heldMs: 2_000 }])).toBe(
      ['System suites held the machine 61 s alone and 2 s shared (summed over both workers); the longest:', '  x.test.ts 61 s alone, after waiting 5 s', '  y.test.ts 2 s shared'].join('\n'),
    );
  });

  it('takes the lock back from a worker that died holding it', async () => {
    // A pid no process has (above Linux's largest).
    expect(await ask('4194305 crashed', 'alone')).toBe(true);
    expect(await ask(`${me} next`, 'shared')).toBe(true);
  });
});
