import { PAYID_WAITING, paidByText, payMethodOrNull } from '../payMethod';
import { sampleOrder } from '../../../test/fixtures/samples';
import { playerStatusLine, playerStatusOf } from './playerStatus';
import { taxInvoiceOf } from './taxInvoice';

describe('what a player reads of an order', () => {
  it.each([
    [{ status: 'pending', credited: false }, null, 'Not paid yet'],
    [{ status: 'paid', credited: false }, null, 'Paid'],
    [{ status: 'paid', credited: true }, null, 'Gems added'],
    [{ status: 'paid', credited: true }, 'requested', 'Refund requested'],
    [{ status: 'paid', credited: true }, 'declined', 'Gems added'],
    [{ status: 'failed', credited: false }, null, 'Declined'],
    [{ status: 'cancelled', credited: false }, null, 'Cancelled'],
    [{ status: 'expired', credited: false }, null, 'Expired'],
    [{ status: 'refunded', credited: true }, 'refunded', 'Refunded'],
  ] as const)('%o (refund: %s) reads %s', (order, refund, label) => {
    expect(playerStatusOf({ ...order, refund: refund && { status: refund, requestedAt: 1, declineReason: null } })).toBe(label);
  });

  it.each([
    ['paid', 'opened', 'Disputed with your bank'],
    ['paid', 'evidence_submitted', 'Disputed with your bank'],
    ['paid', 'won', 'Gems added'],
    ['charged_back', 'lost', 'Charged back'],
    ['charged_back', 'accepted', 'Charged back'],
    ['refunded', 'opened', 'Refunded'],
  ] as const)('a %s order whose dispute is %s reads %s', (status, dispute, label) => {
    expect(playerStatusOf({ status, credited: true, refund: null, dispute: { status: dispute, openedAt: 1, decidedAt: null } })).toBe(label);
  });
});

describe('the tax invoice of an order', () => {
  it('has the GST-inclusive price and one eleventh of it, issued when the gems were credited', () => {
    const invoice = taxInvoiceOf(sampleOrder({ status: 'paid', credited: true, paidAt: 1_795_000_123_000 }));
    expect(invoice).toEqual({
      orderId: 'WCABCDEF1234567890',
      treatment: 'gst',
      title: 'Tax invoice',
      exportReason: null,
      issuedAt: 1_795_000_123_000,
      item: 'Pouch of Gem',
      gems: 3500,
      quantity: 1,
      totalCents: 4599,
      gstCents: 418,
      adjustment: null,
    });
  });

  it('of a refunded order keeps the original figures and adds the adjustment note: the amount, when, the GST adjusted', () => {
    const invoice = taxInvoiceOf(sampleOrder({ status: 'refunded', credited: true, paidAt: 1_795_000_123_000, refundedAt: 1_795_500_000_000 }));
    expect(invoice).toMatchObject({ issuedAt: 1_795_000_123_000, totalCents: 4599, gstCents: 418 });
    expect(invoice?.adjustment).toEqual({
      at: 1_795_500_000_000,
      reason: 'refund',
      amountCents: 4599,
      gstCents: 418,
      labels: { on: 'Refunded on', amount: 'Refunded (incl. GST)', why: null },
    });
  });

  it('of a charged-back order adds the adjustment note of a chargeback, dated when the bank decided', () => {
    const invoice = taxInvoiceOf(sampleOrder({ status: 'charged_back', credited: true, paidAt: 1_795_000_123_000, dispute: { status: 'lost', openedAt: 1_795_100_000_000, decidedAt: 1_795_600_000_000 } }));
    expect(invoice).toMatchObject({ issuedAt: 1_795_000_123_000, totalCents: 4599, gstCents: 418 });
    expect(invoice?.adjustment).toMatchObject({ at: 1_795_600_000_000, reason: 'chargeback', amountCents: 4599, gstCents: 418, labels: { on: 'Charged back on', amount: 'Charged back (incl. GST)' } });
    // An open dispute is no adjustment yet: the bank may still find for the store.
    expect(taxInvoiceOf(sampleOrder({ status: 'paid', credited: true, dispute: { status: 'opened', openedAt: 1, decidedAt: null } }))?.adjustment).toBeNull();
  });

  it('does not exist for an order never paid', () => {
    for (const status of ['pending', 'failed', 'cancelled', 'expired'] as const) {
      expect(taxInvoiceOf(sampleOrder({ status }))).toBeNull();
    }
  });
});

describe('a bank transfer under way', () => {
  it('reads as waiting for the transfer, not as unpaid, until it lands', () => {
    expect(playerStatusLine(sampleOrder({ status: 'pending', payMethod: 'payid' }))).toBe(PAYID_WAITING);
    expect(playerStatusLine(sampleOrder({ status: 'pending', payMethod: 'card:visa:4242' }))).toBe('Not paid yet');
    expect(playerStatusLine(sampleOrder({ status: 'paid', credited: true, payMethod: 'payid' }))).toBe('Gems added');
    expect(paidByText('card:visa:4242')).toBe('Paid by Visa •••• 4242');
    expect(paidByText('bitcoin')).toBeNull();
    expect(payMethodOrNull('card:visa:42424')).toBeNull();
  });
});
