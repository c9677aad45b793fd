import { taxInvoiceOf } from '../orders/taxInvoice';
import { sampleOrder } from '../../../test/fixtures/samples';
import { gstOfOrder, mayCarryInternationalFee, taxLine, taxOf, taxTexts } from './orderTax';
import { decideTax, expectedTax } from './taxTreatment';
import { priceTaxNote, priceTexts } from './priceNote';

describe('an order’s tax treatment', () => {
  it('two signals agreeing outside Australia: an export, sold GST-free when the store sells worldwide, refused when it sells in Australia only', () => {
    expect(decideTax('NZ', 'NZ', 'worldwide')).toEqual({ sells: true, tax: { treatment: 'gstFreeExport', country: 'NZ', billingCountry: 'NZ', addressCountry: 'NZ' } });
    expect(decideTax('NZ', 'NZ', 'AU')).toEqual({ sells: false, country: 'NZ' });
    expect(taxTexts.notSoldThere('NZ')).toContain('Australia only');
    expect(taxTexts.notSoldThere('NZ')).toContain('New Zealand');
  });

  it('Australia, one signal alone, or two that disagree: an Australian sale with GST, whatever the setting', () => {
    for (const salesCountries of ['AU', 'worldwide'] as const) {
      expect(decideTax('AU', 'AU', salesCountries)).toMatchObject({ sells: true, tax: { treatment: 'gst', country: 'AU' } });
      expect(decideTax('NZ', 'AU', salesCountries)).toMatchObject({ sells: true, tax: { treatment: 'gst', country: 'AU', billingCountry: 'NZ', addressCountry: 'AU' } });
      expect(decideTax('AU', 'NZ', salesCountries)).toMatchObject({ sells: true, tax: { treatment: 'gst', addressCountry: 'NZ' } });
      expect(decideTax('NZ', 'US', salesCountries)).toMatchObject({ sells: true, tax: { treatment: 'gst' } });
      expect(decideTax('NZ', null, salesCountries)).toMatchObject({ sells: true, tax: { treatment: 'gst', addressCountry: null } });
    }
  });

  it('an order made before treatments were recorded reads as an Australian sale; an export carries no GST', () => {
    expect(taxOf({})).toEqual({ treatment: 'gst', country: 'AU' });
    expect(gstOfOrder({}, 4599)).toBe(418);
    expect(gstOfOrder({ tax: { treatment: 'gstFreeExport', country: 'NZ' } }, 4599)).toBe(0);
    expect(taxLine(null)).toMatch(/^GST \(Australia\)/);
    expect(taxLine({ treatment: 'gstFreeExport', country: 'NZ', billingCountry: 'NZ', addressCountry: 'NZ' })).toBe('GST-free export (New Zealand): billing NZ, connection NZ');
  });

  it('a buyer whose billing country or connection is abroad is told of an international fee; an Australian one is not', () => {
    expect(mayCarryInternationalFee('AU', 'AU')).toBe(false);
    expect(mayCarryInternationalFee('AU', null)).toBe(false);
    expect(mayCarryInternationalFee('', null)).toBe(false);
    expect(mayCarryInternationalFee('NZ', 'AU')).toBe(true);
    expect(mayCarryInternationalFee('AU', 'GB')).toBe(true);
  });

  it('the invoice of an export says so, with no GST line and the reason; its refund note adjusts no GST', () => {
    const exported = sampleOrder({ status: 'paid', credited: true, paidAt: 1_795_000_100_000, tax: { treatment: 'gstFreeExport', country: 'NZ' } });
    expect(taxInvoiceOf(exported)).toMatchObject({ title: 'Invoice (GST-free export)', gstCents: null, totalCents: 4599 });
    expect(taxInvoiceOf(exported)!.exportReason).toContain('New Zealand');
    const refunded = taxInvoiceOf({ ...exported, status: 'refunded', refundedAt: 1_795_000_200_000 })!;
    expect(refunded.adjustment).toMatchObject({ amountCents: 4599, gstCents: null, labels: { amount: 'Refunded' } });
    const australian = taxInvoiceOf(sampleOrder({ status: 'refunded', credited: true, paidAt: 1, refundedAt: 2 }))!;
    expect(australian).toMatchObject({ title: 'Tax invoice', gstCents: 418, exportReason: null, adjustment: { gstCents: 418, labels: { amount: 'Refunded (incl. GST)' } } });
  });

  it('before Submit a page runs the invoice’s rule on what it knows: the billing country chosen, else the connection’s', () => {
    // Worldwide, a buyer in New Zealand: GST-free before a country is chosen and with New Zealand, GST with Australia.
    for (const [billing, treatment] of [['', 'gstFreeExport'], ['NZ', 'gstFreeExport'], ['AU', 'gst'], ['GB', 'gst']] as const) {
      const decision = expectedTax(billing, 'NZ', 'worldwide');
      expect(decision.sells && decision.tax.treatment).toBe(treatment);
      // The server's decision at Submit, from the same two signals, is the same whenever a country is chosen.
      if (billing) expect(decision).toEqual(decideTax(billing, 'NZ', 'worldwide'));
    }
    expect(expectedTax('', null, 'worldwide')).toMatchObject({ sells: true, tax: { treatment: 'gst' } });
    // Australia only: the connection abroad is refused before typing, and with its country chosen, not with Australia.
    expect(expectedTax('', 'NZ', 'AU')).toEqual({ sells: false, country: 'NZ' });
    expect(expectedTax('NZ', 'NZ', 'AU')).toEqual({ sells: false, country: 'NZ' });
    expect(expectedTax('AU', 'NZ', 'AU').sells).toBe(true);
  });

  it('a price says the tax its sale would carry, in the words the invoice uses', () => {
    expect(priceTaxNote(1599, 'gst')).toBe('(incl. A$1.45 GST)');
    expect(priceTaxNote(1599, 'gstFreeExport')).toBe('(GST-free: a sale outside Australia)');
    expect(taxTexts.exportReason('NZ')).toContain('GST-free');
    expect(priceTexts.pricesNote.gstFreeExport).not.toMatch(/include GST/);
  });
});
