import { fakeGateway } from '../../../test/support/fakeGateway';
import { memoryOffers } from '../../../test/support/memory/memoryOffers';
import { memoryRefunds } from '../../../test/support/memory/memoryRefunds';
import { memoryStore } from '../../../test/support/memory/memoryStore';
import { samplePaymentDetails } from '../../../test/fixtures/samples';
import { STARTING_PACKS } from '../../shared/startingCatalogue';
import { FIRST_PURCHASE_OFFER_ID } from '../../shared/offers/offer';
import { parseSettings } from '../config/settings';
import { silentLogger } from '../lib/logger';
import { createOffer } from '../offers/offersService';
import { settleRefundsOnce } from '../refunds/refundSettlement';
import type { RefundDeps } from '../refunds/refundService';
import { checkWithProvider } from '../provider/providerCheck';
import type { OrderDeps } from './paymentDeps';
import { startPayment } from './startPayment';

const settings = parseSettings({});
const [tiny, , pouch, , , vault] = STARTING_PACKS;

function setup() {
  const memory = memoryStore();
  const provider = fakeGateway();
  const { refunds, balances } = memoryRefunds(memory);
  const deps: OrderDeps & RefundDeps = { settings, ...memory.repositories, offers: memoryOffers(memory).repository, refunds, balances, gateway: provider.gateway, log: silentLogger };
  const buy = async (uid: string, packId: number, promoCode?: string) =>
    (await startPayment(deps, uid, { packId, details: samplePaymentDetails, ...(promoCode ? { promoCode } : {}) })).orderId;
  /** The provider's word on an order, as its callback or the sweep would bring it. */
  const providerSays = async (orderId: string, word: string) => {
    provider.statuses.set(orderId, word);
    return (await checkWithProvider(deps, orderId, 'sweep'))!.record;
  };
  return { deps, memory, provider, buy, providerSays };
}

describe('a promise holds when the money lands late', () => {
  it('a code used up meanwhile pays no bonus on a late payment, says why, and its uses stay at the cap', async () => {
    const { deps, memory, buy, providerSays } = setup();
    await createOffer(deps, 'staff', { kind: 'promoCode', title: 'Dragon Week', bonusUnit: 'gems', bonusAmount: '500', packId: '', startsAt: '2020-01-01T00:00', endsAt: '', code: 'once', totalUses: '1', perPlayerUses: '1' });
    const late = await buy('u-a', pouch!.id, 'ONCE');
    await providerSays(late, 'expired');
    expect(memory.offers.get('code-ONCE')!.uses).toBe(0);
    const other = await buy('u-b', pouch!.id, 'ONCE');
    await providerSays(other, 'paid');
    expect(memory.balances.get('u-b')).toBe(pouch!.gemCount + 500);

    const record = await providerSays(late, 'paid');
    expect(record).toMatchObject({ status: 'paid', checked: 1, offer: { bonusGems: 0, withheld: 'The code’s uses had run out when this payment landed.' } });
    expect(memory.balances.get('u-a')).toBe(pouch!.gemCount);
    expect(memory.offers.get('code-ONCE')!.uses).toBe(1);
    expect(memory.events.filter((event) => event.orderId === late && event.type === 'credited')).toEqual([
      expect.objectContaining({ gems: pouch!.gemCount, detail: 'The code’s uses had run out when this payment landed.' }),
    ]);
  });

  it('a code with room left takes its use again for a late payment, and pays its bonus', async () => {
    const { deps, memory, buy, providerSays } = setup();
    await createOffer(deps, 'staff', { kind: 'promoCode', title: 'Dragon Week', bonusUnit: 'gems', bonusAmount: '500', packId: '', startsAt: '2020-01-01T00:00', endsAt: '', code: 'twice', totalUses: '2', perPlayerUses: '1' });
    const late = await buy('u-a', pouch!.id, 'TWICE');
    await providerSays(late, 'cancelled');
    await providerSays(late, 'paid');
    expect(memory.balances.get('u-a')).toBe(pouch!.gemCount + 500);
    expect(memory.offers.get('code-TWICE')!.uses).toBe(1);
  });

  it('a late payment that would pass the monthly limit is not credited: it is refunded in full, the order says why, and the player is emailed', async () => {
    const { deps, memory, provider, buy, providerSays } = setup();
    await memory.protections.changeSpendingLimit('u-1', 2000, Date.now());
    const late = await buy('u-1', tiny!.id);
    await providerSays(late, 'expired');
    const paid = await buy('u-1', tiny!.id);
    await providerSays(paid, 'paid');

    const record = await providerSays(late, 'paid');
    expect(record).toMatchObject({ status: 'paid', checked: 0, notCredited: { reason: 'spendingLimit' }, refund: { status: 'approving' } });
    expect(memory.balances.get('u-1')).toBe(tiny!.gemCount);
    expect(memory.mail).toContainEqual({ kind: 'creditRefused', orderId: late });
    expect(memory.events).toContainEqual(expect.objectContaining({ orderId: late, type: 'creditRefused' }));
    // Asked again, it stays refused: never credited after all.
    await providerSays(late, 'paid');
    expect(memory.balances.get('u-1')).toBe(tiny!.gemCount);

    // The sweep's refund pass returns the whole amount, once, and nothing is taken from the balance.
    expect(await settleRefundsOnce(deps, Date.now())).toMatchObject({ claimed: 1, refunded: 1 });
    expect(provider.refunds).toEqual([expect.objectContaining({ orderId: late, amount: '15.99' })]);
    expect(memory.records.get(late)).toMatchObject({ status: 'refunded', checked: 0 });
    expect(memory.balances.get('u-1')).toBe(tiny!.gemCount);
    expect(memory.mail).toContainEqual({ kind: 'refundApproved', orderId: late });
  });

  it('a late payment of a young player whose guardian’s consent is no longer in place is refunded, not credited', async () => {
    const { memory, buy, providerSays } = setup();
    const consented = { birthDate: '2016-05-01', guardianConsent: { at: 1, guardianEmail: 'parent@example.com' }, spendingLimit: { monthlyLimitCents: 2000, pending: null }, limitSetBy: 'guardian' as const };
    memory.described.set('u-young', consented);
    const late = await buy('u-young', tiny!.id);
    await providerSays(late, 'expired');
    memory.described.set('u-young', { ...consented, guardianConsent: null });
    expect(await providerSays(late, 'paid')).toMatchObject({ checked: 0, notCredited: { reason: 'guardianConsent' } });
    expect(memory.balances.get('u-young')).toBeUndefined();
  });

  it('a young player’s late payment past the guardian’s limit tells the guardian too', async () => {
    const { memory, buy, providerSays } = setup();
    memory.described.set('u-young', { birthDate: '2016-05-01', guardianConsent: { at: 1, guardianEmail: 'parent@example.com' }, spendingLimit: { monthlyLimitCents: 2000, pending: null }, limitSetBy: 'guardian' });
    const late = await buy('u-young', tiny!.id);
    await providerSays(late, 'failed');
    await providerSays(await buy('u-young', tiny!.id), 'paid');
    expect(await providerSays(late, 'paid')).toMatchObject({ notCredited: { reason: 'spendingLimit', guardianEmail: 'parent@example.com' } });
    expect(memory.mail.filter((mail) => mail.orderId === late).map((mail) => mail.kind)).toEqual(['creditRefused', 'creditRefusedGuardian']);
  });

  it('the first-purchase bonus goes only with the first paid order: an order made under it and paid second is credited without it', async () => {
    const { deps, memory, buy, providerSays } = setup();
    await createOffer(deps, 'staff', { kind: 'firstPurchase', title: 'First-purchase bonus', bonusUnit: 'percent', bonusAmount: '100', packId: String(vault!.id), startsAt: '2020-01-01T00:00', endsAt: '', code: '', totalUses: '', perPlayerUses: '' });
    const big = await buy('u-1', vault!.id);
    expect(memory.records.get(big)!.offer).toMatchObject({ id: FIRST_PURCHASE_OFFER_ID, bonusGems: vault!.gemCount });
    const small = await buy('u-1', tiny!.id);
    await providerSays(small, 'paid');
    expect(await providerSays(big, 'paid')).toMatchObject({
      checked: 1,
      offer: { bonusGems: 0, withheld: `The first-purchase bonus is for a first purchase only: order ${small} was paid first.` },
    });
    expect(memory.balances.get('u-1')).toBe(tiny!.gemCount + vault!.gemCount);
  });
});
