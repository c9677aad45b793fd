import type { GemPack } from '../../shared/catalogue';
import { bonusGemsFor, hasUseLeft, isOfferRunning, isTailored, type AppliedOffer, type Offer, type OfferBonus, type PublicOffer } from '../../shared/offers/offer';
import { audienceWords, inAudience, type AudienceFacts } from '../../shared/offers/audience';
import { armBonus, experimentOf, type OrderArm } from '../../shared/offers/experiment';
import { armOf } from './armAssignment';

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

/** Who is asking: a player (their uid, whether a first-purchase bonus may be theirs, and their audience facts, null when no running offer needs them), or a visitor. */
export interface OfferAsker {
  uid: string | null;
  firstPurchaseEligible: boolean;
  facts: AudienceFacts | null;
}

/**
 * What a running public offer gives the asker: its bonus (the arm's, in an experiment) and the arm they are in, or
 * null when it is not theirs. An offer to an audience, or run as an experiment, is only ever an adult's who did not opt
 * out and whom every rule holds (inAudience); a visitor, whose facts are unknown, sees only offers to every player.
 */
export function offerForAsker(offer: Offer, now: number, asker: OfferAsker): { bonus: OfferBonus | null; arm: OrderArm | null } | null {
  if (!offer.public || !isOfferRunning(offer, now)) return null;
  if (offer.kind === 'firstPurchase' && !asker.firstPurchaseEligible) return null;
  if (!isTailored(offer)) return { bonus: offer.bonus, arm: null };
  if (asker.uid === null || !asker.facts || !inAudience(offer.audience ?? [], asker.facts, now)) return null;
  if (!offer.experiment) return { bonus: offer.bonus, arm: null };
  // A paused experiment places nobody, and its offer gives nothing until it is resumed.
  if (offer.experiment.paused) return null;
  const experiment = experimentOf({ id: offer.id, experiment: offer.experiment });
  const arm = armOf(experiment, asker.uid);
  return { bonus: armBonus(experiment, arm), arm: { experimentId: offer.id, arm } };
}

/** The arms of the running experiments the asker is in (a holdout's included), whatever the pack. */
export const armsFor = (offers: readonly Offer[], now: number, asker: OfferAsker): OrderArm[] => offers.flatMap((offer) => offerForAsker(offer, now, asker)?.arm ?? []);

/** What an order is made under: the bonus (one offer per order; none when no bonus applies), and every experiment's arm the player is in. */
export interface OfferChoice {
  applied: AppliedOffer | null;
  arms: OrderArm[];
}

/**
 * The running public offer with the largest bonus on the pack among those the asker may have, and the arms of the
 * experiments they are in (a holdout's arm recorded too, with no bonus from it).
 */
export function chooseOffer(offers: Offer[], pack: GemPack, now: number, asker: OfferAsker): OfferChoice {
  let applied: AppliedOffer | null = null;
  const arms: OrderArm[] = [];
  for (const offer of offers) {
    const given = offerForAsker(offer, now, asker);
    if (!given) continue;
    if (given.arm) arms.push(given.arm);
    if (!given.bonus) continue;
    const candidate = appliedOfferOf({ ...offer, bonus: given.bonus }, pack);
    if (candidate.bonusGems > 0 && (!applied || candidate.bonusGems > applied.bonusGems)) applied = candidate;
  }
  return { applied, arms };
}

/**
 * The shop's view of the running public offers the asker may have: the bonus per pack of the shelf (the arm's, in an
 * experiment), the real end, and for an offer to an audience why they have it. An arm without a bonus shows nothing.
 */
export function publicOffersFor(offers: Offer[], now: number, asker: OfferAsker, shelf: readonly GemPack[]): PublicOffer[] {
  const shown: PublicOffer[] = [];
  for (const offer of offers) {
    if (offer.kind === 'promoCode') continue;
    const given = offerForAsker(offer, now, asker);
    if (!given?.bonus) continue;
    const bonus = given.bonus;
    shown.push({
      id: offer.id,
      kind: offer.kind,
      title: offer.title,
      ...(offer.audience?.length ? { audience: audienceWords(offer.audience) } : {}),
      endsAt: offer.endsAt,
      bonusByPack: Object.fromEntries(shelf.map((pack) => [pack.id, bonusGemsFor({ bonus, packIds: offer.packIds }, pack)]).filter(([, gems]) => gems! > 0)),
    });
  }
  return shown;
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
