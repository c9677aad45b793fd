import express from 'express';
import { API_ROUTES } from '../../shared/api';
import { billingProfileTexts, type BillingDetailsResponse } from '../../shared/billingProfile';
import { paymentFormSchema } from '../../shared/validation/paymentForm';
import type { PlayerAuth } from '../auth/playerAuth';
import { playerChecks, requirePlayer, storeSessionOf } from '../auth/requirePlayer';
import { ISO_COUNTRY_CODES } from '../countries/isoCountries';
import { HttpError } from '../http/errors';
import { parseBody } from '../http/parseBody';
import type { RateLimits } from '../http/rateLimits';
import { hiddenFromThisSession, mayRemember, mayTouch, rememberedFor, type BillingDeps } from './rememberedDetails';

const detailsBody = paymentFormSchema(ISO_COUNTRY_CODES);

/** GET, PUT and DELETE /api/account/billing-details: the player's own remembered payment details. */
export function billingRouter(deps: BillingDeps, auth: PlayerAuth, limits: RateLimits): express.Router {
  const router = express.Router();
  const player = requirePlayer(auth, playerChecks(deps.settings));
  const uid = (res: express.Response) => res.locals.uid as string;
  const noStore = (res: express.Response) => res.set('Cache-Control', 'no-store');
  /** The stored profile, when this sign-in may change or forget it; 403 otherwise. */
  const touchable = async (res: express.Response) => {
    const profile = await deps.billingProfiles.find(uid(res));
    if (!mayTouch(profile, storeSessionOf(res))) throw hiddenFromThisSession();
    return profile;
  };

  router.get(API_ROUTES.billingDetails, player, limits.orderReads, async (_req, res) => {
    noStore(res).json(await rememberedFor(deps, uid(res), storeSessionOf(res)));
  });
  router.put(API_ROUTES.billingDetails, player, limits.orderReads, express.json({ limit: '8kb' }), async (req, res) => {
    const details = parseBody(detailsBody, req.body);
    const { generation } = await touchable(res);
    if (!(await mayRemember(deps, uid(res)))) throw new HttpError(409, billingProfileTexts.youngNeedsConsent);
    // Kept only if no Forget came meanwhile; a Forget always wins.
    const kept = await deps.billingProfiles.remember(uid(res), details, Date.now(), { enteredBy: storeSessionOf(res)?.sessionUid ?? null, ifGeneration: generation });
    noStore(res).json((kept ? { details, generation } : await rememberedFor(deps, uid(res), storeSessionOf(res))) satisfies BillingDetailsResponse);
  });
  router.delete(API_ROUTES.billingDetails, player, limits.orderReads, async (_req, res) => {
    await touchable(res);
    noStore(res).json({ details: null, generation: await deps.billingProfiles.forget(uid(res), Date.now()) } satisfies BillingDetailsResponse);
  });
  return router;
}
