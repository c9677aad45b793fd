import type { Catalogue, GemPack } from './catalogue';

/*
 * The catalogue a new store starts with: data the server and the tests read, apart from ./catalogue's rules, so that no
 * page's chunk carries packs nobody may have published (a page's packs are the server's, embedded as it serves it).
 */

/** The badge the spec's cheapest-per-gem pack wears. */
export const BEST_VALUE_BADGE = 'Best value';

/** The six packs of the spec: the catalogue a new store starts with (version 1), exactly as sold before it was data. */
export const STARTING_PACKS: readonly GemPack[] = [
  { id: 1, title: 'Tiny of Gem', gemCount: 1000, priceCents: 1599, image: 'tiny' },
  { id: 2, title: 'Fistful of Gem', gemCount: 1500, priceCents: 2599, image: 'fistful' },
  { id: 3, title: 'Pouch of Gem', gemCount: 3500, priceCents: 4599, image: 'pouch' },
  { id: 4, title: 'Box of Gem', gemCount: 5500, priceCents: 5599, image: 'box' },
  { id: 5, title: 'Cheast of Gem', gemCount: 6000, priceCents: 6599, image: 'chest' },
  { id: 6, title: 'Vault of Gem', gemCount: 10000, priceCents: 8599, image: 'vault', badge: BEST_VALUE_BADGE },
];

export const STARTING_CATALOGUE: Catalogue = { version: 1, packs: [...STARTING_PACKS] };

/** The starting pack sold under a product name (orders made before packs had ids carry only the name). */
export function findStartingPackByTitle(title: string): GemPack | undefined {
  return STARTING_PACKS.find((pack) => pack.title === title);
}

