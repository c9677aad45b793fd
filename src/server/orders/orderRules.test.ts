import { changeFor, openOrdersNotSeen, planProviderAnswer, storedStatus, type TransactionRecord } from './orderRules';
import { isUnwatched, watchFrom } from './orderWatchRules';
import { providerAnswer } from '../provider/providerAnswer';

const order = (changes: Partial<TransactionRecord> = {}) =>
  ({ order_id: 'WCRULES0000000001', userId: 'u-1', gemCount: 3500, status: 'pending', checked: 0, createdAt: 1, updatedAt: 1, nextCheckAt: 2, leaseUntil: 0, checks: 0, ...changes }) as TransactionRecord;

describe('the order rules', () => {
  it('read a stored status through the machine: an older record may hold the provider’s own word', () => {
    expect(storedStatus({ status: 'paid' })).toBe('paid');
    expect(storedStatus({ status: 'processing' })).toBe('pending');
    expect(storedStatus({ status: 'declined' })).toBe('failed');
  });

  it('credit an order once: paid and not yet credited', () => {
    expect(changeFor(order(), providerAnswer('paid'))).toEqual({ status: 'paid', credit: true, method: null });
    expect(changeFor(order({ status: 'paid', checked: 1 }), providerAnswer('paid'))).toBeNull();
    expect(changeFor(order({ status: 'paid', checked: 0 }), providerAnswer('paid'))).toEqual({ status: 'paid', credit: true, method: null });
    expect(changeFor(order({ status: 'expired' }), providerAnswer('paid'))).toEqual({ status: 'paid', credit: true, method: null });
    expect(changeFor(order(), providerAnswer('processing'))).toBeNull();
    // A bank transfer under way (PayID): the method is noted once, the order stays pending.
    expect(changeFor(order(), providerAnswer('processing'), 'payid')).toEqual({ status: 'pending', credit: false, method: 'set' });
    expect(changeFor(order({ payMethod: 'payid' }), providerAnswer('processing'), 'payid')).toBeNull();
  });

  it('plan what a provider’s answer writes: the update, the gems, the history and the receipt owed', () => {
    const plan = planProviderAnswer(order(), providerAnswer('paid'), { source: 'callback', said: { paymentMethod: 'card' } }, 100)!;
    expect(plan.update).toEqual({ status: 'paid', providerStatus: 'paid', updatedAt: 100, checked: 1, paidAt: 100, paymentMethod: 'card' });
    expect(plan.credit).toBe(3500);
    expect(plan.events.map((event) => event.type)).toEqual(['providerAnswered', 'credited']);
    expect(plan.mail).toEqual(['receipt']);
    expect(planProviderAnswer(order({ status: 'failed' }), providerAnswer('failed'), { source: 'sweep' }, 100)).toBeNull();
  });

  it('write a paid order’s method once: another named later is a history line, and changes nothing else', () => {
    const paid = order({ status: 'paid', checked: 1, payMethod: 'visa-4242', paymentMethod: 'card', paidAt: 50 });
    const plan = planProviderAnswer(paid, providerAnswer('paid'), { source: 'callback', said: { paymentMethod: 'payid', payMethod: 'payid' } }, 100)!;
    expect(plan.update).toEqual({ methodsNamedLater: ['payid'] });
    expect(plan.credit).toBe(0);
    expect(plan.mail).toEqual([]);
    expect(plan.events).toEqual([expect.objectContaining({ type: 'methodNamedLater', detail: 'it said payid; the order keeps visa-4242' })]);
    // Said again (the provider retries its callback): nothing more.
    expect(changeFor({ ...paid, ...plan.update }, providerAnswer('paid'), 'payid')).toBeNull();
    // Before the payment lands, the player may still change how they pay.
    expect(changeFor(order({ payMethod: 'payid' }), providerAnswer('paid'), 'visa-4242')).toEqual({ status: 'paid', credit: true, method: 'set' });
  });

  it('never refund on the provider’s word alone: the refund machine moves paid → refunded, with the debit', () => {
    expect(planProviderAnswer(order({ status: 'paid', checked: 1 }), providerAnswer('refunded'), { source: 'sweep' }, 100)).toBeNull();
  });

  it('put an open order from before the watch under it, due now, keeping an older provider word', () => {
    const old = order({ status: 'processing' as TransactionRecord['status'] });
    delete (old as Partial<TransactionRecord>).nextCheckAt;
    expect(isUnwatched(old)).toBe(true);
    expect(watchFrom(old, 50)).toEqual({ status: 'pending', providerStatus: 'processing', nextCheckAt: 50, leaseUntil: 0, checks: 0 });
    expect(isUnwatched({ ...old, ...watchFrom(old, 50) })).toBe(false);
    expect(isUnwatched(order({ status: 'paid' }))).toBe(false);
  });

  it('refuse a new order while an open one was never shown to the player, listing them all, newest first', () => {
    const offer = { kind: 'promoCode', id: 'o1', title: 'DRAGON20', bonusGems: 700, code: 'DRAGON20' } as const;
    const older = order({ order_id: 'WCOLDER0000000001', packId: 2, createdAt: 10, checkoutUrl: 'http://127.0.0.1:3100/checkout/a', offer });
    const newer = order({ order_id: 'WCNEWER0000000001', packId: 3, createdAt: 20 });
    expect(openOrdersNotSeen([], [])).toBeNull();
    expect(openOrdersNotSeen([older, newer], ['WCOLDER0000000001', 'WCNEWER0000000001'])).toBeNull();
    expect(openOrdersNotSeen([older, newer], ['WCOLDER0000000001'])).toEqual([
      { orderId: 'WCNEWER0000000001', packId: 3, createdAt: 20, checkoutUrl: null, gives: { gemCount: 3500, bonusGems: 0, offerTitle: null } },
      // What an order gives is its record's, the bonus it was made under included.
      { orderId: 'WCOLDER0000000001', packId: 2, createdAt: 10, checkoutUrl: 'http://127.0.0.1:3100/checkout/a', gives: { gemCount: 3500, bonusGems: 700, offerTitle: 'DRAGON20' } },
    ]);
  });
});
