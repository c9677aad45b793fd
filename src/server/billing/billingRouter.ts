import express from 'express';
import type { Auth } from 'firebase-admin/auth';
import { API_ROUTES } from '../../shared/api';
import { billingProfileTexts, type BillingDetailsResponse } from '../../shared/billingProfile';
import { dateIn } from '../../shared/protections/age';
import { buyerStanding } from '../../shared/protections/playerProtections';
import { paymentFormSchema } from '../../shared/validation/paymentForm';
import { playerChecks, requirePlayer } from '../auth/requirePlayer';
import type { Settings } from '../config/settings';
import { ISO_COUNTRY_CODES } from '../countries/isoCountries';
import { HttpError } from '../http/errors';
import { parseBody } from '../http/parseBody';
import type { RateLimits } from '../http/rateLimits';
import type { ProtectionsRepository } from '../protections/protectionsRepository';
import type { BillingProfiles } from './billingProfiles';

export interface BillingDeps {
  settings: Settings;
  billingProfiles: BillingProfiles;
  protections: Pick<ProtectionsRepository, 'protectionsOf'>;
}

const detailsBody = paymentFormSchema(ISO_COUNTRY_CODES);

/**
 * Whether the player's details may be kept now: not for a young player whose guardian's consent is not in place
 * (their details are kept only while it is), nor for one who has not given their date of birth. (A dispute's pause of
 * buying is not about who they are: their details stay.)
 */
export async function mayRemember(deps: BillingDeps, uid: string, now = Date.now()): Promise<boolean> {
  const protections = await deps.protections.protectionsOf(uid, now);
  const { block } = buyerStanding(protections, now, dateIn(deps.settings.STORE_TIME_ZONE, now));
  return block !== 'guardianConsentNeeded' && block !== 'birthDateNeeded';
}

/** The player's remembered details; forgotten at once when they may no longer be kept. */
async function rememberedFor(deps: BillingDeps, uid: string): Promise<BillingDetailsResponse> {
  const details = await deps.billingProfiles.find(uid);
  if (details && !(await mayRemember(deps, uid))) {
    await deps.billingProfiles.forget(uid);
    return { details: null };
  }
  return { details };
}

/** GET, PUT and DELETE /api/account/billing-details: the player's own remembered payment details. */
export function billingRouter(deps: BillingDeps, auth: Auth, limits: RateLimits): express.Router {
  const router = express.Router();
  const player = requirePlayer(auth, playerChecks(deps.settings));
  const uid = (res: express.Response) => res.locals.uid as string;
  const noStore = (res: express.Response) => res.set('Cache-Control', 'no-store');

  router.get(API_ROUTES.billingDetails, player, limits.orderReads, async (_req, res) => {
    noStore(res).json(await rememberedFor(deps, uid(res)));
  });
  router.put(API_ROUTES.billingDetails, player, limits.orderReads, express.json({ limit: '8kb' }), async (req, res) => {
    const details = parseBody(detailsBody, req.body);
    if (!(await mayRemember(deps, uid(res)))) throw new HttpError(409, billingProfileTexts.youngNeedsConsent);
    await deps.billingProfiles.remember(uid(res), details, Date.now());
    noStore(res).json({ details } satisfies BillingDetailsResponse);
  });
  router.delete(API_ROUTES.billingDetails, player, limits.orderReads, async (_req, res) => {
    await deps.billingProfiles.forget(uid(res));
    noStore(res).json({ details: null } satisfies BillingDetailsResponse);
  });
  return router;
}
