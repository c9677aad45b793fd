import { centsOfAmount } from '../money';
import { disputeTexts } from '../disputes/dispute';
import { gstOfOrder, taxTexts } from '../tax/orderTax';
import { type TaxTreatment } from '../tax/taxTreatment';
import { wasReversed, wasSold } from './orderStatus';
import type { OrderView } from './orderView';

/**
 * The figures of the invoice of a paid order, as its tax treatment has it (../tax/orderTax): an Australian tax invoice
 * (one pack, its GST-inclusive price and the GST in it), or a GST-free export's invoice with no GST line and the reason;
 * for a refunded or charged-back one, its adjustment note too (the whole sale went back, so the whole GST is adjusted).
 */
export interface TaxInvoice {
  orderId: string;
  treatment: TaxTreatment;
  /** "Tax invoice", or "Invoice (GST-free export)". */
  title: string;
  /** Why an export carries no GST; null for a tax invoice. */
  exportReason: string | null;
  issuedAt: number;
  item: string;
  gems: number;
  quantity: 1;
  totalCents: number;
  /** The GST in the total; null for an export (no GST line). */
  gstCents: number | null;
  /** The adjustment note of a sale refunded or charged back: the whole amount returned, when, how, and the GST in it adjusted (null: none). */
  adjustment: { at: number; reason: 'refund' | 'chargeback'; amountCents: number; gstCents: number | null; labels: AdjustmentLabels } | null;
}

/** How an adjustment note names its rows: the receipt page and the emails read these. */
export interface AdjustmentLabels {
  on: string;
  amount: string;
  why: string | null;
}

export const INVOICE_TITLES: Record<TaxTreatment, string> = { gst: 'Tax invoice', gstFreeExport: taxTexts.exportInvoice };

function adjustmentLabels(reason: 'refund' | 'chargeback', treatment: TaxTreatment): AdjustmentLabels {
  const inclGst = treatment === 'gst' ? ' (incl. GST)' : '';
  return reason === 'refund'
    ? { on: 'Refunded on', amount: `Refunded${inclGst}`, why: null }
    : { on: 'Charged back on', amount: `Charged back${inclGst}`, why: disputeTexts.adjustment };
}

/** The tax invoice of an order, or null when it was never paid (no sale, no invoice). */
export function taxInvoiceOf(order: OrderView): TaxInvoice | null {
  if (!wasSold(order.status)) return null;
  const totalCents = centsOfAmount(order.amount);
  if (Number.isNaN(totalCents)) return null;
  const { treatment, country } = order.tax;
  const gstCents = treatment === 'gst' ? gstOfOrder(order, totalCents) : null;
  const adjusted = wasReversed(order.status) ? adjustmentOf(order) : null;
  return {
    orderId: order.orderId,
    treatment,
    title: INVOICE_TITLES[treatment],
    exportReason: treatment === 'gstFreeExport' ? taxTexts.exportReason(country) : null,
    issuedAt: order.paidAt ?? order.updatedAt,
    item: order.productName,
    gems: order.gemCount,
    quantity: 1,
    totalCents,
    gstCents,
    adjustment: adjusted ? { ...adjusted, amountCents: totalCents, gstCents, labels: adjustmentLabels(adjusted.reason, treatment) } : null,
  };
}

function adjustmentOf(order: OrderView): { at: number; reason: 'refund' | 'chargeback' } {
  if (order.status === 'charged_back') return { at: order.dispute?.decidedAt ?? order.updatedAt, reason: 'chargeback' };
  return { at: order.refundedAt ?? order.updatedAt, reason: 'refund' };
}
