import type { Offer, PublicOffer } from '../offers/offer';
import type { OfferAuditEntry } from '../offers/offerAudit';
import type { OfferFormData } from '../validation/offer';
import type { GemPack } from '../catalogue';

// The offers API's shapes: the shop's offers, a promo code, support's offers desk.
/** GET /api/offers */
export interface OffersResponse {
  offers: PublicOffer[];
}

/** POST /api/offers/code */
export type PromoCodeRequest = { code: string; packId: number };
export interface PromoCodeResponse {
  /** The code as the store keeps it (upper case). */
  code: string;
  title: string;
  bonusGems: number;
}

/** GET /api/support/offers: every offer, and the zone its times are entered in. */
export interface SupportOffersResponse {
  offers: Offer[];
  timeZone: string;
  /** The published catalogue's packs (on the shelf or scheduled): those an offer may name. */
  packs: GemPack[];
}

/** GET /api/support/offers/:offerId */
export interface SupportOfferDetail {
  offer: Offer;
  audit: OfferAuditEntry[];
  timeZone: string;
}

/** POST /api/support/offers; PUT /api/support/offers/:offerId also names the change it was made from (`updatedAt`). */
export type OfferRequest = OfferFormData;
export type OfferUpdateRequest = OfferFormData & { updatedAt: number };

/** GET and PUT /api/offers/preferences: whether the player has offers tailored to them (false: the default offer only). */
export interface OfferPreferences {
  tailored: boolean;
}
