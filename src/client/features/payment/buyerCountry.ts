import type { BuyerCountryResponse } from '../../../shared/api';
import { useAppSelector } from '../../wiring/hooks';
import { useSignedInRead } from '../../hooks/useSignedInRead';
import { selectIsSignedIn } from '../auth';

const loadBuyerCountry = () =>
  import(/* webpackChunkName: "buyer-country" */ './buyerCountryApi').then(({ subscribeToBuyerCountry }) => ({ subscribe: subscribeToBuyerCountry }));

/**
 * Where the store places the signed-in player's connection, where it sells, and how a sale here is taxed before a
 * billing country is chosen; null before it is known (and for a visitor). Light: the shop's prices read it.
 */
export function useBuyerCountry(): BuyerCountryResponse | null {
  return useSignedInRead<BuyerCountryResponse>(useAppSelector(selectIsSignedIn), 'buyerCountry', loadBuyerCountry);
}
