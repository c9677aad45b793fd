import { isPackIdText } from './routes';

export type { CatalogueRefusal } from './catalogueRefusals';

/** The store's own illustrations, drawn in code (the client's PackArt). */
export const BUILT_IN_ART = ['tiny', 'fistful', 'pouch', 'box', 'chest', 'vault'] as const;
export type BuiltInArt = (typeof BUILT_IN_ART)[number];

/** An uploaded image's name: `upload:` and the SHA-256 of its bytes, served at /api/pack-images/{hash}. */
export type UploadedArt = `upload:${string}`;
export const UPLOADED_ART_PATTERN = /^upload:([0-9a-f]{64})$/;

/** A pack's picture: one of the store's illustrations, or an image staff uploaded. */
export type PackImage = BuiltInArt | UploadedArt;

export const isPackImage = (value: unknown): value is PackImage =>
  typeof value === 'string' && ((BUILT_IN_ART as readonly string[]).includes(value) || UPLOADED_ART_PATTERN.test(value));

/** How often one player may buy a pack: `count` times ever, or in each month of STORE_TIME_ZONE. */
export interface PackLimit {
  count: number;
  per: 'ever' | 'month';
}

/**
 * A gem pack as the catalogue sells it. The gems shown are the gems credited (docs/storefront.md, Where the store
 * does better, 10). Prices are whole cents of Australian dollars, GST included. An order keeps its pack as sold.
 */
export interface GemPack {
  id: number;
  title: string;
  gemCount: number;
  priceCents: number;
  image: PackImage;
  /** A word on the card ("Best value", "Weekend only"), or none. */
  badge?: string;
  /** When it goes on the shelf and comes off it (ms); none: always. Staff enter them in STORE_TIME_ZONE. */
  startsAt?: number;
  endsAt?: number;
  /** How often one player may buy it; none: as often as the other rules allow. */
  limit?: PackLimit;
}

/** A published catalogue: its packs in their shelf order, and its version (1 for the one a new store starts with). */
export interface Catalogue {
  version: number;
  packs: GemPack[];
}

/** The pack for an id given as a number or as the text of a query parameter, among `packs`; undefined when none. */
export function findPack(packs: readonly GemPack[], id: number | string | null | undefined): GemPack | undefined {
  if (typeof id === 'string' && !isPackIdText(id)) return undefined;
  const wanted = Number(id);
  return packs.find((pack) => pack.id === wanted);
}

/** What 100 gems of a pack cost, in cents (rounded to the cent), for comparing packs. */
export function centsPer100Gems(pack: Pick<GemPack, 'priceCents' | 'gemCount'>): number {
  return Math.round((pack.priceCents * 100) / pack.gemCount);
}

/** Whether a pack is on the shelf at `now`: started, and not ended. */
export const isOnShelf = (pack: GemPack, now: number): boolean => (pack.startsAt ?? -Infinity) <= now && now < (pack.endsAt ?? Infinity);

/** The packs a player may see and buy at `now`, in shelf order. */
export const shelfAt = (catalogue: Catalogue, now: number): GemPack[] => catalogue.packs.filter((pack) => isOnShelf(pack, now));

/** The packs on the shelf at a moment in shelf order, the published version, and when a schedule next changes the shelf. */
export interface Shelf {
  version: number;
  packs: GemPack[];
  nextChangeAt: number | null;
}

/** The shelf at `now` as GET /api/catalogue and each page give it. */
export function shelfResponseAt(catalogue: Catalogue, now: number): Shelf {
  return { version: catalogue.version, packs: shelfAt(catalogue, now), nextChangeAt: nextShelfChange(catalogue, now) };
}

/** The next moment after `now` a pack comes on or off the shelf, or null when none will: when a shown shelf goes stale. */
export function nextShelfChange(catalogue: Catalogue, now: number): number | null {
  const moments = catalogue.packs.flatMap((pack) => [pack.startsAt, pack.endsAt]).filter((at): at is number => at !== undefined && at > now);
  return moments.length ? Math.min(...moments) : null;
}

/** A pack's per-player limit in words: "once per player", "3 times a month per player". */
const limitPhrase = ({ count, per }: PackLimit): string => `${count === 1 ? 'once' : `${count} times`} ${per === 'ever' ? 'per player' : 'a month per player'}`;

/** A pack's per-player limit as the shop and the console say it: "Once per player", "3 times a month per player". */
export function packLimitText(limit: PackLimit): string {
  const phrase = limitPhrase(limit);
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}

/** A refused payment for a pack the player bought as often as its limit allows. */
export const packLimitMessage = (limit: PackLimit): string => `You have bought this pack as often as it allows: ${limitPhrase(limit)}. Nothing was charged.`;
