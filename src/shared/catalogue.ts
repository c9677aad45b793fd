/**
 * The six gem packs: the only place that holds a price or a gem count. The gems shown are the gems
 * credited (docs/storefront.md, Where the store does better, 10). Prices are whole cents of Australian dollars, GST included.
 */
export interface GemPack {
  id: number;
  title: string;
  gemCount: number;
  priceCents: number;
  /** Names the pack's illustration (the client maps it to an image). */
  image: 'tiny' | 'fistful' | 'pouch' | 'box' | 'chest' | 'vault';
}

export const CURRENCY = 'AUD';

export const GEM_PACKS: readonly GemPack[] = [
  { id: 1, title: 'Tiny of Gem', gemCount: 1000, priceCents: 1599, image: 'tiny' },
  { id: 2, title: 'Fistful of Gem', gemCount: 1500, priceCents: 2599, image: 'fistful' },
  { id: 3, title: 'Pouch of Gem', gemCount: 3500, priceCents: 4599, image: 'pouch' },
  { id: 4, title: 'Box of Gem', gemCount: 5500, priceCents: 5599, image: 'box' },
  { id: 5, title: 'Cheast of Gem', gemCount: 6000, priceCents: 6599, image: 'chest' },
  { id: 6, title: 'Vault of Gem', gemCount: 10000, priceCents: 8599, image: 'vault' },
];

/** Pack ids are short whole numbers; text of any other shape (in `item`, say) names no pack. */
export function isPackIdText(text: string): boolean {
  return /^\d{1,4}$/.test(text);
}

/** The pack for an id given as a number or as the text of a query parameter; undefined when none. */
export function findPack(id: number | string | null | undefined): GemPack | undefined {
  if (typeof id === 'string' && !isPackIdText(id)) return undefined;
  const wanted = Number(id);
  return GEM_PACKS.find((pack) => pack.id === wanted);
}

/** The pack sold under a product name (older orders carry only the name). */
export function findPackByTitle(title: string): GemPack | undefined {
  return GEM_PACKS.find((pack) => pack.title === title);
}

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

/** What 100 gems of a pack cost, in cents (rounded to the cent), for comparing packs. */
export function centsPer100Gems(pack: GemPack): number {
  return Math.round((pack.priceCents * 100) / pack.gemCount);
}

/** The pack whose gems cost least, by price per 100 gems. */
export const BEST_VALUE_PACK_ID: number = /*#__PURE__*/ GEM_PACKS.reduce((best, pack) =>
  centsPer100Gems(pack) < centsPer100Gems(best) ? pack : best,
).id;
