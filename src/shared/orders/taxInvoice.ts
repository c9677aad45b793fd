import { centsOfAmount, gstOfCents } from '../catalogue';
import { disputeTexts } from '../disputes/dispute';
import { wasReversed, wasSold } from './orderStatus';
import type { OrderView } from './orderView';

/**
 * The figures of an Australian tax invoice for a paid order: one pack, its GST-inclusive price and the GST in it;
 * for a refunded or charged-back one, its adjustment note too (the whole sale went back, so the whole GST is adjusted).
 */
export interface TaxInvoice {
  orderId: string;
  issuedAt: number;
  item: string;
  gems: number;
  quantity: 1;
  totalCents: number;
  gstCents: number;
  /** The adjustment note of a sale refunded or charged back: the whole amount returned, when, how, and the GST in it adjusted. */
  adjustment: { at: number; reason: 'refund' | 'chargeback'; amountCents: number; gstCents: number } | null;
}

/** How an adjustment note names its rows, for a refund and for a chargeback: the receipt page and the emails read these. */
export const ADJUSTMENT_LABELS = {
  refund: { on: 'Refunded on', amount: 'Refunded (incl. GST)', why: null },
  chargeback: { on: 'Charged back on', amount: 'Charged back (incl. GST)', why: disputeTexts.adjustment },
} as const;

/** The tax invoice of an order, or null when it was never paid (no sale, no invoice). */
export function taxInvoiceOf(order: OrderView): TaxInvoice | null {
  if (!wasSold(order.status)) return null;
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
    adjustment: wasReversed(order.status) ? { ...adjustmentOf(order), amountCents: totalCents, gstCents: gstOfCents(totalCents) } : null,
  };
}

function adjustmentOf(order: OrderView): { at: number; reason: 'refund' | 'chargeback' } {
  if (order.status === 'charged_back') return { at: order.dispute?.decidedAt ?? order.updatedAt, reason: 'chargeback' };
  return { at: order.refundedAt ?? order.updatedAt, reason: 'refund' };
}
