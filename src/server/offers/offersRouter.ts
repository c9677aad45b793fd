import type { PlayerAuth } from '../auth/playerAuth';
import express from 'express';
import { API_ROUTES } from '../../shared/api';
import { offerFormSchema } from '../../shared/validation/offer';
import { promoCodeCheckSchema } from '../../shared/validation/promoCode';
import { playerChecks, requirePlayer, storeSessionOf } from '../auth/requirePlayer';
import { SALE_SOURCES, type SaleSourceKind } from '../../shared/saleSource';
import { CREATOR_CODE_PATTERN } from '../../shared/creators';
import { requireSupport, type StaffMember } from '../auth/requireSupport';
import { HttpError } from '../http/errors';
import { parseBody } from '../http/parseBody';
import type { RateLimits } from '../http/rateLimits';
import type { StaffRecords } from '../auth/supportRole';
import { checkPromoCode, createOffer, endOffer, listOffers, offerDetail, offerMessages, pauseExperiment, shopOffers, updateOffer, type PlayerOfferDeps } from './offersService';
import { experimentResults, type ExperimentResultsDeps } from './experimentResults';
import { z } from 'zod';
import type { OfferPreferences } from '../../shared/api/offers';
import { offerPreferencesSchema } from '../../shared/validation/offerPreferences';
import { refuseMalformedIds } from '../http/routeIds';

/** The offers API: what the shop shows, a promo code's bonus before Submit, and the support console's offers. */
export function offersRouter(deps: PlayerOfferDeps & ExperimentResultsDeps & { staff: StaffRecords }, auth: PlayerAuth, limits: RateLimits): express.Router {
  const router = refuseMalformedIds(express.Router());
  const player = requirePlayer(auth, playerChecks(deps.settings));
  const staffOnly = [...requireSupport(auth, deps.staff), limits.support];
  const json = express.json({ limit: '16kb' });
  const staff = (res: express.Response) => (res.locals.staff as StaffMember).email;
  // An offer id is letters, digits and dashes (offer-…, code-…, first-purchase); anything else names no offer.
  const offerId = (req: express.Request) => {
    const id = String(req.params.offerId);
    if (!/^[A-Za-z0-9-]{1,80}$/.test(id)) throw new HttpError(404, offerMessages.notFound);
    return id;
  };
  const offerForm = offerFormSchema(deps.settings.STORE_TIME_ZONE);
  const offerUpdate = offerForm.safeExtend({ updatedAt: z.number().int() });

  // A visitor sees every running public offer; a signed-in player (with a token) those they may have.
  router.get(
    API_ROUTES.offers,
    (req, res, next) => (req.get('authorization') ? player(req, res, () => limits.orderReads(req, res, next)) : limits.anonymous(req, res, next)),
    async (req, res) => {
      const uid = (res.locals.uid as string | undefined) ?? null;
      // The visit's source, as the page kept it, for an offer to the players who came one way; anything else is direct.
      const named = String(req.query.source ?? '');
      const source = (SALE_SOURCES as readonly string[]).includes(named) ? (named as SaleSourceKind) : 'direct';
      // Never cached on the way: what a visitor sees differs from what a signed-in player may have.
      // The creator's code the visit arrived with, for a creator's bonus (it is checked again when the order is made).
      const creator = String(req.query.creator ?? '');
      const creatorCode = CREATOR_CODE_PATTERN.test(creator.toUpperCase()) ? creator.toUpperCase() : null;
      res.set('Cache-Control', 'no-store').json(await shopOffers(deps, uid, { source, creatorCode, gameAccount: storeSessionOf(res) !== null }));
    },
  );
  router.post(API_ROUTES.promoCode, player, limits.promoCodes, json, async (req, res) => {
    const { code, packId } = parseBody(promoCodeCheckSchema, req.body);
    res.json(await checkPromoCode(deps, res.locals.uid as string, code, packId));
  });

  router.get(API_ROUTES.supportOffers, ...staffOnly, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await listOffers(deps));
  });
  router.get(API_ROUTES.supportOffer, ...staffOnly, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await offerDetail(deps, offerId(req)));
  });
  router.post(API_ROUTES.supportOffers, ...staffOnly, json, async (req, res) => {
    res.status(201).json(await createOffer(deps, staff(res), parseBody(offerForm, req.body)));
  });
  router.put(API_ROUTES.supportOffer, ...staffOnly, json, async (req, res) => {
    const { updatedAt, ...form } = parseBody(offerUpdate, req.body);
    res.json(await updateOffer(deps, staff(res), offerId(req), form, updatedAt));
  });
  router.post(API_ROUTES.supportOfferEnd, ...staffOnly, async (req, res) => {
    res.json(await endOffer(deps, staff(res), offerId(req)));
  });
  router.post(API_ROUTES.supportOfferPause, ...staffOnly, async (req, res) => {
    res.json(await pauseExperiment(deps, staff(res), offerId(req), true));
  });
  router.post(API_ROUTES.supportOfferResume, ...staffOnly, async (req, res) => {
    res.json(await pauseExperiment(deps, staff(res), offerId(req), false));
  });
  router.get(API_ROUTES.supportExperiments, ...staffOnly, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await experimentResults(deps));
  });

  // A player's own choice: tailored offers, or the default offer only (the privacy policy says how).
  router.get(API_ROUTES.offerPreferences, player, limits.orderReads, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ tailored: !(await deps.tailoring.optedOut(res.locals.uid as string)) } satisfies OfferPreferences);
  });
  router.put(API_ROUTES.offerPreferences, player, limits.orderReads, json, async (req, res) => {
    const { tailored } = parseBody(offerPreferencesSchema, req.body);
    await deps.tailoring.setOptedOut(res.locals.uid as string, !tailored, Date.now());
    res.json({ tailored } satisfies OfferPreferences);
  });
  return router;
}
