import { packLimitText, type CatalogueRefusal, type GemPack } from '../../shared/catalogue';
import { STARTING_PACKS } from '../../shared/startingCatalogue';
import { formatAud, formatGemCount } from '../../shared/money';
import { storeTimeFormat } from '../../shared/storeTime';
import { packOfForm, type CatalogueDraftForm } from '../../shared/validation/catalogue';

/**
 * catalogue/published: the packs players are sold, and its version (bumped by each publish). `highestPackId` is the
 * highest id the catalogue ever gave a pack, so a retired pack's id is never given to another.
 */
export interface PublishedRecord {
  version: number;
  packs: GemPack[];
  highestPackId: number;
  publishedAt: number | null;
  publishedBy: string | null;
  changes: string[];
}

/** catalogue/draft: what staff are editing; `revision` counts its saves, so two editors never overwrite each other unseen. */
export interface DraftRecord {
  revision: number;
  packs: GemPack[];
  highestPackId: number;
  updatedAt: number | null;
  updatedBy: string | null;
}

/** The catalogue a new store sells before anyone publishes: version 1, the spec's six packs. Never written until the first publish. */
export const STARTING_RECORD: PublishedRecord = {
  version: 1,
  packs: [...STARTING_PACKS],
  highestPackId: Math.max(...STARTING_PACKS.map((pack) => pack.id)),
  publishedAt: null,
  publishedBy: null,
  changes: ['The six packs a new store starts with.'],
};

/** The draft when none is stored: the published packs as they are. */
export const draftOf = (published: PublishedRecord): DraftRecord => ({
  revision: 0,
  packs: published.packs,
  highestPackId: published.highestPackId,
  updatedAt: null,
  updatedBy: null,
});

/** Why a change to the draft or a publish was refused (an image is refused before, by its bytes). */
export type CatalogueChangeRefusal = Exclude<CatalogueRefusal, 'badImage'>;

/** A saved draft: the form's packs, a new pack given the next id the catalogue never gave. */
export function planDraftSave(
  draft: DraftRecord,
  published: PublishedRecord,
  form: CatalogueDraftForm,
  staff: string,
  now: number,
  timeZone: string,
): { refused: CatalogueChangeRefusal } | { draft: DraftRecord } {
  if (form.revision !== draft.revision) return { refused: 'staleDraft' };
  let highest = Math.max(draft.highestPackId, published.highestPackId);
  // An id comes only from the catalogue: a form naming one it never gave is refused, not taken as a new pack.
  if (form.packs.some((pack) => pack.id !== null && pack.id > highest)) return { refused: 'unknownPackId' };
  const packs = form.packs.map((pack) => packOfForm(pack, pack.id ?? (highest += 1), timeZone));
  return { draft: { revision: draft.revision + 1, packs, highestPackId: highest, updatedAt: now, updatedBy: staff } };
}

/** A published version's packs back in the draft (staff then publish it as the next version). */
export function planRestore(draft: DraftRecord, version: Pick<PublishedRecord, 'packs'>, revision: number, staff: string, now: number): { refused: CatalogueChangeRefusal } | { draft: DraftRecord } {
  if (revision !== draft.revision) return { refused: 'staleDraft' };
  return { draft: { ...draft, revision: draft.revision + 1, packs: version.packs, updatedAt: now, updatedBy: staff } };
}

/** The draft published as the next version, if the staff member saw both as they are now and it changes something. */
export function planPublish(
  published: PublishedRecord,
  draft: DraftRecord,
  seen: { version: number; revision: number },
  staff: string,
  now: number,
  timeZone: string,
): { refused: CatalogueChangeRefusal } | { published: PublishedRecord } {
  if (seen.version !== published.version) return { refused: 'staleVersion' };
  if (seen.revision !== draft.revision) return { refused: 'staleDraft' };
  const changes = changesBetween(published.packs, draft.packs, timeZone);
  if (changes.length === 0) return { refused: 'noChanges' };
  return {
    published: {
      version: published.version + 1,
      packs: draft.packs,
      highestPackId: Math.max(published.highestPackId, draft.highestPackId),
      publishedAt: now,
      publishedBy: staff,
      changes,
    },
  };
}

const priceOf = (pack: GemPack) => formatAud(pack.priceCents);
const gemsOf = (pack: GemPack) => `${formatGemCount(pack.gemCount)} gems`;

/** A moment in words in the store's zone ("5 Dec 2026, 12:00 am AEDT"), or what none means for the field. */
const timeIn = (timeZone: string) => {
  const { dateTime } = storeTimeFormat(timeZone);
  return (at: number | undefined, none: string) => (at === undefined ? none : dateTime(at));
};

/** A new pack's every field beyond its gems and price: its picture, and its badge, schedule and limit where set. */
function addedFacts(pack: GemPack, timeZone: string): string {
  const time = timeIn(timeZone);
  const facts = [
    `picture ${pack.image}`,
    pack.badge !== undefined ? `badge ${pack.badge}` : null,
    pack.startsAt !== undefined ? `start ${time(pack.startsAt, '')}` : null,
    pack.endsAt !== undefined ? `end ${time(pack.endsAt, '')}` : null,
    pack.limit ? `limit ${packLimitText(pack.limit)}` : null,
  ];
  return facts.filter((fact) => fact !== null).join('; ');
}

/** What a support agent reads of each field that changed: "Pouch of Gem: price A$45.99 → A$39.99". */
function fieldChanges(before: GemPack, after: GemPack, timeZone: string): string[] {
  const time = timeIn(timeZone);
  const fields: Array<[string, string, string]> = [
    ['title', before.title, after.title],
    ['gems', gemsOf(before), gemsOf(after)],
    ['price', priceOf(before), priceOf(after)],
    ['picture', before.image, after.image],
    ['badge', before.badge ?? 'none', after.badge ?? 'none'],
    ['start', time(before.startsAt, 'always on'), time(after.startsAt, 'always on')],
    ['end', time(before.endsAt, 'no end'), time(after.endsAt, 'no end')],
    ['limit', before.limit ? packLimitText(before.limit) : 'none', after.limit ? packLimitText(after.limit) : 'none'],
  ];
  return fields.filter(([, was, now]) => was !== now).map(([field, was, now]) => `${before.title}: ${field} ${was} → ${now}`);
}

/** Every change from one list of packs to another, one line each, in shelf order: added, retired, changed, moved. */
export function changesBetween(before: readonly GemPack[], after: readonly GemPack[], timeZone: string): string[] {
  const beforeById = new Map(before.map((pack) => [pack.id, pack]));
  const afterIds = new Set(after.map((pack) => pack.id));
  const lines: string[] = [];
  for (const pack of after) {
    const was = beforeById.get(pack.id);
    if (!was) lines.push(`Added ${pack.title}: ${gemsOf(pack)} for ${priceOf(pack)}; ${addedFacts(pack, timeZone)}`);
    else lines.push(...fieldChanges(was, pack, timeZone));
  }
  for (const pack of before) if (!afterIds.has(pack.id)) lines.push(`Retired ${pack.title}`);
  const kept = (packs: readonly GemPack[], other: Set<number>) => packs.filter((pack) => other.has(pack.id)).map((pack) => pack.id);
  const keptBefore = kept(before, afterIds);
  const keptAfter = kept(after, new Set(beforeById.keys()));
  if (keptBefore.join() !== keptAfter.join()) lines.push(`New shelf order: ${after.map((pack) => pack.title).join(', ')}`);
  return lines;
}
