import type { OrderView } from './orderView';

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
  | 'Refunded';

export function playerStatusOf(order: Pick<OrderView, 'status' | 'credited' | 'refund'>): PlayerStatus {
  switch (order.status) {
    case 'pending':
      return 'Not paid yet';
    case 'paid':
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
  }
}
