import { centsOfAmount } from '../../shared/money';
import { GIFT_RETURN_DAYS } from '../../shared/dailyGift/dailyGift';
import { DAY_PATTERN, daysBetween } from '../../shared/wallTime';
import { hasUseLeft, type AppliedOffer, type Offer } from '../../shared/offers/offer';
import type { NotCreditedReason } from '../../shared/orders/orderView';
import { ageBandOf } from '../../shared/protections/age';
import { buyerStanding, type PlayerProtections } from '../../shared/protections/playerProtections';
import { startOfMonthIn } from '../../shared/protections/spendingLimit';
import type { TransactionRecord } from './transactionRecord';

/**
 * What a credit is decided from besides the order itself, so a promise made when the order was made still holds
 * when its money lands, however late: the first-purchase bonus goes only with the player's first paid order, a
 * promo code pays its bonus only on orders that hold one of its uses, and paid money never passes the player's
 * monthly limit nor comes from a young player without a guardian's consent. The repositories read these facts in
 * the commit that credits (the month's orders just before it, under the player's guard) and apply the same plan.
 */

/** first_purchase_bonuses/{uid}: the player's first paid order, created by the first credit of any order of theirs. */
export interface FirstPaidOrder {
  orderId: string;
  /** The first-purchase bonus it was credited (0: it carried none). */
  gems: number;
}

/** Why a payment is refunded instead of credited, and whom besides the player to tell (a young player's guardian). */
export interface CreditRefusal {
  reason: NotCreditedReason;
  guardianEmail: string | null;
}

export interface CreditFacts {
  firstPaid: FirstPaidOrder | null;
  /** For an order whose promo code use was given back: whether the code may take one again now; null otherwise. */
  codeUseLeft: boolean | null;
  refusal: CreditRefusal | null;
  /** The gems the player owes from a disputed payment (users/{uid}.gemDebt): the credit pays it first. */
  gemDebt: number;
  /** The player claimed a daily gift in the GIFT_RETURN_DAYS before (users/{uid}.lastGiftDay): the overview counts their payments apart. */
  giftClaimer: boolean;
}

export const NO_CREDIT_FACTS: CreditFacts = { firstPaid: null, codeUseLeft: null, refusal: null, gemDebt: 0, giftClaimer: false };

/** Whether a player whose last daily gift was on `lastGiftDay` claimed one in the GIFT_RETURN_DAYS before `today`. */
export const isRecentGiftClaimer = (lastGiftDay: unknown, today: string) =>
  typeof lastGiftDay === 'string' && DAY_PATTERN.test(lastGiftDay) && daysBetween(lastGiftDay, today) <= GIFT_RETURN_DAYS;

/** The order holds a promo code whose use it gave back when it ended unpaid: a late payment must take one again. */
export const needsCodeUseAgain = (record: Pick<TransactionRecord, 'offer'>) => record.offer?.kind === 'promoCode' && record.offer.released === true;

/** Whether the code may take one more use, from the offer and the player's uses as read. */
export function codeUseLeftOf(offer: Offer | null, playerUses: number): boolean {
  return offer !== null && hasUseLeft(offer, playerUses);
}

/** The months an order counts in: from the start of its creation's month in the store's zone to the next month's. */
export function monthOf(timeZone: string, createdAt: number): { from: number; to: number } {
  const from = startOfMonthIn(timeZone, createdAt);
  return { from, to: startOfMonthIn(timeZone, from + 32 * 86_400_000) };
}

/** The money the player's credited orders of the order's month hold (refunded and refused ones hold none), this order left out. */
export function paidInMonthOf(record: TransactionRecord, monthOrders: TransactionRecord[], month: { from: number; to: number }): number {
  return monthOrders
    .filter((other) => other.order_id !== record.order_id && other.createdAt >= month.from && other.createdAt < month.to)
    .filter((other) => other.status === 'paid' && other.checked === 1)
    .reduce((sum, other) => sum + centsOfAmount(other.amount), 0);
}

/**
 * Whether crediting the order now would break the player's protections: a young player whose guardian's consent
 * is not in place, or money past the monthly limit in effect now, counted in the month the order was made.
 */
export function creditRefusalOf(
  record: TransactionRecord,
  protections: PlayerProtections,
  paidInMonth: number,
  now: number,
  today: string,
): CreditRefusal | null {
  const { block, spendingLimitCents } = buyerStanding(protections, now, today);
  const young = protections.birthDate !== null && ageBandOf(protections.birthDate, today) === 'underMinimum';
  const guardianEmail = young ? (protections.guardianConsent?.guardianEmail ?? null) : null;
  if (block === 'guardianConsentNeeded') return { reason: 'guardianConsent', guardianEmail };
  if (spendingLimitCents !== null && paidInMonth + centsOfAmount(record.amount) > spendingLimitCents) return { reason: 'spendingLimit', guardianEmail };
  return null;
}

/** The order's offer as it is credited, and what its credit does to the code's uses. */
export function offerAsCredited(record: TransactionRecord, facts: CreditFacts): { offer: AppliedOffer | undefined; codeUse: 0 | 1 } {
  const { offer } = record;
  if (offer?.kind === 'firstPurchase' && offer.bonusGems > 0 && facts.firstPaid && facts.firstPaid.orderId !== record.order_id) {
    const withheld =
      facts.firstPaid.gems > 0
        ? `The first-purchase bonus went with order ${facts.firstPaid.orderId}.`
        : `The first-purchase bonus is for a first purchase only: order ${facts.firstPaid.orderId} was paid first.`;
    return { offer: { ...offer, bonusGems: 0, withheld }, codeUse: 0 };
  }
  if (offer && needsCodeUseAgain(record)) {
    if (facts.codeUseLeft) return { offer: { ...offer, released: false }, codeUse: 1 };
    return { offer: { ...offer, bonusGems: 0, withheld: 'The code’s uses had run out when this payment landed.' }, codeUse: 0 };
  }
  return { offer, codeUse: 0 };
}
