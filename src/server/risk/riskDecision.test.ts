import { memoryStore } from '../../../test/support/memory/memoryStore';
import { silentLogger } from '../lib/logger';
import type { PaymentFacts } from './riskActivity';
import { endedActivity, signalsOf, startedActivity } from './riskActivity';
import { decideRisk } from './riskDecision';
import { riskKeysOf } from './riskKeys';

const SECRET = 'a-test-secret-of-sixteen';
const MINUTE = 60_000;
const facts: PaymentFacts = { amountCents: 1599, accountCreatedAt: 0, gameAccount: false, billingCountry: 'AU', addressCountry: 'AU', paidOrders: 0, lastPaidCents: null };

function setup() {
  const memory = memoryStore();
  const deps = { risk: memory.repositories.risk, settings: { SUPPORT_EMAIL: 'help@example.com' }, log: silentLogger };
  /** A payment started and declined (the provider's word as the door counts it), with the card. */
  const declined = (uid: string, card: string, at: number, orderId = `WC${at}${uid}`) => {
    const keys = riskKeysOf(SECRET, { uid, browserId: null, address: '203.0.113.7' });
    for (const { key, id, entry } of [...startedActivity(keys, orderId, at), ...endedActivity(keys, orderId, 'failed', card, at)]) {
      memory.riskActivity.set(key, (memory.riskActivity.get(key) ?? new Map()).set(id, entry));
    }
  };
  const ask = (uid: string, now: number, address = '203.0.113.7') => decideRisk(deps, { uid, keys: riskKeysOf(SECRET, { uid, browserId: null, address }), facts, now });
  return { memory, deps, declined, ask };
}

describe('the risk decision', () => {
  it('refuses a fourth account at an address where three cards were declined this hour, with words and a cooling period, and counts it', async () => {
    const { memory, declined, ask } = setup();
    const now = 10 * 24 * 60 * MINUTE;
    declined('a', 'card:visa:0002', now - 30 * MINUTE);
    declined('b', 'card:visa:0010', now - 20 * MINUTE);
    await expect(ask('c', now)).resolves.toMatchObject({ action: 'allow' });
    declined('c', 'card:visa:0028', now - 10 * MINUTE);
    const refused = await ask('d', now).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 403, details: { reason: 'risk', retryAt: now + 60 * MINUTE } });
    expect((refused as Error).message).toBe('We could not start this payment. If this keeps happening, contact support at help@example.com. You can try again in 60 minutes.');
    // The address is held: even a player with nothing against them there waits out the hour, and one elsewhere does not.
    await expect(ask('e', now + 59 * MINUTE)).rejects.toMatchObject({ details: { reason: 'risk', retryAt: now + 60 * MINUTE } });
    await expect(ask('e', now + 59 * MINUTE, '198.51.100.9')).resolves.toMatchObject({ action: 'allow' });
    await expect(ask('e', now + 61 * MINUTE)).resolves.toMatchObject({ action: 'allow' });
    expect(memory.dayCounts.filter(({ day }) => day.counts?.riskRefused === 1)).toHaveLength(2);
  });

  it('counts one card declined many times as one card, and declines older than an hour not at all', async () => {
    const { declined, ask } = setup();
    const now = 10 * 24 * 60 * MINUTE;
    for (let i = 0; i < 4; i += 1) declined(`p${i}`, 'card:visa:4242', now - i * MINUTE);
    declined('x', 'card:visa:0002', now - 61 * MINUTE);
    declined('y', 'card:visa:0010', now - 62 * MINUTE);
    await expect(ask('q', now)).resolves.toMatchObject({ action: 'allow', signals: { addressDeclinesHour: 4, addressDeclinedCardsHour: 1, addressDeclinesDay: 6 } });
  });

  it('lets staff clear a held player: holds and counts from before the clearance set aside for them alone', async () => {
    const { deps, declined, ask } = setup();
    const now = 10 * 24 * 60 * MINUTE;
    for (const [i, card] of ['card:visa:0002', 'card:visa:0010', 'card:visa:0028'].entries()) declined('held', card, now - (i + 1) * MINUTE);
    await expect(ask('held', now)).rejects.toMatchObject({ details: { reason: 'risk' } });
    await deps.risk.clear('held', 'staff@example.com', now + MINUTE);
    await expect(ask('held', now + 2 * MINUTE)).resolves.toMatchObject({ action: 'allow', signals: { addressDeclinedCardsHour: 0 } });
    await expect(ask('neighbour', now + 2 * MINUTE)).rejects.toMatchObject({ details: { reason: 'risk' } });
  });

  it('records the signals, the score and the rules’ version on an allowed payment; a dry-run match is listed, nothing refused', async () => {
    const { deps, ask } = setup();
    await deps.risk.saveRules(0, [{ id: 'dry', name: 'Every payment', when: [{ signal: 'amountCents', op: '>', value: 0 }], action: 'refuse', mode: 'dryRun' }], 'staff@example.com', 1);
    const decision = await ask('r', 5 * 24 * 60 * MINUTE);
    expect(decision).toMatchObject({ action: 'allow', ruleId: null, wouldHave: [{ ruleId: 'dry', action: 'refuse' }], rulesVersion: 1 });
    expect(decision.signals).toMatchObject({ accountAgeDays: 5, firstPurchase: 1, amountCents: 1599 });
    expect(decision.score).toBe(decision.signals.score);
  });
});

describe('the signals', () => {
  it('count the cards an account paid or was declined with in a day, and its payments started in the hour', () => {
    const now = 2 * 24 * 60 * MINUTE;
    const entries = [
      { at: now - MINUTE, kind: 'start' as const },
      { at: now - MINUTE, kind: 'paid' as const, card: 'card:visa:4242' },
      { at: now - 5 * 60 * MINUTE, kind: 'decline' as const, card: 'card:mastercard:4444' },
      { at: now - 5 * 60 * MINUTE, kind: 'decline' as const, card: 'wallet' },
    ];
    const signals = signalsOf({ player: entries, browser: [], address: [] }, { ...facts, amountCents: 9000, lastPaidCents: 3000, paidOrders: 1 }, now);
    expect(signals).toMatchObject({ playerCardsDay: 2, playerOrdersHour: 1, playerDeclinesHour: 0, playerDeclinesDay: 2, amountOverLast: 3, firstPurchase: 0 });
  });
});
