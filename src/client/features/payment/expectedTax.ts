import type { BuyerCountryResponse } from '../../../shared/api';
import { expectedTax, type TaxDecision } from '../../../shared/tax/orderTax';
import { useAppSelector } from '../../app/hooks';
import { useSignedInRead } from '../../hooks/useSignedInRead';
import { selectIsSignedIn } from '../auth';

const loadBuyerCountry = () =>
  import(/* webpackChunkName: "buyer-country" */ './buyerCountryApi').then(({ subscribeToBuyerCountry }) => ({ subscribe: subscribeToBuyerCountry }));

/** Where the store places the signed-in player's connection, and where it sells; null before it is known (and for a visitor). */
export function useBuyerCountry(): BuyerCountryResponse | null {
  return useSignedInRead<BuyerCountryResponse>(useAppSelector(selectIsSignedIn), 'buyerCountry', loadBuyerCountry);
}

/**
 * How the order would be taxed, and whether it may be made at all, by the invoice's own rule (shared/tax) on the
 * billing country chosen (none yet: the connection's) and the connection's; null until the connection is known.
 */
export function useExpectedTax(billingCountry: string): TaxDecision | null {
  const buyer = useBuyerCountry();
  return buyer ? expectedTax(billingCountry, buyer.addressCountry, buyer.salesCountries) : null;
}
