import { API_ROUTES, type OffersResponse, type PromoCodeRequest, type PromoCodeResponse } from '../../../shared/api';
import { apiRequest } from '../../lib/apiClient';

/** The running public offers: a signed-in player's own (the first-purchase bonus only before their first paid order). */
export const readShopOffers = (signedIn: boolean) => apiRequest<OffersResponse>('GET', API_ROUTES.offers, { signedIn });

/** What a promo code adds to the pack, as the server decides; nothing is taken yet. */
export const checkPromoCode = (body: PromoCodeRequest) => apiRequest<PromoCodeResponse>('POST', API_ROUTES.promoCode, { body, signedIn: true });
