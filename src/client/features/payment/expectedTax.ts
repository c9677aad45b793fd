import { expectedTax, type TaxDecision } from '../../../shared/tax/taxTreatment';
import { useBuyerCountry } from './buyerCountry';

/**
 * How the order would be taxed, and whether it may be made at all, by the invoice's own rule (shared/tax) on the
 * billing country chosen (none yet: the connection's) and the connection's; null until the connection is known.
 */
export function useExpectedTax(billingCountry: string): TaxDecision | null {
  const buyer = useBuyerCountry();
  return buyer ? expectedTax(billingCountry, buyer.addressCountry, buyer.salesCountries) : null;
}
