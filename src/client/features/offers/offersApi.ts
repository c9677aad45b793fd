import { API_ROUTES, type OffersResponse, type PromoCodeRequest, type PromoCodeResponse } from '../../../shared/api';
import { apiRequest } from '../../lib/apiClient';
import { sessionCreatorCode, visitSource } from '../../lib/visitSource';

/**
 * The running public offers: a signed-in player's own (the first-purchase bonus only before their first paid order; an
 * offer to players who came one way judged by where this visit came from).
 */
export const readShopOffers = (signedIn: boolean) =>
  apiRequest<OffersResponse>('GET', API_ROUTES.offers, { signedIn, ...(signedIn ? { query: { source: visitSource().last.source, ...(sessionCreatorCode() ? { creator: sessionCreatorCode() } : {}) } } : {}) });

/** What a promo code adds to the pack, as the server decides; nothing is taken yet. */
export const checkPromoCode = (body: PromoCodeRequest) => apiRequest<PromoCodeResponse>('POST', API_ROUTES.promoCode, { body, signedIn: true });
