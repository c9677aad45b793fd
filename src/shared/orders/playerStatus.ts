import { disputeTexts, isDisputeOpen } from '../disputes/dispute';
import { NOT_CREDITED_TEXTS, type OrderView } from './orderView';
import { PAYID_WAITING, payMethodKind } from '../payMethod';

/** An order's status in the words a player understands: the orders page, the receipt and the emails use these. */
export type PlayerStatus =
  | 'Not paid yet'
  | 'Paid'
  | 'Gems added'
  | 'Declined'
  | 'Cancelled'
  | 'Expired'
  | 'Refund requested'
  | 'Refund under way'
  | 'Refunded'
  | typeof disputeTexts.disputed
  | typeof disputeTexts.chargedBack;

export function playerStatusOf(
  order: Pick<OrderView, 'status' | 'credited' | 'refund'> & { notCredited?: OrderView['notCredited']; dispute?: OrderView['dispute'] },
): PlayerStatus {
  switch (order.status) {
    case 'pending':
      return 'Not paid yet';
    case 'paid':
      if (order.dispute && isDisputeOpen(order.dispute.status)) return disputeTexts.disputed;
      if (order.notCredited) return 'Refund under way';
      if (!order.credited) return 'Paid';
      if (order.refund?.status === 'requested') return 'Refund requested';
      return order.refund?.status === 'approving' ? 'Refund under way' : 'Gems added';
    case 'failed':
      return 'Declined';
    case 'cancelled':
      return 'Cancelled';
    case 'expired':
      return 'Expired';
    case 'refunded':
      return 'Refunded';
    case 'charged_back':
      return disputeTexts.chargedBack;
  }
}

/** The status as a line a player reads, with why when a payment was refunded instead of credited: "Refunded: it would have …". */
export function playerStatusLine(order: Parameters<typeof playerStatusOf>[0] & { payMethod?: OrderView['payMethod'] }): string {
  const status = playerStatusOf(order);
  // A bank transfer under way is not a payment missing: the player hears it may take hours, and needs do nothing.
  if (order.status === 'pending' && payMethodKind(order.payMethod ?? null) === 'payid') return PAYID_WAITING;
  return order.notCredited ? `${status}: ${NOT_CREDITED_TEXTS[order.notCredited]}` : status;
}
