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
