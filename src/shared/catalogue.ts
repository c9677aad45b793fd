import { isPackIdText } from './routes';

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

export const GEM_PACKS: readonly GemPack[] = [
  { id: 1, title: 'Tiny of Gem', gemCount: 1000, priceCents: 1599, image: 'tiny' },
  { id: 2, title: 'Fistful of Gem', gemCount: 1500, priceCents: 2599, image: 'fistful' },
  { id: 3, title: 'Pouch of Gem', gemCount: 3500, priceCents: 4599, image: 'pouch' },
  { id: 4, title: 'Box of Gem', gemCount: 5500, priceCents: 5599, image: 'box' },
  { id: 5, title: 'Cheast of Gem', gemCount: 6000, priceCents: 6599, image: 'chest' },
  { id: 6, title: 'Vault of Gem', gemCount: 10000, priceCents: 8599, image: 'vault' },
];

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

/** What 100 gems of a pack cost, in cents (rounded to the cent), for comparing packs. */
export function centsPer100Gems(pack: GemPack): number {
  return Math.round((pack.priceCents * 100) / pack.gemCount);
}

/** The pack whose gems cost least, by price per 100 gems. */
export const BEST_VALUE_PACK_ID: number = /*#__PURE__*/ GEM_PACKS.reduce((best, pack) =>
  centsPer100Gems(pack) < centsPer100Gems(best) ? pack : best,
).id;
