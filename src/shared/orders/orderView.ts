import type { GiftView } from '../gifts/gift';
import { findPack, isPackImage, type PackImage } from '../catalogue';
import { findStartingPackByTitle, STARTING_PACKS } from '../startingCatalogue';
import { isDisputeStatus, type DisputeStatus } from '../disputes/dispute';
import { REFUND_REQUEST_STATUSES, type RefundRequestStatus } from '../refunds/refundRequest';
import { isFinalStatus, isOrderStatus, statusFromProvider, type OrderStatus } from './orderStatus';
import { taxOf } from '../tax/orderTax';
import type { OrderTax } from '../tax/taxTreatment';
import { payMethodOrNull } from '../payMethod';
import { threeDSecureOrNull, type ThreeDSecureOutcome } from '../risk/threeDSecure';

/**
 * An order as the player's screens see it: what the API answers and what the client makes of a live
 * Firestore reading of transactions/{orderId}. Never holds the player's address or phone.
 */
export interface OrderView {
  orderId: string;
  /** The pack it was sold as (the shelf may no longer sell it), or null for an order too old to name one. */
  packId: number | null;
  /** The pack's picture as sold (null for an order of a pack this store never drew). */
  packImage: PackImage | null;
  productName: string;
  /** The pack's gems. */
  gemCount: number;
  /** The gems the order's offer adds (0 for none): credited with the pack's, and taken back with them by a refund. */
  bonusGems: number;
  /** The offer's title ("First-purchase bonus", a code's), or null for none. */
  offerTitle: string | null;
  /** Why the bonus the order was made under was not credited ("The code’s uses had run out …"), or null. */
  bonusWithheld: string | null;
  /** As the gateway takes it: "45.99". */
  amount: string;
  currency: string;
  status: OrderStatus;
  /** The gems were added to the player's balance (`checked` 1). */
  credited: boolean;
  createdAt: number;
  updatedAt: number;
  /** When the gems were credited; null before. */
  paidAt: number | null;
  /** How the provider says the player paid (e.g. card); null until it says. */
  paymentMethod: string | null;
  /** The method in detail, where the provider names it (../payMethod: "card:visa:4242", "paypal", "payid"); null otherwise. */
  payMethod: string | null;
  /** When the server last asked the provider about this order; null before the first time. */
  lastCheckedAt: number | null;
  /** The refund request on the order, if the player made one. */
  refund: { status: RefundRequestStatus; requestedAt: number; declineReason: string | null } | null;
  /** The provider's checkout, while the order is unpaid (the player may resume it); null otherwise. */
  checkoutUrl: string | null;
  /** When the money went back and the gems were taken back; null unless refunded. */
  refundedAt: number | null;
  /**
   * Why a payment that landed was not credited, but refunded in full: it would have passed the player's monthly
   * spending limit, or a young player's guardian's consent was no longer in place. Null for every other order.
   */
  notCredited: NotCreditedReason | null;
  /** The player's bank disputed the payment (a chargeback): where that stands; null for an order never disputed. */
  dispute: OrderDisputeSummary | null;
  /** How the sale is taxed, and the country it is counted in (an order made before the store recorded it: an Australian sale). */
  tax: Pick<OrderTax, 'treatment' | 'country'>;
  /** How the provider's 3-D Secure went, where it said (a failed check leaves the order unpaid, and the player is told why); null otherwise. */
  threeDSecure: ThreeDSecureOutcome | null;
  /** The creator whose code the order was made with (their name, as the receipt says it); null for none. */
  creatorName: string | null;
  /** A gift for a friend: to whom (a masked name and their tag) and the payer's message; null for any other order. */
  gift: GiftView | null;
}

/** A dispute as the order carries it for every screen (disputes/{orderId} holds it whole, for support). */
export interface OrderDisputeSummary {
  status: DisputeStatus;
  openedAt: number;
  /** When the bank decided, or support accepted it; null while open. */
  decidedAt: number | null;
}

export const NOT_CREDITED_REASONS = ['spendingLimit', 'guardianConsent'] as const;
export type NotCreditedReason = (typeof NOT_CREDITED_REASONS)[number];

/** Why a payment was refunded instead of credited, as every screen and email says it: "Refunded: it would have …". */
export const NOT_CREDITED_TEXTS: Record<NotCreditedReason, string> = {
  spendingLimit: 'it would have passed your monthly spending limit',
  guardianConsent: "a parent's or guardian's consent was no longer in place",
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The view of a stored transaction record (server) or of its live reading (client). */
export function toOrderView(orderId: string, record: Record<string, unknown>): OrderView {
  const productName = text(record.product_name);
  const rawStatus = text(record.status);
  // Orders made before the catalogue was data carry no picture: theirs is the starting pack's (by id, or by name before ids).
  const startingPack = typeof record.packId === 'number' ? findPack(STARTING_PACKS, record.packId) : findStartingPackByTitle(productName);
  return {
    orderId,
    packId: typeof record.packId === 'number' ? record.packId : (startingPack?.id ?? null),
    packImage: isPackImage(record.packImage) ? record.packImage : (startingPack?.image ?? null),
    productName,
    gemCount: number(record.gemCount),
    ...offerOf(record.offer),
    amount: text(record.amount),
    currency: text(record.currency),
    status: isOrderStatus(rawStatus) ? rawStatus : statusFromProvider(rawStatus),
    credited: record.checked === 1,
    createdAt: number(record.createdAt),
    updatedAt: number(record.updatedAt),
    paidAt: typeof record.paidAt === 'number' ? record.paidAt : null,
    paymentMethod: typeof record.paymentMethod === 'string' && record.paymentMethod ? record.paymentMethod : null,
    payMethod: payMethodOrNull(typeof record.payMethod === 'string' ? record.payMethod : undefined),
    lastCheckedAt: typeof record.lastCheckedAt === 'number' ? record.lastCheckedAt : null,
    refund: refundOf(record.refund),
    refundedAt: typeof record.refundedAt === 'number' ? record.refundedAt : null,
    dispute: disputeOf(record.dispute),
    checkoutUrl: rawStatus === 'pending' && /^https?:\/\/\S+$/.test(text(record.checkoutUrl)) ? text(record.checkoutUrl) : null,
    notCredited: notCreditedOf(record.notCredited),
    tax: taxViewOf(record.tax),
    threeDSecure: threeDSecureOrNull(typeof record.threeDSecure === 'string' ? record.threeDSecure : null),
    creatorName: creatorNameOf(record.creator),
    gift: giftViewOf(record.gift),
  };
}

/** The gift as the payer's screens show it: never the recipient's uid. */
function giftViewOf(value: unknown): GiftView | null {
  const gift = (typeof value === 'object' && value !== null ? value : null) as Record<string, unknown> | null;
  if (!gift || typeof gift.tag !== 'string' || typeof gift.maskedName !== 'string') return null;
  return { tag: gift.tag, maskedName: gift.maskedName, message: typeof gift.message === 'string' && gift.message ? gift.message : null };
}

function creatorNameOf(value: unknown): string | null {
  const name = typeof value === 'object' && value !== null ? (value as Record<string, unknown>).name : null;
  return typeof name === 'string' && name ? name : null;
}

function taxViewOf(value: unknown): OrderView['tax'] {
  const tax = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (tax.treatment === 'gstFreeExport' && typeof tax.country === 'string' && /^[A-Z]{2}$/.test(tax.country)) return { treatment: 'gstFreeExport', country: tax.country };
  return taxOf({});
}

function notCreditedOf(value: unknown): NotCreditedReason | null {
  const reason = (typeof value === 'object' && value !== null ? (value as Record<string, unknown>).reason : null) as NotCreditedReason;
  return NOT_CREDITED_REASONS.includes(reason) ? reason : null;
}

function offerOf(value: unknown): Pick<OrderView, 'bonusGems' | 'offerTitle' | 'bonusWithheld'> {
  const offer = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const bonusGems = number(offer.bonusGems);
  return { bonusGems, offerTitle: bonusGems > 0 ? text(offer.title) || null : null, bonusWithheld: text(offer.withheld) || null };
}

function disputeOf(value: unknown): OrderDisputeSummary | null {
  const dispute = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (!isDisputeStatus(dispute.status)) return null;
  return { status: dispute.status, openedAt: number(dispute.openedAt), decidedAt: typeof dispute.decidedAt === 'number' ? dispute.decidedAt : null };
}

function refundOf(value: unknown): OrderView['refund'] {
  const refund = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const status = refund.status as RefundRequestStatus;
  if (!REFUND_REQUEST_STATUSES.includes(status)) return null;
  return { status, requestedAt: number(refund.requestedAt), declineReason: typeof refund.declineReason === 'string' ? refund.declineReason : null };
}

/** Nothing more will happen to the order on its own: a final status, and a paid order's gems credited. */
export function isOrderSettled(order: Pick<OrderView, 'status' | 'credited'> & { notCredited?: NotCreditedReason | null }): boolean {
  return isFinalStatus(order.status) && (order.status !== 'paid' || order.credited || Boolean(order.notCredited));
}
