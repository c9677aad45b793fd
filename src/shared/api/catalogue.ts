import type { GemPack, Shelf } from '../catalogue';
import type { PackForm } from '../validation/catalogue';

// The catalogue API's shapes: the shelf, and support's catalogue desk.
/** GET /api/catalogue (and each page, embedded): the shelf now. */
export type ShelfResponse = Shelf;

/** One published version in the catalogue's history: who published it, when, and what it changed. */
export interface CatalogueVersionEntry {
  version: number;
  publishedAt: number | null;
  publishedBy: string | null;
  changes: string[];
}

/** GET /api/support/catalogue (and the answer of every change to it). */
export interface SupportCatalogueResponse {
  /** STORE_TIME_ZONE: the zone a pack's times are entered in. */
  timeZone: string;
  published: CatalogueVersionEntry & { packs: GemPack[] };
  /** The draft staff edit, as its form shows it; `revision` counts its saves. */
  draft: { revision: number; packs: PackForm[]; updatedAt: number | null; updatedBy: string | null };
  /** The draft's packs as the shop would show them, schedules aside (the console's preview). */
  draftShelf: GemPack[];
  /** What publishing the draft would change, one line a change; none when it matches the published version. */
  changes: string[];
  /** The published versions, newest first. */
  history: CatalogueVersionEntry[];
}

/** POST /api/support/catalogue/publish: the version and the draft's revision the staff member saw. */
export interface PublishCatalogueRequest {
  version: number;
  revision: number;
}

/** POST /api/support/catalogue/images: the name the uploaded image goes by in a pack's form. */
export interface UploadedImageResponse {
  image: string;
}
