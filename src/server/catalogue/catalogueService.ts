import type { PublishCatalogueRequest, SupportCatalogueResponse, UploadedImageResponse } from '../../shared/api';
import { UPLOADED_ART_PATTERN } from '../../shared/catalogue';
import { formOfPack, packImageTypeOf, PACK_IMAGE_MAX_BYTES, PACK_IMAGE_MESSAGE, type CatalogueDraftForm } from '../../shared/validation/catalogue';
import type { Settings } from '../config/settings';
import { HttpError } from '../http/errors';
import type { Logger } from '../lib/logger';
import type { CatalogueImages } from './catalogueImages';
import type { CatalogueOutcome, CatalogueRepository } from './catalogueRepository';
import { changesBetween, type CatalogueChangeRefusal, type DraftRecord, type PublishedRecord } from './catalogueRules';
import type { PublishedCatalogue } from './publishedCatalogue';

export interface CatalogueDeps {
  settings: Settings;
  catalogue: CatalogueRepository;
  published: PublishedCatalogue;
  images: CatalogueImages;
  log: Logger;
}

/** The versions the console lists. */
const HISTORY_SHOWN = 50;

/** Why a change to the catalogue was refused, in the staff member's words, with its status. Nothing was saved. */
export const CATALOGUE_REFUSALS: Record<CatalogueChangeRefusal, { status: number; message: string }> = {
  staleDraft: { status: 409, message: 'Someone else saved the draft since you opened it. Reload to see their changes, then make yours again.' },
  staleVersion: { status: 409, message: 'Someone else published the catalogue since you opened it. Reload to see the version on sale now.' },
  noChanges: { status: 409, message: 'The draft is the same as the version on sale: there is nothing to publish.' },
  unknownPackId: { status: 400, message: 'A pack in the draft has an id the catalogue never gave. Reload the catalogue.' },
  unknownVersion: { status: 404, message: 'There is no such version of the catalogue.' },
};

function settled(outcome: CatalogueOutcome): { published: PublishedRecord; draft: DraftRecord } {
  if ('refused' in outcome) {
    const { status, message } = CATALOGUE_REFUSALS[outcome.refused];
    throw new HttpError(status, message, { reason: outcome.refused });
  }
  return outcome;
}

/** What the console shows: the version on sale, the draft as its form holds it, what the draft would change, and the history. */
async function consoleView(deps: CatalogueDeps, both?: { published: PublishedRecord; draft: DraftRecord }): Promise<SupportCatalogueResponse> {
  const timeZone = deps.settings.STORE_TIME_ZONE;
  const [{ published, draft }, history] = await Promise.all([both ?? deps.catalogue.both(), deps.catalogue.history(HISTORY_SHOWN)]);
  return {
    timeZone,
    published: { version: published.version, packs: published.packs, publishedAt: published.publishedAt, publishedBy: published.publishedBy, changes: published.changes },
    draft: { revision: draft.revision, packs: draft.packs.map((pack) => formOfPack(pack, timeZone)), updatedAt: draft.updatedAt, updatedBy: draft.updatedBy },
    draftShelf: draft.packs,
    changes: changesBetween(published.packs, draft.packs, timeZone),
    history,
  };
}

export const catalogueForConsole = (deps: CatalogueDeps) => consoleView(deps);

const changeBy = (deps: CatalogueDeps, staff: string) => ({ staff, now: Date.now(), timeZone: deps.settings.STORE_TIME_ZONE });

/** Refuses a draft whose pack names an uploaded picture the store does not hold (a typed or stale name): the shelf would show it broken. */
async function picturesHeld(deps: CatalogueDeps, form: CatalogueDraftForm): Promise<void> {
  for (const [index, pack] of form.packs.entries()) {
    const hash = UPLOADED_ART_PATTERN.exec(pack.image)?.[1];
    if (hash && !(await deps.images.read(hash))) {
      throw new HttpError(400, `Pack ${index + 1} names a picture that was never uploaded. Choose a picture, or upload it again.`, { reason: 'badImage' });
    }
  }
}

export async function saveCatalogueDraft(deps: CatalogueDeps, staff: string, form: CatalogueDraftForm): Promise<SupportCatalogueResponse> {
  await picturesHeld(deps, form);
  return consoleView(deps, settled(await deps.catalogue.saveDraft(form, changeBy(deps, staff))));
}

export async function restoreCatalogueVersion(deps: CatalogueDeps, staff: string, version: number, revision: number): Promise<SupportCatalogueResponse> {
  return consoleView(deps, settled(await deps.catalogue.restore(version, revision, changeBy(deps, staff))));
}

/** Publishes the draft; this instance takes the new version up at once, the others within CATALOGUE_REFRESH_MS. */
export async function publishCatalogue(deps: CatalogueDeps, staff: string, seen: PublishCatalogueRequest): Promise<SupportCatalogueResponse> {
  const both = settled(await deps.catalogue.publish(seen, changeBy(deps, staff)));
  deps.log.info({ event: 'catalogue.published', version: both.published.version, staff, changes: both.published.changes });
  await deps.published.refresh();
  return consoleView(deps, both);
}

/** Stores an uploaded image if its bytes are a PNG, WebP or JPEG under 500 KB (whatever it claims to be). */
export async function uploadPackImage(deps: CatalogueDeps, staff: string, bytes: Buffer): Promise<UploadedImageResponse> {
  const type = packImageTypeOf(bytes);
  if (!type || bytes.length > PACK_IMAGE_MAX_BYTES) throw new HttpError(400, PACK_IMAGE_MESSAGE, { reason: 'badImage' });
  const hash = await deps.images.save({ type, bytes }, staff, Date.now());
  return { image: `upload:${hash}` };
}
