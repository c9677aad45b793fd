import { API_ROUTES, type OfferRequest, type OfferUpdateRequest, type SupportOfferDetail, type SupportOffersResponse } from '../../../shared/api';
import type { Offer } from '../../../shared/offers/offer';
import { apiRequest } from '../../lib/apiClient';

/** The offers screen's calls; every one carries the staff member's ID token. */
const staff = { signedIn: true };

export const readOffers = () => apiRequest<SupportOffersResponse>('GET', API_ROUTES.supportOffers, staff);
export const readOffer = (offerId: string) => apiRequest<SupportOfferDetail>('GET', API_ROUTES.supportOffer, { ...staff, parameters: { offerId } });
export const createOffer = (body: OfferRequest) => apiRequest<Offer>('POST', API_ROUTES.supportOffers, { ...staff, body });
export const updateOffer = (offerId: string, body: OfferUpdateRequest) => apiRequest<Offer>('PUT', API_ROUTES.supportOffer, { ...staff, parameters: { offerId }, body });
export const endOffer = (offerId: string) => apiRequest<Offer>('POST', API_ROUTES.supportOfferEnd, { ...staff, parameters: { offerId } });
