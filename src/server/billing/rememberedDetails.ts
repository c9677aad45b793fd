import { billingProfileTexts, type BillingDetailsResponse } from '../../shared/billingProfile';
import { dateIn } from '../../shared/protections/age';
import { buyerStanding } from '../../shared/protections/playerProtections';
import { mayReachPersonalData, type StoreSessionAccess } from '../../shared/storeSession';
import type { PaymentFormData } from '../../shared/validation/paymentForm';
import type { Settings } from '../config/settings';
import { HttpError } from '../http/errors';
import type { ProtectionsRepository } from '../protections/protectionsRepository';
import type { BillingProfile, BillingProfiles } from './billingProfiles';

/**
 * The rules of a player's remembered details, for their own page (./billingRouter) and the Submit that keeps or forgets
 * them (payments): who may keep them, who may reach them, and what a Submit does with them.
 */
export interface BillingDeps {
  settings: Settings;
  billingProfiles: BillingProfiles;
  protections: Pick<ProtectionsRepository, 'protectionsOf'>;
}

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

/** The refusal of details another sign-in entered, to a store session the game has not confirmed for them. */
export const hiddenFromThisSession = () => new HttpError(403, billingProfileTexts.confirmInGame, { reason: 'confirmInGame' });

/** The player's remembered details; forgotten at once when they may no longer be kept. */
export async function rememberedFor(deps: BillingDeps, uid: string, session: StoreSessionAccess | null): Promise<BillingDetailsResponse> {
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
