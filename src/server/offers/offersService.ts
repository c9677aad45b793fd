import crypto from 'node:crypto';
import { findPack, shelfAt, type GemPack } from '../../shared/catalogue';
import type { OffersResponse, PromoCodeResponse, SupportOfferDetail, SupportOffersResponse } from '../../shared/api';
import { FIRST_PURCHASE_OFFER_ID, OFFER_KIND_NAMES, type Offer } from '../../shared/offers/offer';
import type { OfferAuditEntry } from '../../shared/offers/offerAudit';
import { offerIdFor, offerSettingsOf, type OfferFormData } from '../../shared/validation/offer';
import type { Settings } from '../config/settings';
import { ContentionError } from '../firebase/commitIfUnchanged';
import { HttpError } from '../http/errors';
import type { OrdersRepository } from '../orders/ordersRepository';
import { appliedOfferOf, armsFor, chooseOffer, codeRefusal, promoCodeOfferId, publicOffersFor, type OfferAsker, type OfferChoice } from './offerRules';
import { audienceFactsOf, type AskContext, type AudienceReads } from './audienceFacts';
import type { TailoringRepository } from './tailoringRepository';
import type { OrderArm } from '../../shared/offers/experiment';
import type { OffersRepository } from './offersRepository';
import type { CatalogueReader } from '../catalogue/publishedCatalogue';
import { packOnSale } from '../catalogue/packOnSale';

export interface OfferDeps {
  settings: Settings;
  offers: OffersRepository;
  orders: OrdersRepository;
  /** The packs an offer may name, and the shelf its bonuses are shown on. */
  catalogue: CatalogueReader;
}

/** What the offers a player may have need besides: their standing for the tailored ones, and where their first sights are counted. */
export type PlayerOfferDeps = OfferDeps & AudienceReads & { tailoring: TailoringRepository };

/** Who changed an offer: a staff member's email, or the command line. */
export const COMMAND_LINE_ACTOR = 'npm run offers';

export const offerMessages = {
  notFound: 'There is no such offer.',
  changedMeanwhile: 'Someone changed this offer meanwhile. Reload it, then make your change again.',
  busy: 'Many orders are using this code right now, so the change was not saved. Save it again in a moment.',
  notAnExperiment: 'This offer is not measured against a holdout: there is nothing to pause.',
  capBelowUses: (uses: number) => `Orders hold ${uses} uses of this code now, so its total cannot be below ${uses}. To stop it being used, end it.`,
} as const;

/**
 * Whether the player may have a running first-purchase bonus: one runs, and no order of theirs was credited yet
 * (a refunded one counts: it was paid). Asks for the player's orders only when one runs.
 */
async function firstPurchaseEligible(deps: OfferDeps, uid: string, running: Offer[]): Promise<boolean> {
  return running.some((offer) => offer.kind === 'firstPurchase') && (await deps.orders.findLastCredited(uid)) === null;
}

/** A promo code that cannot be used: 422, said under its field. */
export const codeRefused = (message: string) => new HttpError(422, message, { reason: 'promoCode' });

/** Who asks, with what the tailored offers need to know of them (nothing is read for a visitor). */
async function askerOf(deps: PlayerOfferDeps, uid: string | null, running: Offer[], context: AskContext, now: number): Promise<OfferAsker> {
  if (uid === null) return { uid, firstPurchaseEligible: true, facts: null };
  const [eligible, facts] = await Promise.all([firstPurchaseEligible(deps, uid, running), audienceFactsOf(deps, uid, running, context, now)]);
  return { uid, firstPurchaseEligible: eligible, facts };
}

/** A player shown the offers is in each experiment's arm from now: their first sight is counted once. */
async function expose(deps: PlayerOfferDeps, uid: string, arms: readonly OrderArm[], now: number): Promise<void> {
  await Promise.all(arms.map((arm) => deps.tailoring.expose(uid, arm, now)));
}

/**
 * GET /api/offers: the running public offers, for a signed-in player those they may have (an audience's, their arm's
 * bonus in an experiment; a visitor sees the offers to every player).
 */
export async function shopOffers(deps: PlayerOfferDeps, uid: string | null, context: AskContext, now = Date.now()): Promise<OffersResponse> {
  const running = await deps.offers.activePublic();
  const asker = await askerOf(deps, uid, running, context, now);
  // Shown the offers is shown the arm: the first sight counts (a write on a read, once a player and experiment).
  if (uid !== null) await expose(deps, uid, armsFor(running, now, asker), now);
  return { offers: publicOffersFor(running, now, asker, shelfAt(deps.catalogue.current(), now)) };
}

/** The promo code's offer, if the player may use it on the pack now; else a 422 saying why, for the field. */
async function usableCode(deps: OfferDeps, uid: string, code: string, pack: GemPack, now: number): Promise<Offer> {
  const offer = await deps.offers.find(promoCodeOfferId(code));
  const refusal = codeRefusal(offer, pack, now, offer ? await deps.offers.usesBy(offer.id, uid) : 0);
  if (refusal) throw codeRefused(refusal);
  return offer!;
}

/** POST /api/offers/code: what a promo code adds to the pack, shown before Submit; nothing is taken yet. */
export async function checkPromoCode(deps: OfferDeps, uid: string, code: string, packId: number, now = Date.now()): Promise<PromoCodeResponse> {
  const pack = packOnSale(await deps.catalogue.read(), packId, now);
  const { title, bonusGems } = appliedOfferOf(await usableCode(deps, uid, code, pack, now), pack);
  return { code, title, bonusGems };
}

/**
 * The offer a new order is made under: the promo code the player gave (checked now; its use is taken when the
 * order's place is held), or else the best running public offer they may have; and the arms of the experiments they
 * are in, which the order records whatever its bonus (a player who came straight to the form is counted shown now).
 */
export async function offerForNewOrder(deps: PlayerOfferDeps, uid: string, pack: GemPack, code: string | undefined, context: AskContext, now: number): Promise<OfferChoice> {
  const [coded, running] = await Promise.all([code ? usableCode(deps, uid, code, pack, now) : Promise.resolve(null), deps.offers.activePublic()]);
  if (running.length === 0) return { applied: coded ? appliedOfferOf(coded, pack) : null, arms: [] };
  const choice = chooseOffer(running, pack, now, await askerOf(deps, uid, running, context, now));
  await expose(deps, uid, choice.arms, now);
  return coded ? { ...choice, applied: appliedOfferOf(coded, pack) } : choice;
}

/** GET /api/support/offers */
export async function listOffers(deps: OfferDeps): Promise<SupportOffersResponse> {
  const [offers, catalogue] = await Promise.all([deps.offers.list(), deps.catalogue.read()]);
  return { offers, timeZone: deps.settings.STORE_TIME_ZONE, packs: catalogue.packs };
}

/** GET /api/support/offers/:offerId: the offer and its audit trail. */
export async function offerDetail(deps: OfferDeps, offerId: string): Promise<SupportOfferDetail> {
  const offer = await deps.offers.find(offerId);
  if (!offer) throw new HttpError(404, offerMessages.notFound);
  return { offer, audit: await deps.offers.audit(offerId), timeZone: deps.settings.STORE_TIME_ZONE };
}

async function store(deps: OfferDeps, before: Offer | null, after: Offer, by: string, action: OfferAuditEntry['action']): Promise<Offer> {
  const outcome = await deps.offers.save(before, after, { at: after.updatedAt, by, action, before, after }).catch((error: unknown) => {
    // Orders kept taking the code's uses through every try: nothing was saved, and saying so beats a 500.
    if (error instanceof ContentionError) throw new HttpError(409, offerMessages.busy);
    throw error;
  });
  if (!outcome.saved) throw new HttpError(409, outcome.why === 'capBelowUses' ? offerMessages.capBelowUses(outcome.uses) : offerMessages.changedMeanwhile);
  return after;
}

/** An offer names packs of the published catalogue (on the shelf now or scheduled), or every pack. */
async function refuseUnknownPacks(deps: OfferDeps, packIds: number[] | null): Promise<void> {
  const { packs } = await deps.catalogue.read();
  if (packIds?.some((id) => !findPack(packs, id))) throw new HttpError(400, 'packId: Choose a pack of the published catalogue, or every pack.');
}

/** A later time than the offer's last change, so every change has its own. */
const nextChangeTime = (before: Offer | null, now: number) => Math.max(now, (before?.updatedAt ?? 0) + 1);

/** POST /api/support/offers: a new offer (the first-purchase one replaces the one there is, ended or not). */
export async function createOffer(deps: OfferDeps, by: string, form: OfferFormData, now = Date.now()): Promise<Offer> {
  const settings = offerSettingsOf(form, deps.settings.STORE_TIME_ZONE);
  await refuseUnknownPacks(deps, settings.packIds);
  const id = settings.code ? promoCodeOfferId(settings.code) : offerIdFor(settings.kind, () => `offer-${crypto.randomBytes(6).toString('hex')}`);
  const before = await deps.offers.find(id);
  if (before && settings.kind === 'promoCode') throw new HttpError(409, `The code ${settings.code} exists already: edit it, or choose another code.`);
  const after: Offer = { ...settings, id, active: true, ...(settings.code ? { uses: before?.uses ?? 0 } : {}), updatedAt: nextChangeTime(before, now) };
  return store(deps, before, after, by, before ? 'changed' : 'created');
}

/**
 * PUT /api/support/offers/:offerId: new settings for an offer as the staff member last read it (`updatedAt`).
 * Its kind and code stay: a code that players hold keeps meaning the same offer.
 */
export async function updateOffer(deps: OfferDeps, by: string, offerId: string, form: OfferFormData, readAt: number, now = Date.now()): Promise<Offer> {
  const before = await deps.offers.find(offerId);
  if (!before) throw new HttpError(404, offerMessages.notFound);
  if (before.updatedAt !== readAt) throw new HttpError(409, offerMessages.changedMeanwhile);
  const settings = offerSettingsOf({ ...form, kind: before.kind, code: before.code ?? '' }, deps.settings.STORE_TIME_ZONE);
  await refuseUnknownPacks(deps, settings.packIds);
  // A change of settings keeps an experiment paused or running as it was: pausing is its own, audited, step.
  const experiment = settings.experiment ? { ...settings.experiment, paused: before.experiment?.paused ?? false } : null;
  const after: Offer = { ...before, ...settings, experiment, updatedAt: nextChangeTime(before, now) };
  return store(deps, before, after, by, 'changed');
}

/**
 * POST /api/support/offers/:offerId/pause and /resume: an experiment paused places nobody and its offer gives nothing;
 * resumed, every player is back in the arm the hash gives them. Audited like any change.
 */
export async function pauseExperiment(deps: OfferDeps, by: string, offerId: string, paused: boolean, now = Date.now()): Promise<Offer> {
  const before = await deps.offers.find(offerId);
  if (!before) throw new HttpError(404, offerMessages.notFound);
  if (!before.experiment) throw new HttpError(409, offerMessages.notAnExperiment);
  if (before.experiment.paused === paused) return before;
  return store(deps, before, { ...before, experiment: { ...before.experiment, paused }, updatedAt: nextChangeTime(before, now) }, by, paused ? 'paused' : 'resumed');
}

/** POST /api/support/offers/:offerId/end (and `npm run offers -- end`): no order is made under it from now on. */
export async function endOffer(deps: OfferDeps, by: string, offerId: string, now = Date.now()): Promise<Offer> {
  const before = await deps.offers.find(offerId);
  if (!before) throw new HttpError(404, offerMessages.notFound);
  if (!before.active) return before;
  return store(deps, before, { ...before, active: false, updatedAt: nextChangeTime(before, now) }, by, 'ended');
}

/** `npm run offers -- start first-purchase --percent N`: the first-purchase bonus on every pack from now, with no end. */
export async function startFirstPurchase(deps: OfferDeps, by: string, percent: number, now = Date.now()): Promise<Offer> {
  const before = await deps.offers.find(FIRST_PURCHASE_OFFER_ID);
  const after: Offer = {
    id: FIRST_PURCHASE_OFFER_ID,
    kind: 'firstPurchase',
    title: OFFER_KIND_NAMES.firstPurchase,
    bonus: { unit: 'percent', amount: percent },
    packIds: null,
    startsAt: now,
    endsAt: null,
    active: true,
    public: true,
    updatedAt: nextChangeTime(before, now),
  };
  return store(deps, before, after, by, before ? 'changed' : 'created');
}
