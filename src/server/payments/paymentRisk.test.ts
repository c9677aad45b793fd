import { memoryPayments } from '../../../test/support/memory/memoryPayments';
import { samplePaymentDetails } from '../../../test/fixtures/samples';
import { parseSettings } from '../config/settings';
import { startPayment } from './startPayment';

const settings = parseSettings({});

const setup = () => memoryPayments(settings);

describe('a payment’s risk decision', () => {
  it('is recorded on the order with its counts’ keys, and the start is counted against the account and the browser', async () => {
    const { deps, memory } = setup();
    const { orderId } = await startPayment(deps, 'u-1', { packId: 3, details: samplePaymentDetails, address: '203.0.113.7', browserId: 'b'.repeat(20), accountCreatedAt: Date.now() - 30 * 86_400_000 });
    const record = memory.records.get(orderId)!;
    expect(record.risk).toMatchObject({ action: 'allow', ruleId: null, signals: { accountAgeDays: 30, amountCents: 4599, firstPurchase: 1 } });
    expect(record.riskKeys).toEqual({ player: expect.stringMatching(/^player-/), browser: expect.stringMatching(/^browser-/), address: expect.stringMatching(/^address-/) });
    expect(record.three_ds).toBeUndefined();
    expect([...memory.riskActivity.keys()].sort()).toEqual([record.riskKeys!.browser, record.riskKeys!.player].sort());
  });

  it('refused: the provider never hears of it, nothing is held, no order is made', async () => {
    const { deps, memory, provider } = setup();
    await deps.risk.saveRules(0, [{ id: 'all', name: 'Refuse all', when: [{ signal: 'amountCents', op: '>', value: 0 }], action: 'refuse', mode: 'active', coolMinutes: 5 }], 'staff', 1);
    await expect(startPayment(deps, 'u-1', { packId: 3, details: samplePaymentDetails })).rejects.toMatchObject({ status: 403, details: { reason: 'risk' } });
    expect(provider.created).toEqual([]);
    expect(memory.records.size).toBe(0);
    expect(memory.slots.get('u-1') ?? {}).toEqual({});
  });

  it('a challenge asks the provider for 3-D Secure in the signed request', async () => {
    const { deps, memory } = setup();
    await deps.risk.saveRules(0, [{ id: 'new', name: 'New accounts', when: [{ signal: 'accountAgeDays', op: '<', value: 7 }], action: 'challenge', mode: 'active' }], 'staff', 1);
    const { orderId } = await startPayment(deps, 'u-1', { packId: 3, details: samplePaymentDetails, accountCreatedAt: Date.now() - 86_400_000 });
    expect(memory.records.get(orderId)).toMatchObject({ three_ds: 'challenge', risk: { action: 'challenge', ruleId: 'new' } });
  });
});
