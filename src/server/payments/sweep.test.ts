import { memoryTransactions } from '../../../test/support/memoryTransactions';
import { fakeGateway } from '../../../test/support/fakeGateway';
import { parseSettings } from '../config/settings';
import { silentLogger } from '../logger';
import { recheckDelay, startSweep } from './sweep';

describe('the sweep timer', () => {
  afterEach(() => jest.useRealTimers());

  it('makes a pass every interval and reports each one, however few orders it found', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const settings = parseSettings({ SWEEP_INTERVAL_MS: '1000' });
    const reports: Array<{ at: number; claimed: number }> = [];
    const stop = startSweep({ settings, transactions: memoryTransactions().repository, gateway: fakeGateway().gateway, log: silentLogger }, async (pass) => {
      reports.push({ at: pass.at, claimed: pass.claimed });
    });
    await jest.advanceTimersByTimeAsync(3_000);
    stop();
    await jest.advanceTimersByTimeAsync(3_000);
    expect(reports).toEqual([
      { at: 1_001_000, claimed: 0 },
      { at: 1_002_000, claimed: 0 },
      { at: 1_003_000, claimed: 0 },
    ]);
  });

  it('backs a still-pending order off, doubling, jittered, at most the longest wait', () => {
    const settings = parseSettings({});
    expect([1, 2, 3].map((checks) => recheckDelay(settings, checks, () => 0.5))).toEqual([30_000, 60_000, 120_000]);
    expect(recheckDelay(settings, 30, () => 1)).toBe(Math.round(3_600_000 * 1.1));
  });
});
