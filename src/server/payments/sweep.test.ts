import { memoryTransactions } from '../../../test/support/memoryTransactions';
import { fakeGateway } from '../../../test/support/fakeGateway';
import { samplePaymentDetails } from '../../../test/fixtures/samples';
import { parseSettings } from '../config/settings';
import { silentLogger } from '../logger';
import { GEM_PACKS } from '../../shared/catalogue';
import type { OrderStatus } from '../../shared/orders/orderStatus';
import { startPayment } from './paymentService';
import type { TransactionRecord } from './transactionsRepository';
import { recheckDelay, startSweep } from './sweep';

describe('the sweep timer', () => {
  /** A pass a second. */
  const settings = parseSettings({ SWEEP_INTERVAL_MS: '1000' });
  afterEach(() => jest.useRealTimers());

  it('makes a pass every interval and reports each one, however few orders it found', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
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
    const defaults = parseSettings({});
    expect([1, 2, 3].map((checks) => recheckDelay(defaults, checks, () => 0.5))).toEqual([30_000, 60_000, 120_000]);
    expect(recheckDelay(defaults, 30, () => 1)).toBe(Math.round(3_600_000 * 1.1));
  });

  it('first puts the open orders from before the watch under it, once, and credits the paid one', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const memory = memoryTransactions();
    const provider = fakeGateway();
    const deps = { settings, transactions: memory.repository, gateway: provider.gateway, log: silentLogger };
    const orderIds: string[] = [];
    for (const uid of ['u-old-paid', 'u-old-processing']) orderIds.push((await startPayment(deps, uid, { packId: 3, details: samplePaymentDetails })).orderId);
    // As orders made before the watch were kept: no next check, and an older record holding the provider's word.
    for (const orderId of orderIds) delete (memory.records.get(orderId) as Partial<TransactionRecord>).nextCheckAt;
    memory.records.get(orderIds[1]!)!.status = 'processing' as OrderStatus;
    provider.statuses.set(orderIds[0]!, 'paid');
    provider.statuses.set(orderIds[1]!, 'processing');

    const stop = startSweep(deps);
    await jest.advanceTimersByTimeAsync(1_000);
    stop();
    expect(memory.records.get(orderIds[0]!)).toMatchObject({ status: 'paid', checked: 1 });
    expect(memory.balances.get('u-old-paid')).toBe(GEM_PACKS[2]!.gemCount);
    expect(memory.records.get(orderIds[1]!)).toMatchObject({ status: 'pending', providerStatus: 'processing', checks: 1 });
    expect(memory.records.get(orderIds[1]!)!.nextCheckAt).toBeGreaterThan(1_001_000);
    expect(memory.events.filter((event) => event.type === 'watchStarted').map((event) => event.orderId)).toEqual(orderIds);
    await expect(memory.repository.adoptUnwatched(Date.now())).resolves.toBeNull();
  });

  it('keeps sweeping when adopting fails, and adopts at a later pass', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const memory = memoryTransactions();
    const adopt = memory.repository.adoptUnwatched;
    const attempts: number[] = [];
    memory.repository.adoptUnwatched = async (now) => {
      attempts.push(now);
      if (attempts.length === 1) throw new Error('UNAVAILABLE');
      return adopt(now);
    };
    const passes: number[] = [];
    const stop = startSweep({ settings, transactions: memory.repository, gateway: fakeGateway().gateway, log: silentLogger }, async (pass) => {
      passes.push(pass.at);
    });
    await jest.advanceTimersByTimeAsync(3_000);
    stop();
    expect(attempts).toEqual([1_001_000, 1_002_000]);
    expect(passes).toEqual([1_001_000, 1_002_000, 1_003_000]);
  });
});
