import { GIFT_REFUSAL_REASONS } from '../dailyGift/giftRefusals';
import { CATALOGUE_REFUSAL_REASONS } from '../catalogueRefusals';
import { FRIEND_GIFT_REFUSAL_REASONS } from '../gifts/gift';
import type { OpenOrder } from './payments';

/** The reasons a refusal may name (ApiErrorBody.reason). */
export const API_REFUSAL_REASONS = [
  'openOrderCap',
  'spendingLimit',
  'birthDateNeeded',
  'guardianConsentNeeded',
  'disputePaused',
  'promoCode',
  'salesCountry',
  'notOnSale',
  'packLimit',
  'priceChanged',
  /** A store session asked for personal data the game has not confirmed it may reach (src/shared/storeSession.ts). */
  'confirmInGame',
  /** The risk decision refused the payment before the provider was asked (shared/risk); `retryAt` when a cooling period ends. */
  'risk',
  /** A creator's code that is not active (shared/creators). */
  'creatorCode',
  /** A deletion is asked with a fresh sign-in (shared/privacy RECENT_SIGN_IN_MS); one carried out waits while something holds it. */
  'signInAgain',
  'deletionWaits',
  ...GIFT_REFUSAL_REASONS,
  ...FRIEND_GIFT_REFUSAL_REASONS,
  ...CATALOGUE_REFUSAL_REASONS,
] as const;

/** Every error the API answers, with words meant for the player. */
export interface ApiErrorBody {
  error: string;
  /** POST /api/payments refused for open orders the player was not asked about (see StartPaymentRequest). */
  openOrders?: OpenOrder[];
  /**
   * Why POST /api/payments refused: the player has MAX_OPEN_ORDERS unpaid orders open, the order would pass
   * their monthly spending limit, or they may not buy yet (no date of birth; under 13 without consent); the
   * promo code cannot be used (also POST /api/offers/code), said under its field; the buyer is where the store does
   * not sell (SALES_COUNTRIES); a daily gift is claimed today already, not for this account yet, or by this browser or
   * address for others; the pack is not on the shelf, the player bought it as often as it allows, or its price
   * changed since the page showed it; a change to the catalogue was refused (../shared/catalogue's reasons).
   */
  reason?: (typeof API_REFUSAL_REASONS)[number];
  /** A risk refusal's cooling period ends then (ms): the player may try again. */
  retryAt?: number;
}
