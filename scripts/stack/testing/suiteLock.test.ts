import { startSuiteLock, type SuiteLock } from './suiteLock';

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
  });

  it('takes the lock back from a worker that died holding it', async () => {
    // A pid no process has (above Linux's largest).
    expect(await ask('4194305 crashed', 'alone')).toBe(true);
    expect(await ask(`${me} next`, 'shared')).toBe(true);
  });
});
