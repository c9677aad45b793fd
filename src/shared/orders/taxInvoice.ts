import { centsOfAmount, gstOfCents } from '../catalogue';
import type { OrderView } from './orderView';

/**
 * The figures of an Australian tax invoice for a paid order: one pack, its GST-inclusive price and the GST in it;
 * for a refunded one, its adjustment note too (the whole sale is refunded, so the whole GST is adjusted).
 */
export interface TaxInvoice {
  orderId: string;
  issuedAt: number;
  item: string;
  gems: number;
  quantity: 1;
  totalCents: number;
  gstCents: number;
  /** The adjustment note of a refunded sale: the whole amount returned, when, and the GST in it adjusted. */
  adjustment: { refundedAt: number; amountCents: number; gstCents: number } | null;
}

/** The tax invoice of an order, or null when it was never paid (no sale, no invoice). */
export function taxInvoiceOf(order: OrderView): TaxInvoice | null {
  if (order.status !== 'paid' && order.status !== 'refunded') return null;
  const totalCents = centsOfAmount(order.amount);
  if (Number.isNaN(totalCents)) return null;
  return {
    orderId: order.orderId,
    issuedAt: order.paidAt ?? order.updatedAt,
    item: order.productName,
    gems: order.gemCount,
    quantity: 1,
    totalCents,
    gstCents: gstOfCents(totalCents),
    adjustment:
      order.status === 'refunded' ? { refundedAt: order.refundedAt ?? order.updatedAt, amountCents: totalCents, gstCents: gstOfCents(totalCents) } : null,
  };
}
