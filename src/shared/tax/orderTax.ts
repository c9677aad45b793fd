import { gstNote, gstOfCents } from '../money';
import { HOME_COUNTRY_CODE } from '../countries';

/**
 * How an order is taxed, decided once at Submit from where its buyer is and stored on the order, never changed
 * afterwards (a refund, a dispute, a late payment all keep it). Digital items supplied to a consumer who is not in
 * Australia when the supply is made are GST-free (GST Act s 38-190, item 2): when the billing country the buyer gave
 * and the country of the address their request came from agree on another country, the sale is an export. Anything
 * less (one signal, or two that disagree) is an Australian sale with GST in its price. The price is the same A$
 * either way.
 */
export type TaxTreatment = 'gst' | 'gstFreeExport';

/** Where the store sells (SALES_COUNTRIES): Australia only (buyers elsewhere are refused before paying), or anywhere. */
export const SALES_COUNTRIES = ['AU', 'worldwide'] as const;
export type SalesCountries = (typeof SALES_COUNTRIES)[number];

/** transactions/{id}.tax: the treatment, the country the sale is counted in, and the evidence it rests on. */
export interface OrderTax {
  treatment: TaxTreatment;
  /** AU for an Australian sale; the buyer's country for an export. */
  country: string;
  /** The billing country the payment form gave. */
  billingCountry: string;
  /** The country of the request's address when the order was made (a trusted front's header, or the address looked up); null when unknown. */
  addressCountry: string | null;
}

/** An order made before the store recorded a treatment: an Australian sale, as every order was then. */
const AUSTRALIAN_BEFORE_RECORDS = { treatment: 'gst', country: HOME_COUNTRY_CODE } as const;

export type TaxDecision = { sells: true; tax: OrderTax } | { sells: false; country: string };

/** The treatment of an order from its two signals, and whether the store sells there at all (`salesCountries`). */
export function decideTax(billingCountry: string, addressCountry: string | null, salesCountries: SalesCountries): TaxDecision {
  const abroad = addressCountry !== null && addressCountry === billingCountry && billingCountry !== HOME_COUNTRY_CODE;
  if (!abroad) return { sells: true, tax: { treatment: 'gst', country: HOME_COUNTRY_CODE, billingCountry, addressCountry } };
  if (salesCountries === 'AU') return { sells: false, country: billingCountry };
  return { sells: true, tax: { treatment: 'gstFreeExport', country: billingCountry, billingCountry, addressCountry } };
}

/**
 * The decision a page can tell before Submit, by the same rule: the billing country chosen, or before one is, the
 * connection's (the likeliest), with the connection's. The server decides again at Submit on what it then knows.
 */
export function expectedTax(billingCountry: string, addressCountry: string | null, salesCountries: SalesCountries): TaxDecision {
  return decideTax(billingCountry || addressCountry || HOME_COUNTRY_CODE, addressCountry, salesCountries);
}

/** What a price says of its tax: "(incl. A$1.45 GST)" for an Australian sale, "(GST-free: a sale outside Australia)" for an export. */
export function priceTaxNote(priceCents: number, treatment: TaxTreatment): string {
  return treatment === 'gst' ? gstNote(priceCents) : taxTexts.gstFreePrice;
}

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
  gstFreePrice: '(GST-free: a sale outside Australia)',
  /** The shop's note on its prices, by the treatment its buyer's sale would have. */
  pricesNote: {
    gst: 'Prices are in Australian dollars (A$) and include GST.',
    gstFreeExport: 'Prices are in Australian dollars (A$). A sale to a buyer outside Australia is GST-free.',
  } satisfies Record<TaxTreatment, string>,
  /** Above the form, before a field is typed, when the store sells in Australia only and the connection is elsewhere. */
  soldInAustraliaOnly: (country: string) =>
    `The store sells to players in Australia only, and your connection is in ${countryName(country)}: an order with a billing address there cannot be made.`,
  internationalFee: 'Your card’s bank may add an international transaction fee to this payment, which is charged in Australian dollars by a business in Australia.',
} as const;
