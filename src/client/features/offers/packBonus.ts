import type { PublicOffer } from '../../../shared/offers/offer';

/** What the shop shows for a pack: the largest running offer's bonus on it (the server applies the same rule to the order). */
export interface PackBonus {
  gems: number;
  title: string;
  endsAt: number | null;
  /** Why the player has it, for an offer to an audience ("A bonus for players returning after a while"). */
  audience?: string;
}

export function packBonusOf(offers: readonly PublicOffer[] | null, packId: number): PackBonus | null {
  let best: PackBonus | null = null;
  for (const offer of offers ?? []) {
    const gems = offer.bonusByPack[packId] ?? 0;
    if (gems > 0 && (!best || gems > best.gems)) best = { gems, title: offer.title, endsAt: offer.endsAt, ...(offer.audience ? { audience: offer.audience } : {}) };
  }
  return best;
}
