import { gstOfCents } from '../money';
import { HOME_COUNTRY_CODE } from '../countries';
import type { OrderTax } from './taxTreatment';

/** How a recorded order is taxed, and what its documents say of it; the rule that decides it is ./taxTreatment's, a price line's words ./priceNote's. */

/** An order made before the store recorded a treatment: an Australian sale, as every order was then. */
const AUSTRALIAN_BEFORE_RECORDS = { treatment: 'gst', country: HOME_COUNTRY_CODE } as const;

/** An order's treatment and country: as recorded, or an Australian sale for an order made before they were. */
export function taxOf(order: { tax?: Pick<OrderTax, 'treatment' | 'country'> }): Pick<OrderTax, 'treatment' | 'country'> {
  return order.tax ?? AUSTRALIAN_BEFORE_RECORDS;
}

/** The GST in an amount of the order: one eleventh of an Australian sale, none of an export. */
export function gstOfOrder(order: { tax?: Pick<OrderTax, 'treatment' | 'country'> }, cents: number): number {
  return taxOf(order).treatment === 'gst' ? gstOfCents(cents) : 0;
}

/** Either signal outside Australia: the buyer's card may be charged a fee by its bank for a payment in A$ to Australia. */
export function mayCarryInternationalFee(billingCountry: string, addressCountry: string | null): boolean {
  return (billingCountry !== '' && billingCountry !== HOME_COUNTRY_CODE) || (addressCountry !== null && addressCountry !== HOME_COUNTRY_CODE);
}

/** A country's name in English ("New Zealand"), its code when the runtime knows no name. */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The treatment and its evidence as support reads it: "GST-free export (New Zealand): billing NZ, connection NZ". */
export function taxLine(tax: OrderTax | null): string {
  if (!tax) return 'GST (Australia): made before the store recorded where its buyer was';
  const treatment = tax.treatment === 'gst' ? 'GST (Australia)' : `GST-free export (${countryName(tax.country)})`;
  return `${treatment}: billing ${tax.billingCountry}, connection ${tax.addressCountry ?? 'unknown'}`;
}

/** The words of the treatment, wherever they are shown: the receipt, the emails, the payment form, the refusal. */
export const taxTexts = {
  exportInvoice: 'Invoice (GST-free export)',
  exportReason: (country: string) =>
    `GST-free: a digital supply to a buyer outside Australia (${countryName(country)}), GST Act s 38-190 item 2. The price includes no GST.`,
  notSoldThere: (country: string) =>
    `The store sells to players in Australia only, and your billing address and your connection are both in ${countryName(country)}, so this order cannot be made. Nothing was charged.`,
  internationalFee: 'Your card’s bank may add an international transaction fee to this payment, which is charged in Australian dollars by a business in Australia.',
} as const;
