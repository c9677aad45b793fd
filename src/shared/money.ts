/**
 * Money and gem counts as the store writes and sends them: A$ in whole cents, GST inside a price, the gateway's
 * amounts, and counts grouped as en-AU writes them. Apart from the packs (./catalogue), so a page that only shows a
 * balance or a price never loads the shelf.
 */

/** "12345" → "12,345": digits grouped as en-AU writes them (a comma between thousands). */
const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/** en-AU's number format, made on first need: the first Intl object a page makes costs it 40-100 ms (ICU's data). */
let enAuNumber: Intl.NumberFormat | null = null;

/**
 * "3,500": a number of gems as the store writes it (en-AU: a comma between thousands). A whole number, which every
 * gem count is, is grouped here without Intl, whose first use would hold every page's start; anything else goes
 * through Intl. A test holds the two to the same text.
 */
export function formatGemCount(count: number): string {
  if (Number.isSafeInteger(count)) return `${count < 0 ? '-' : ''}${groupThousands(String(Math.abs(count)))}`;
  enAuNumber ??= new Intl.NumberFormat('en-AU');
  return enAuNumber.format(count);
}

/**
 * "A$45.99": money as the store writes it everywhere (shop, payment form, receipts, emails, support, the sandbox's
 * page), so no other dollar can be meant; thousands grouped ("A$1,234.50") and a loss signed before the symbol
 * ("-A$45.99"), for the operators' figures. Where the GST matters (a price to pay), gstNote follows it:
 * "A$45.99 (incl. A$4.18 GST)".
 */
export function formatAud(priceCents: number): string {
  const [dollars, cents] = (Math.abs(priceCents) / 100).toFixed(2).split('.');
  return `${priceCents < 0 ? '-' : ''}A$${groupThousands(dollars!)}.${cents}`;
}

/** "(incl. A$4.18 GST)": the GST in a GST-inclusive price, written after it (formatAud) where the tax matters. */
export function gstNote(priceCents: number): string {
  return `(incl. ${formatAud(gstOfCents(priceCents))} GST)`;
}

/** A gateway amount ("45.99") written as the player reads it: "A$45.99"; the amount as it is when it is not one. */
export function formatGatewayAmount(amount: string): string {
  const cents = centsOfAmount(amount);
  return Number.isNaN(cents) ? amount : formatAud(cents);
}

/** Whole cents of a gateway amount ("45.99" → 4599); NaN for anything else. */
export function centsOfAmount(amount: string): number {
  return /^\d+\.\d{2}$/.test(amount) ? Number(amount.replace('.', '')) : Number.NaN;
}

/** "15.99": the amount as the payment gateway takes it. */
export function gatewayAmount(priceCents: number): string {
  return (priceCents / 100).toFixed(2);
}

/**
 * The GST inside a GST-inclusive price, in cents: one eleventh, rounded to the cent (Australian GST is 10 %
 * of the GST-exclusive price). Every receipt and the shop read it from here.
 */
export function gstOfCents(priceCents: number): number {
  return Math.round(priceCents / 11);
}
