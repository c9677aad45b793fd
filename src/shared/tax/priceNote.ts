import { gstNote } from '../money';
import type { TaxTreatment } from './taxTreatment';

/** What a price says of its tax: "(incl. A$1.45 GST)" for an Australian sale, "(GST-free: a sale outside Australia)" for an export. */
export function priceTaxNote(priceCents: number, treatment: TaxTreatment): string {
  return treatment === 'gst' ? gstNote(priceCents) : priceTexts.gstFreePrice;
}

/** What a price line and the shop's note say of the tax in a price (light: the shop's first load carries them). */
export const priceTexts = {
  gstFreePrice: '(GST-free: a sale outside Australia)',
  /** The shop's note on its prices, by the treatment its buyer's sale would have. */
  pricesNote: {
    gst: 'Prices are in Australian dollars (A$) and include GST.',
    gstFreeExport: 'Prices are in Australian dollars (A$). A sale to a buyer outside Australia is GST-free.',
  } satisfies Record<TaxTreatment, string>,
} as const;
