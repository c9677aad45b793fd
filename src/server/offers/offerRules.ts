import type { GemPack } from '../../shared/catalogue';
import { bonusGemsFor, hasUseLeft, isOfferRunning, type AppliedOffer, type Offer, type PublicOffer } from '../../shared/offers/offer';

/**
 * Which offer an order gets, and whether a promo code may be used: pure rules over offers as stored, so the
 * Firestore repository and the in-memory one decide alike. The server alone applies them.
 */

/** What a promo code that cannot be used answers, inline under the field. */
export const promoCodeMessages = {
  unknown: 'We do not know that promo code. Check it and try again.',
  notYet: 'That promo code is not valid yet.',
  ended: 'That promo code has expired.',
  otherPack: 'That promo code is not for this pack.',
  usedUp: 'That promo code has been used up.',
  usedByPlayer: 'You have already used that promo code.',
} as const;

/** The offer an order records: the bonus in gems, fixed when the order is made. */
export function appliedOfferOf(offer: Offer, pack: Pick<GemPack, 'id' | 'gemCount'>): AppliedOffer {
  return { id: offer.id, kind: offer.kind, title: offer.title, ...(offer.code ? { code: offer.code } : {}), bonusGems: bonusGemsFor(offer, pack) };
}

/**
 * The running offer with the largest bonus on the pack, among the public ones the player may have: a
 * first-purchase bonus only for a player with no paid order. One offer per order; none when no bonus applies.
 */
export function bestPublicOffer(offers: Offer[], pack: GemPack, now: number, firstPurchaseEligible: boolean): AppliedOffer | null {
  let best: AppliedOffer | null = null;
  for (const offer of offers) {
    if (!offer.public || !isOfferRunning(offer, now)) continue;
    if (offer.kind === 'firstPurchase' && !firstPurchaseEligible) continue;
    const applied = appliedOfferOf(offer, pack);
    if (applied.bonusGems > 0 && (!best || applied.bonusGems > best.bonusGems)) best = applied;
  }
  return best;
}

/** The shop's view of the running public offers the player may have: the bonus per pack of the shelf, and the real end. */
export function publicOffersFor(offers: Offer[], now: number, firstPurchaseEligible: boolean, shelf: readonly GemPack[]): PublicOffer[] {
  return offers
    .filter((offer) => offer.public && offer.kind !== 'promoCode' && isOfferRunning(offer, now))
    .filter((offer) => offer.kind !== 'firstPurchase' || firstPurchaseEligible)
    .map((offer) => ({
      id: offer.id,
      kind: offer.kind as PublicOffer['kind'],
      title: offer.title,
      endsAt: offer.endsAt,
      bonusByPack: Object.fromEntries(shelf.map((pack) => [pack.id, bonusGemsFor(offer, pack)]).filter(([, gems]) => gems! > 0)),
    }));
}

/** Why a promo code cannot be used on the pack now by a player who has used it `playerUses` times; null when it can. */
export function codeRefusal(offer: Offer | null, pack: GemPack, now: number, playerUses: number): string | null {
  if (!offer || offer.kind !== 'promoCode') return promoCodeMessages.unknown;
  if (!offer.active || (offer.endsAt !== null && now >= offer.endsAt)) return promoCodeMessages.ended;
  if (now < offer.startsAt) return promoCodeMessages.notYet;
  if (bonusGemsFor(offer, pack) === 0) return promoCodeMessages.otherPack;
  if (!hasUseLeft({ ...offer, perPlayerUses: null }, playerUses)) return promoCodeMessages.usedUp;
  if (!hasUseLeft({ ...offer, totalUses: null }, playerUses)) return promoCodeMessages.usedByPlayer;
  return null;
}

/** A promo code's offer id: one offer per code, so two offers can never share a code (the id is created once). */
export const promoCodeOfferId = (code: string) => `code-${code}`;
