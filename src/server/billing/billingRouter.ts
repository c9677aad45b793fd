import express from 'express';
import { API_ROUTES } from '../../shared/api';
import { billingProfileTexts, type BillingDetailsResponse } from '../../shared/billingProfile';
import { dateIn } from '../../shared/protections/age';
import { buyerStanding } from '../../shared/protections/playerProtections';
import { mayReachPersonalData, type StoreSessionAccess } from '../../shared/storeSession';
import { paymentFormSchema, type PaymentFormData } from '../../shared/validation/paymentForm';
import type { PlayerAuth } from '../auth/playerAuth';
import { playerChecks, requirePlayer, storeSessionOf } from '../auth/requirePlayer';
import type { Settings } from '../config/settings';
import { ISO_COUNTRY_CODES } from '../countries/isoCountries';
import { HttpError } from '../http/errors';
import { parseBody } from '../http/parseBody';
import type { RateLimits } from '../http/rateLimits';
import type { ProtectionsRepository } from '../protections/protectionsRepository';
import type { BillingProfile, BillingProfiles } from './billingProfiles';

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

/** Whether the sign-in may read, change or forget the stored details: always when none are stored; else as mayReachPersonalData says. */
export const mayTouch = (profile: BillingProfile, session: StoreSessionAccess | null) => profile.details === null || mayReachPersonalData(session, profile.enteredBy);

const hiddenFromThisSession = () => new HttpError(403, billingProfileTexts.confirmInGame, { reason: 'confirmInGame' });

/** The player's remembered details; forgotten at once when they may no longer be kept. */
async function rememberedFor(deps: BillingDeps, uid: string, session: StoreSessionAccess | null): Promise<BillingDetailsResponse> {
  const profile = await deps.billingProfiles.find(uid);
  if (!mayTouch(profile, session)) throw hiddenFromThisSession();
  if (profile.details && !(await mayRemember(deps, uid))) return { details: null, generation: await deps.billingProfiles.forget(uid, Date.now()) };
  return { details: profile.details, generation: profile.generation };
}

/**
 * What a Submit does with the details once its payment started (POST /api/payments): kept with Remember ticked, forgotten
 * with it unticked, by the rules of the details' own page. `seen` is the profile as read when the Submit arrived, and
 * `filledFrom` the generation its form was filled from: a Forget since either wins (nothing is kept), and details this
 * sign-in may not touch are left as they are.
 */
export async function rememberAtSubmit(
  deps: BillingDeps,
  uid: string,
  session: StoreSessionAccess | null,
  seen: BillingProfile,
  submit: { details: PaymentFormData; remember: boolean; filledFrom?: number },
): Promise<void> {
  if (!mayTouch(seen, session)) return;
  const { details, remember, filledFrom = seen.generation } = submit;
  const ifGeneration = Math.min(filledFrom, seen.generation);
  if (remember) await deps.billingProfiles.remember(uid, details, Date.now(), { enteredBy: session?.sessionUid ?? null, ifGeneration });
  // Unticked with nothing kept: nothing to forget, and nothing written.
  else if (seen.details !== null) await deps.billingProfiles.forget(uid, Date.now());
}

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
