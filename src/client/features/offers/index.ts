/** The offers' public face: what the shop and the payment form show of them. Their sagas load with the routes (./feature). */
export { PackBonusBadge } from './components/PackBonusBadge';
export { PromoCodeField, usePromoCodeForSubmit } from './components/PromoCodeField';
export { useShopOffersLoaded } from './components/useShopOffers';
export { promoCodeChecked, promoCodeRefused, promoCodeRemoved, shopOffersWanted } from './offersSlice';
