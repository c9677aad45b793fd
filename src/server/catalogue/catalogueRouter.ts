import express from 'express';
import type { PlayerAuth } from '../auth/playerAuth';
import { z } from 'zod';
import { API_ROUTES } from '../../shared/api';
import { shelfResponseAt } from '../../shared/catalogue';
import { catalogueDraftSchema, PACK_IMAGE_MAX_BYTES, PACK_IMAGE_MESSAGE } from '../../shared/validation/catalogue';
import { requireSupport, type StaffMember } from '../auth/requireSupport';
import type { StaffRecords } from '../auth/supportRole';
import { HttpError } from '../http/errors';
import { parseBody } from '../http/parseBody';
import type { RateLimits } from '../http/rateLimits';
import { catalogueForConsole, publishCatalogue, restoreCatalogueVersion, saveCatalogueDraft, uploadPackImage, type CatalogueDeps } from './catalogueService';

const publishBody = z.strictObject({ version: z.number().int().min(1), revision: z.number().int().min(0) });
const restoreBody = z.strictObject({ revision: z.number().int().min(0) });

/**
 * The catalogue: the shelf for anyone (from this instance's copy), an uploaded image from the store's origin, and the
 * console's draft, publish and restore for support staff alone (a revoked member is refused at once, requireSupport).
 */
export function catalogueRouter(deps: CatalogueDeps & { staff: StaffRecords }, auth: PlayerAuth, limits: RateLimits): express.Router {
  const router = express.Router();
  const staffOnly = [...requireSupport(auth, deps.staff), limits.support];
  const staff = (res: express.Response) => (res.locals.staff as StaffMember).email;
  const noStore = (res: express.Response) => res.set('Cache-Control', 'no-store');
  const draftSchema = catalogueDraftSchema(deps.settings.STORE_TIME_ZONE);

  router.get(API_ROUTES.catalogue, limits.anonymous, (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(shelfResponseAt(deps.published.current(), Date.now()));
  });
  router.get(API_ROUTES.catalogueImage, limits.anonymous, async (req, res) => {
    const hash = String(req.params.imageId);
    const image = /^[0-9a-f]{64}$/.test(hash) ? await deps.images.read(hash) : null;
    if (!image) throw new HttpError(404, 'There is no such image.');
    // Named by the hash of its bytes: a name never serves other bytes.
    res.type(image.type).set('Cache-Control', 'public, max-age=31536000, immutable').send(image.bytes);
  });

  router.get(API_ROUTES.supportCatalogue, ...staffOnly, async (_req, res) => {
    noStore(res).json(await catalogueForConsole(deps));
  });
  router.put(API_ROUTES.supportCatalogueDraft, ...staffOnly, express.json({ limit: '64kb' }), async (req, res) => {
    noStore(res).json(await saveCatalogueDraft(deps, staff(res), parseBody(draftSchema, req.body)));
  });
  router.post(API_ROUTES.supportCataloguePublish, ...staffOnly, express.json({ limit: '1kb' }), async (req, res) => {
    noStore(res).json(await publishCatalogue(deps, staff(res), parseBody(publishBody, req.body)));
  });
  router.post(API_ROUTES.supportCatalogueRestore, ...staffOnly, express.json({ limit: '1kb' }), async (req, res) => {
    const version = Number(req.params.version);
    if (!Number.isSafeInteger(version) || version < 1) throw new HttpError(404, 'There is no such version of the catalogue.');
    noStore(res).json(await restoreCatalogueVersion(deps, staff(res), version, parseBody(restoreBody, req.body).revision));
  });
  router.post(
    API_ROUTES.supportCatalogueImages,
    ...staffOnly,
    limits.imageUploads,
    // Any declared type is read, and judged by its bytes; one larger than the limit is refused in the same words.
    express.raw({ type: () => true, limit: PACK_IMAGE_MAX_BYTES + 1 }),
    async (req: express.Request, res: express.Response) => {
      const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      res.status(201).json(await uploadPackImage(deps, staff(res), bytes));
    },
    (error: unknown, _req: express.Request, _res: express.Response, next: express.NextFunction) => {
      next((error as { status?: number }).status === 413 ? new HttpError(413, PACK_IMAGE_MESSAGE, { reason: 'badImage' }) : error);
    },
  );
  return router;
}
