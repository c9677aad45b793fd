import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectIsSignedIn } from '../../auth';
import { packBonusOf, type PackBonus } from '../packBonus';
import { selectShopOffers, shopOffersWanted } from '../offersSlice';

/** The shop's offers, read once per page and again when the player signs in or out. */
export function useShopOffersLoaded(): void {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsSignedIn);
  useEffect(() => {
    dispatch(shopOffersWanted({ signedIn }));
  }, [dispatch, signedIn]);
}

/** The bonus the shop shows on a pack, or null. */
export function usePackBonus(packId: number): PackBonus | null {
  return packBonusOf(useAppSelector(selectShopOffers), packId);
}
