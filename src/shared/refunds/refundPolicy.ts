import { centsOfAmount, formatAud, formatGemCount } from '../money';
import { isDisputedNow, type DisputeStatus } from '../disputes/dispute';
import type { OrderStatus } from '../orders/orderStatus';
import { policyFacts } from '../policy';
import { bonusGemsText, creditedGems } from '../offers/offer';
import { giftTexts } from '../gifts/gift';

/**
 * The refund policy as a rule (docs/storefront.md, Business rules, and the refund policy page): a request within 7 days of the purchase,
 * for gems still unused (the player's balance holds at least the pack's gems), of an amount no more than
 * the player's last transaction. The server decides with it; the receipt shows its answer.
 */
export const REFUND_WINDOW_MS = policyFacts.refundRequestWindowDays * 24 * 60 * 60 * 1000;

export type RefundRefusal = 'notPaid' | 'notCredited' | 'disputed' | 'alreadyRequested' | 'tooLate' | 'gemsUsed' | 'overLastTransaction';

export interface RefundFacts {
  order: { status: OrderStatus; credited: boolean; paidAt: number | null; createdAt: number; gemCount: number; bonusGems: number; amount: string; dispute?: { status: DisputeStatus } | null };
  /** A refund was already requested for this order (one request per order). */
  alreadyRequested: boolean;
  now: number;
  /** The player's gem balance now; a gift's recipient's, for a gift (refunded only while they hold all its gems). */
  balance: number;
  /** The order is a gift for a friend: its gems are in the recipient's balance. */
  gift?: boolean;
  /** Gems the player's other waiting refund requests would take back (0 when none). */
  heldByOtherRequests?: number;
  /** Gems of daily gifts claimed since the purchase: free, so they never count as the pack's unused gems. */
  giftGemsSincePurchase?: number;
  /** The amount of the player's most recent paid order, as the gateway takes it ("45.99"); null when none. */
  lastTransactionAmount: string | null;
}

export type RefundEligibility = { eligible: true } | { eligible: false; refusal: RefundRefusal; message: string };

const refuse = (refusal: RefundRefusal, message: string): RefundEligibility => ({ eligible: false, refusal, message });

/** When the player bought the order: when its payment was confirmed, else when it was placed. */
export function purchasedAt(order: RefundFacts['order']): number {
  return order.paidAt ?? order.createdAt;
}

export function refundEligibility({ order, alreadyRequested, now, balance, gift = false, heldByOtherRequests = 0, giftGemsSincePurchase = 0, lastTransactionAmount }: RefundFacts): RefundEligibility {
  const days = policyFacts.refundRequestWindowDays;
  if (order.status !== 'paid') return refuse('notPaid', 'Only a paid order can be refunded.');
  if (!order.credited) return refuse('notCredited', "This order's gems have not been added yet. Once they are, you can ask for a refund here.");
  if (isDisputedNow(order.dispute)) {
    return refuse('disputed', "Your bank is reviewing this payment, so it cannot be refunded here too: the bank's decision returns the money if it finds for you.");
  }
  if (alreadyRequested) return refuse('alreadyRequested', 'A refund has already been requested for this order.');
  if (now - purchasedAt(order) > REFUND_WINDOW_MS) {
    return refuse('tooLate', `Refunds can be requested within ${days} days of purchase, and this order is older than that.`);
  }
  if (balance - heldByOtherRequests - giftGemsSincePurchase < creditedGems(order)) {
    if (gift) return refuse('gemsUsed', giftTexts.refundSpent);
    const spokenFor = [
      ...(heldByOtherRequests > 0 ? [`your other refund requests would take back ${formatGemCount(heldByOtherRequests)}`] : []),
      ...(giftGemsSincePurchase > 0 ? [`${formatGemCount(giftGemsSincePurchase)} came from free daily gifts since the purchase`] : []),
    ];
    const held = spokenFor.length > 0 ? `, of which ${spokenFor.join(' and ')}` : '';
    const bonus = order.bonusGems > 0 ? ` (${bonusGemsText(order.bonusGems)} included)` : '';
    return refuse(
      'gemsUsed',
      `Refunds are for unused gems only. This ${bonus ? 'order' : 'pack'} added ${formatGemCount(creditedGems(order))} gems${bonus} and your balance is ${formatGemCount(balance)}${held}.`,
    );
  }
  const last = lastTransactionAmount === null ? Number.NaN : centsOfAmount(lastTransactionAmount);
  if (!(centsOfAmount(order.amount) <= last)) {
    const lastText = Number.isNaN(last) ? 'none' : formatAud(last);
    return refuse('overLastTransaction', `A refund can be no more than your last transaction (${lastText}). Please contact support about this order.`);
  }
  return { eligible: true };
}
