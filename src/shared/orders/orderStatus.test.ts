import {
  canMove,
  FINAL_STATUSES,
  isFinalStatus,
  nextStatus,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  statusFromProvider,
} from './orderStatus';
import { isOrderSettled, toOrderView } from './orderView';

describe('the order machine', () => {
  it('has pending as its only start and refunded as a dead end', () => {
    const targets = new Set(Object.values(ORDER_TRANSITIONS).flat());
    expect(ORDER_STATUSES.filter((status) => !targets.has(status))).toEqual(['pending']);
    expect(ORDER_TRANSITIONS.refunded).toEqual([]);
  });

  it('calls every status but pending final', () => {
    expect(ORDER_STATUSES.filter((status) => !isFinalStatus(status))).toEqual(['pending']);
    expect(FINAL_STATUSES).not.toContain('pending');
  });

  it.each([
    ['paid', 'paid'],
    ['PAID', 'paid'],
    ['success', 'paid'],
    ['declined', 'failed'],
    ['failed', 'failed'],
    ['canceled', 'cancelled'],
    ['expired', 'expired'],
    ['processing', 'pending'],
    ['pending', 'pending'],
    ['something_new', 'pending'],
    ['refunded', 'refunded'],
  ])('reads the provider word %s as %s', (word, status) => {
    expect(statusFromProvider(word)).toBe(status);
  });

  it('moves only where the table allows: a final order never goes back', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const meant = statusFromProvider(to);
        // A charged-back order is paid again only by the dispute machine (the provider still calls it paid).
        const expected = from !== 'charged_back' && meant !== 'refunded' && canMove(from, meant) ? meant : from;
        expect([from, to, nextStatus(from, meant)]).toEqual([from, to, expected]);
      }
    }
    expect(nextStatus('paid', 'failed')).toBe('paid');
    expect(nextStatus('paid', 'pending')).toBe('paid');
    expect(nextStatus('pending', 'pending')).toBe('pending');
    expect(nextStatus('expired', 'paid')).toBe('paid');
    expect(nextStatus('failed', 'cancelled')).toBe('failed');
    // A refund debits gems in a transaction of its own: the provider's word alone never refunds an order.
    expect(nextStatus('paid', 'refunded')).toBe('paid');
    expect(nextStatus('charged_back', 'paid')).toBe('charged_back');
  });
});

describe('the order view', () => {
  const record = {
    product_name: 'Pouch of Gem',
    gemCount: 3500,
    amount: '45.99',
    currency: 'AUD',
    status: 'paid',
    checked: 1,
    createdAt: 1,
    updatedAt: 2,
    address: '1 Castle Road',
    phone: '+61 2 9876 5432',
  };

  it('names the pack, the status and the credited fact, and never the address or phone', () => {
    const view = toOrderView('WC1234567890AB', record);
    expect(view).toEqual({
      orderId: 'WC1234567890AB',
      packId: 3,
      packImage: 'pouch',
      productName: 'Pouch of Gem',
      gemCount: 3500,
      bonusGems: 0,
      offerTitle: null,
      bonusWithheld: null,
      amount: '45.99',
      currency: 'AUD',
      status: 'paid',
      credited: true,
      createdAt: 1,
      threeDSecure: null,
      creatorName: null,
      gift: null,
      updatedAt: 2,
      paidAt: null,
      paymentMethod: null,
      payMethod: null,
      lastCheckedAt: null,
      refund: null,
      checkoutUrl: null,
      refundedAt: null,
      notCredited: null,
      dispute: null,
      // Made before the store recorded where its buyer was: an Australian sale.
      tax: { treatment: 'gst', country: 'AU' },
    });
    expect(JSON.stringify(view)).not.toMatch(/Castle|9876/);
  });

  it('offers the checkout of an unpaid order only, and only a web address', () => {
    const checkoutUrl = 'http://127.0.0.1:3100/checkout/abc';
    expect(toOrderView('WC1234567890AB', { ...record, status: 'pending', checked: 0, checkoutUrl }).checkoutUrl).toBe(checkoutUrl);
    expect(toOrderView('WC1234567890AB', { ...record, checkoutUrl }).checkoutUrl).toBeNull();
    expect(toOrderView('WC1234567890AB', { ...record, status: 'pending', checked: 0, checkoutUrl: 'javascript:alert(1)' }).checkoutUrl).toBeNull();
  });

  it('reads an older record’s provider word through the machine', () => {
    expect(toOrderView('WC1234567890AB', { ...record, status: 'processing', checked: 0 }).status).toBe('pending');
  });

  it('is settled once final, and a paid order only once credited', () => {
    expect(isOrderSettled({ status: 'paid', credited: false })).toBe(false);
    expect(isOrderSettled({ status: 'paid', credited: true })).toBe(true);
    expect(isOrderSettled({ status: 'failed', credited: false })).toBe(true);
    expect(isOrderSettled({ status: 'pending', credited: false })).toBe(false);
  });
});
