import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../wiring/hooks';
import { selectIsSignedIn } from '../../auth';
import { packBonusOf, type PackBonus } from '../packBonus';
import { selectPackPromoCode, selectShopOffers, shopOffersWanted } from '../offersSlice';

/** The shop's offers, read once per page and again when the player signs in or out. */
export function useShopOffersLoaded(): void {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsSignedIn);
  useEffect(() => {
    dispatch(shopOffersWanted({ signedIn }));
  }, [dispatch, signedIn]);
}

/**
 * The bonus the shop shows on a pack, or null. With `withCode`, a promo code applied to the pack replaces it,
 * as it does on the order.
 */
export function usePackBonus(packId: number, withCode = false): PackBonus | null {
  const shown = packBonusOf(useAppSelector(selectShopOffers), packId);
  const applied = useAppSelector((state) => selectPackPromoCode(state, packId))?.applied;
  return withCode && applied ? { gems: applied.bonusGems, title: applied.title, endsAt: null } : shown;
}
