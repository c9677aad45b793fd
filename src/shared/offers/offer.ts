import type { GemPack } from '../catalogue';
import type { AudienceRule } from './audience';
import type { OfferExperiment } from './experiment';
import type { OfferBonus } from './bonus';
import { formatGemCount } from '../money';

/**
 * The store's offers: extra gems on a pack, decided by the server when an order is made, recorded on the order
 * and credited with it. Honest by construction: an offer has a real end time or none, never a count of
 * what is "left", and its bonus is a number of gems the player reads before paying and finds on the receipt.
 */

export const OFFER_KINDS = ['firstPurchase', 'promoCode', 'timeBoxed'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

export const OFFER_KIND_NAMES: Record<OfferKind, string> = {
  firstPurchase: 'First-purchase bonus',
  promoCode: 'Promo code',
  timeBoxed: 'Time-boxed bonus',
};

export type { OfferBonus } from './bonus';

/** offers/{id}: one offer as staff set it. */
export interface Offer {
  id: string;
  kind: OfferKind;
  /** What players read beside the bonus: "Weekend bonus". */
  title: string;
  bonus: OfferBonus;
  /** The packs it applies to; null for every pack. */
  packIds: number[] | null;
  startsAt: number;
  /** A real end (ms), or null for none. */
  endsAt: number | null;
  /** Staff end an offer by clearing this; an ended offer stays on record. */
  active: boolean;
  /** Players may read it (first-purchase and time-boxed offers); a promo code never is. */
  public: boolean;
  /** Promo codes: the code (upper case), how many orders may use it in all and per player (null: no cap). */
  code?: string;
  totalUses?: number | null;
  perPlayerUses?: number | null;
  /**
   * Promo codes: the orders holding a use now (made with the code, and not ended unpaid), as the server answers it.
   * The offer's document keeps only the uses counted before they were split into shards (server/codeUses).
   */
  uses?: number;
  /** Who may have it (./audience): every rule must hold. Absent or empty: every player; a visitor sees only such offers. */
  audience?: AudienceRule[];
  /** Run against a holdout (./experiment): the arms, their weights, the holdout's share, and whether it is paused; null or absent: not an experiment. */
  experiment?: OfferExperiment | null;
  updatedAt: number;
}

/** The one first-purchase offer's id: `npm run offers -- start first-purchase` names it. */
export const FIRST_PURCHASE_OFFER_ID = 'first-purchase';

/** What an order records of the offer it was made under: the gems it adds, the same number on every screen. */
export interface AppliedOffer {
  id: string;
  kind: OfferKind;
  title: string;
  code?: string;
  bonusGems: number;
  /** Why a promised bonus was not credited (a first-purchase bonus another order took first). */
  withheld?: string;
  /** A promo code use given back when the order ended unpaid. */
  released?: boolean;
}

/** An offer as the shop shows it: the bonus in gems for each pack it applies to, and its end. */
export interface PublicOffer {
  id: string;
  kind: Exclude<OfferKind, 'promoCode'>;
  title: string;
  /** Why this player has it, for an offer to an audience (./audience audienceWords): "A bonus for players returning after a while". */
  audience?: string;
  endsAt: number | null;
  /** Pack id → bonus gems. */
  bonusByPack: Record<number, number>;
}

/** The bonus gems an offer adds to a pack: 0 when it is not for that pack. */
export function bonusGemsFor(offer: Pick<Offer, 'bonus' | 'packIds'>, pack: Pick<GemPack, 'id' | 'gemCount'>): number {
  if (offer.packIds && !offer.packIds.includes(pack.id)) return 0;
  const { unit, amount } = offer.bonus;
  return Math.max(0, Math.floor(unit === 'percent' ? (pack.gemCount * amount) / 100 : amount));
}

/** Tailored: to an audience, or run as an experiment. Only an adult who did not opt out ever has one. */
export const isTailored = (offer: Pick<Offer, 'audience' | 'experiment'>) => (offer.audience?.length ?? 0) > 0 || Boolean(offer.experiment);

/** Running at `now`: active, started, and not ended. */
export function isOfferRunning(offer: Pick<Offer, 'active' | 'startsAt' | 'endsAt'>, now: number): boolean {
  return offer.active && offer.startsAt <= now && (offer.endsAt === null || now < offer.endsAt);
}

/** A promo code may take one more use: under its total cap and under the player's (`playerUses` they hold now). */
export function hasUseLeft(offer: Pick<Offer, 'uses' | 'totalUses' | 'perPlayerUses'>, playerUses: number): boolean {
  if (offer.totalUses != null && (offer.uses ?? 0) >= offer.totalUses) return false;
  return offer.perPlayerUses == null || playerUses < offer.perPlayerUses;
}

/** The gems an order adds to the balance: the pack's and its offer's. A refund takes back the same. */
export function creditedGems(order: { gemCount: number; bonusGems: number }): number {
  return order.gemCount + order.bonusGems;
}

/** What an order gives, as its record holds it: the pack's gems and the bonus it was made (or credited) under. */
export interface GemsGiven {
  gemCount: number;
  bonusGems: number;
  /** The bonus's title ("Dragon Week", a code's), or null for none. */
  offerTitle: string | null;
}

/** The parts of an order (its view or its record's reading) that say what it gives. */
export function gemsGiven(order: GemsGiven): GemsGiven {
  return { gemCount: order.gemCount, bonusGems: order.bonusGems, offerTitle: order.offerTitle };
}

/**
 * What an order gives, as one figure with its parts, the same on every screen and email: "+1,200 gems (1,000 +
 * 200 bonus, Dragon Week)", or "+1,000 gems" with no bonus.
 */
export function landedGemsText(order: GemsGiven): string {
  const total = `+${formatGemCount(creditedGems(order))} gems`;
  if (order.bonusGems <= 0) return total;
  return `${total} (${formatGemCount(order.gemCount)} + ${formatGemCount(order.bonusGems)} bonus${order.offerTitle ? `, ${order.offerTitle}` : ''})`;
}

/** "+1,000 bonus gems" */
export function bonusGemsText(gems: number): string {
  return `+${formatGemCount(gems)} bonus gems`;
}

/** "+3,500 bonus gems (First-purchase bonus)": an order's bonus as the receipt, the history, the email and support write it; null for none. */
export function orderBonusText(order: { bonusGems: number; offerTitle: string | null }): string | null {
  if (order.bonusGems <= 0) return null;
  return order.offerTitle ? `${bonusGemsText(order.bonusGems)} (${order.offerTitle})` : bonusGemsText(order.bonusGems);
}

/** "+100 %" or "+500 gems": how staff read a bonus. */
export function bonusText({ unit, amount }: OfferBonus): string {
  return unit === 'percent' ? `+${amount} %` : `+${formatGemCount(amount)} gems`;
}
