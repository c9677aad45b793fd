import { memoryStore } from '../../../test/support/memory/memoryStore';
import { memoryOffers } from '../../../test/support/memory/memoryOffers';
import { fakeGateway } from '../../../test/support/fakeGateway';
import { samplePaymentDetails } from '../../../test/fixtures/samples';
import { parseSettings } from '../config/settings';
import { silentLogger } from '../lib/logger';
import { STARTING_PACKS } from '../../shared/startingCatalogue';
import type { OrderStatus } from '../../shared/orders/orderStatus';
import { checkOrder } from '../payments/playerOrders';
import { startPayment } from '../payments/startPayment';
import type { TransactionRecord } from '../orders/orderRules';
import { LATE_PAYMENT_RECHECK_MAX_MS, recheckDelay } from '../provider/recheckDelay';
import { startSweep, sweepOnce, sweepRunner } from './sweep';
import { LATE_PAYMENT_WATCH_MS } from '../../shared/orders/orderStatus';
import { GatewayError } from '../provider/gatewayClient';

describe('the sweep timer', () => {
  /** A pass a second, the first at once, under a name of its own. */
  const settings = parseSettings({ SWEEP_INTERVAL_MS: '1000', SWEEP_LEASE_MS: '900', SWEEP_INSTANCE_ID: 'instance-a' });
  afterEach(() => jest.useRealTimers());

  it('makes a pass at once and then every interval, and reports each one, however few orders it found', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const reports: Array<{ at: number; claimed: number }> = [];
    const deps = { settings, ...memoryStore().repositories, gateway: fakeGateway().gateway, log: silentLogger };
    const stop = startSweep(
      sweepRunner(deps, async (pass) => {
        reports.push({ at: pass.at, claimed: pass.claimed });
      }),
      deps,
    );
    await jest.advanceTimersByTimeAsync(3_000);
    stop();
    await jest.advanceTimersByTimeAsync(3_000);
    expect(reports).toEqual([
      { at: 1_000_000, claimed: 0 },
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
    const memory = memoryStore();
    const provider = fakeGateway();
    const deps = { settings, ...memory.repositories, offers: memoryOffers(memory).repository, gateway: provider.gateway, log: silentLogger };
    const orderIds: string[] = [];
    for (const uid of ['u-old-paid', 'u-old-processing']) orderIds.push((await startPayment(deps, uid, { packId: 3, details: samplePaymentDetails })).orderId);
    // As orders made before the watch were kept: no next check, and an older record holding the provider's word.
    for (const orderId of orderIds) delete (memory.records.get(orderId) as Partial<TransactionRecord>).nextCheckAt;
    memory.records.get(orderIds[1]!)!.status = 'processing' as OrderStatus;
    provider.statuses.set(orderIds[0]!, 'paid');
    provider.statuses.set(orderIds[1]!, 'processing');

    const stop = startSweep(sweepRunner(deps), deps);
    await jest.advanceTimersByTimeAsync(0);
    stop();
    expect(memory.records.get(orderIds[0]!)).toMatchObject({ status: 'paid', checked: 1 });
    expect(memory.balances.get('u-old-paid')).toBe(STARTING_PACKS[2]!.gemCount);
    expect(memory.records.get(orderIds[1]!)).toMatchObject({ status: 'pending', providerStatus: 'processing', checks: 1 });
    expect(memory.records.get(orderIds[1]!)!.nextCheckAt).toBeGreaterThan(1_000_000);
    expect(memory.events.filter((event) => event.type === 'watchStarted').map((event) => event.orderId)).toEqual(orderIds);
    await expect(memory.orderWatch.adoptUnwatched(Date.now())).resolves.toBeNull();
  });

  it('keeps sweeping when adopting fails, and adopts at a later pass', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const memory = memoryStore();
    const adopt = memory.orderWatch.adoptUnwatched;
    const attempts: number[] = [];
    memory.orderWatch.adoptUnwatched = async (now) => {
      attempts.push(now);
      if (attempts.length === 1) throw new Error('UNAVAILABLE');
      return adopt(now);
    };
    const passes: number[] = [];
    const deps = { settings, ...memory.repositories, gateway: fakeGateway().gateway, log: silentLogger };
    const stop = startSweep(
      sweepRunner(deps, async (pass) => {
        passes.push(pass.at);
      }),
      deps,
    );
    await jest.advanceTimersByTimeAsync(3_000);
    stop();
    expect(attempts).toEqual([1_000_000, 1_001_000]);
    expect(passes).toEqual([1_000_000, 1_001_000, 1_002_000, 1_003_000]);
  });

  it('takes back at once the orders it had claimed before it was stopped, and leaves other instances’ claims be', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const memory = memoryStore();
    const provider = fakeGateway();
    const deps = { settings, ...memory.repositories, offers: memoryOffers(memory).repository, gateway: provider.gateway, log: silentLogger };
    const mine = (await startPayment(deps, 'u-1', { packId: 1, details: samplePaymentDetails })).orderId;
    const theirs = (await startPayment(deps, 'u-2', { packId: 1, details: samplePaymentDetails })).orderId;
    // Claimed a moment ago, each by an instance that then died with its lease still running.
    Object.assign(memory.records.get(mine)!, { nextCheckAt: 1_000_800, leaseUntil: 1_000_800, claimedBy: 'instance-a' });
    Object.assign(memory.records.get(theirs)!, { nextCheckAt: 1_000_800, leaseUntil: 1_000_800, claimedBy: 'instance-b' });
    provider.statuses.set(mine, 'paid');
    provider.statuses.set(theirs, 'paid');
    const stop = startSweep(sweepRunner(deps), deps);
    await jest.advanceTimersByTimeAsync(0);
    expect(memory.records.get(mine)).toMatchObject({ status: 'paid', checked: 1 });
    expect(memory.records.get(theirs)).toMatchObject({ status: 'pending' });
    // The other instance's lease lapses before the next pass: one interval at the most.
    await jest.advanceTimersByTimeAsync(1_000);
    stop();
    expect(memory.records.get(theirs)).toMatchObject({ status: 'paid', checked: 1 });
  });
});

describe('a check', () => {
  const settings = parseSettings({ SWEEP_LEASE_MS: '45000', ORDER_RECHECK_FIRST_MS: '30000' });
  afterEach(() => jest.useRealTimers());

  it('whose answer changes nothing writes nothing after its claim; one the provider could not answer is recorded', async () => {
    const memory = memoryStore();
    const provider = fakeGateway();
    const deps = { settings, ...memory.repositories, offers: memoryOffers(memory).repository, gateway: provider.gateway, log: silentLogger };
    const { orderId } = await startPayment(deps, 'u-1', { packId: 1, details: samplePaymentDetails });
    const due = memory.records.get(orderId)!.nextCheckAt;
    const eventsBefore = memory.events.length;

    expect(await sweepOnce(deps, due)).toMatchObject({ claimed: 1, checked: 1, failed: 0 });
    const checked = memory.records.get(orderId)!;
    // The claim counted the check, and put the next one off past its lease (the first wait, 30 s ± 10 %, is shorter).
    expect(checked).toMatchObject({ status: 'pending', checks: 1, lastCheckedAt: due, nextCheckAt: due + 45_000, leaseUntil: due + 45_000 });
    expect(memory.events.length).toBe(eventsBefore);

    provider.statuses.set(orderId, new GatewayError('timeout', 'slow'));
    const next = checked.nextCheckAt;
    expect(await sweepOnce(deps, next)).toMatchObject({ claimed: 1, checked: 1 });
    expect(memory.records.get(orderId)).toMatchObject({ checks: 2, lastCheckedAt: next, leaseUntil: 0 });
    expect(memory.events.at(-1)).toMatchObject({ orderId, type: 'checkScheduled', source: 'sweep' });
    expect(memory.events.at(-1)!.detail).toMatch(/^the provider could not be asked \(timeout: slow\); check 2, the next in \d+ s$/);
  });

  it('claimed but not asked before the pass ran out of time is given back as it was, due when its claim lapses', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const memory = memoryStore();
    const provider = fakeGateway();
    const hurried = parseSettings({ SWEEP_PASS_MS: '100', SWEEP_CONCURRENCY: '1', SWEEP_LEASE_MS: '45000' });
    // Each question takes the provider a second: the pass has run out of time after the first.
    const gateway = {
      ...provider.gateway,
      queryStatus: async (orderId: string) => {
        jest.setSystemTime(Date.now() + 1_000);
        return provider.gateway.queryStatus(orderId);
      },
    };
    const deps = { settings: hurried, ...memory.repositories, offers: memoryOffers(memory).repository, gateway, log: silentLogger };
    const orderIds = [];
    for (const uid of ['u-1', 'u-2']) orderIds.push((await startPayment(deps, uid, { packId: 1, details: samplePaymentDetails })).orderId);
    const now = Math.max(...orderIds.map((orderId) => memory.records.get(orderId)!.nextCheckAt));

    expect(await sweepOnce(deps, now)).toMatchObject({ claimed: 2, checked: 1, deferred: 1 });
    const [asked, deferred] = orderIds.map((orderId) => memory.records.get(orderId)!);
    expect(asked).toMatchObject({ checks: 1, lastCheckedAt: now });
    expect(deferred).toMatchObject({ checks: 0, nextCheckAt: now + 45_000 });
    expect(deferred!.lastCheckedAt).toBeUndefined();
  });
});

describe('the late-payment watch', () => {
  const settings = parseSettings({});
  it('keeps asking about a failed, cancelled or expired order for 7 days, less often, credits a late payment, then stops', async () => {
    const memory = memoryStore();
    const provider = fakeGateway();
    const deps = { settings, ...memory.repositories, offers: memoryOffers(memory).repository, gateway: provider.gateway, log: silentLogger };
    const placed = Date.now();
    const ids: Record<string, string> = {};
    for (const word of ['failed', 'cancelled', 'expired', 'abandoned']) {
      ids[word] = (await startPayment(deps, `u-${word}`, { packId: 1, details: samplePaymentDetails })).orderId;
      provider.statuses.set(ids[word]!, word === 'abandoned' ? 'expired' : word);
      await checkOrder(deps, `u-${word}`, ids[word]!);
    }
    expect([...memory.records.values()].map((record) => record.status)).toEqual(['failed', 'cancelled', 'expired', 'expired']);

    // Each is still due, and asked about; the provider now says the failed one was paid after all (its callback lost).
    provider.statuses.set(ids.failed!, 'paid');
    const first = await sweepOnce(deps, placed + 60_000);
    expect(first).toMatchObject({ claimed: 4, credited: 1 });
    expect(memory.records.get(ids.failed!)).toMatchObject({ status: 'paid', checked: 1 });
    expect(memory.balances.get('u-failed')).toBe(STARTING_PACKS[0]!.gemCount);
    const cancelled = memory.records.get(ids.cancelled!)!;
    expect(cancelled).toMatchObject({ status: 'cancelled', checks: 1 });
    // Still cancelled: the claim's next check stands, a late payment's (less often), and the history gains no line.
    expect(cancelled.lastCheckedAt).toBe(placed + 60_000);
    expect(cancelled.nextCheckAt - (placed + 60_000)).toBeGreaterThanOrEqual(settings.SWEEP_LEASE_MS);
    expect(memory.events.filter((event) => event.orderId === ids.cancelled && event.type === 'checkScheduled')).toEqual([]);

    // A week on, the ones still unpaid are let go, and asked about no more.
    provider.statuses.set(ids.abandoned!, 'paid');
    const late = await sweepOnce(deps, placed + LATE_PAYMENT_WATCH_MS - 1);
    expect(late).toMatchObject({ claimed: 3, credited: 1 });
    const end = await sweepOnce(deps, placed + LATE_PAYMENT_WATCH_MS + 6 * 3_600_000 * 2);
    expect(end.claimed).toBe(2);
    expect(memory.records.get(ids.cancelled!)!.nextCheckAt).toBeUndefined();
    expect(memory.records.get(ids.expired!)!.nextCheckAt).toBeUndefined();
    expect(memory.events.filter((event) => event.orderId === ids.expired).at(-1)!.detail).toBe('expired, and no payment landed within 7 days: no more checks');
    expect((await sweepOnce(deps, placed + 30 * LATE_PAYMENT_WATCH_MS)).claimed).toBe(0);
  });

  it('backs the late checks off to at most six hours apart', () => {
    expect(recheckDelay(settings, 30, () => 1, LATE_PAYMENT_RECHECK_MAX_MS)).toBe(Math.round(6 * 3_600_000 * 1.1));
  });
});
