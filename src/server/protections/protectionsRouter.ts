import express from 'express';
import { rateLimit } from 'express-rate-limit';
import type { PlayerAuth } from '../auth/playerAuth';
import { z } from 'zod';
import { API_ROUTES } from '../../shared/api';
import { dateIn } from '../../shared/protections/age';
import { CONSENT_PARAMS } from '../../shared/routes';
import { limitCentsOf, spendingLimitFormSchema } from '../../shared/validation/spendingLimit';
import { birthDateSchema, consentFormSchema, guardianEmailSchema } from '../../shared/validation/protections';
import { playerChecks, requirePlayer, storeSessionOf } from '../auth/requirePlayer';
import { mayReachPersonalData } from '../../shared/storeSession';
import { maskedEmail } from '../../shared/maskedEmail';
import type { ProtectionsView } from '../../shared/protections/playerProtections';
import { parseBody } from '../http/parseBody';
import type { RateLimits } from '../http/rateLimits';
import { consentPageFacts, giveConsent, requestGuardianConsent, type ConsentDeps } from './consentService';
import { changeSpendingLimit, protectionsView, recordBirthDate } from './limitsService';
import type { ConsentLink } from './guardianConsent';

const consentLinkSchema = z.object({ [CONSENT_PARAMS.request]: z.string().max(100), [CONSENT_PARAMS.expires]: z.string().max(20), [CONSENT_PARAMS.signature]: z.string().max(100) });
const linkOf = (source: unknown): ConsentLink => {
  const parsed = consentLinkSchema.safeParse(source);
  return parsed.success ? { request: parsed.data.request, expires: parsed.data.expires, signature: parsed.data.signature } : { request: '', expires: '', signature: '' };
};

/** Consent requests one player may send in a window. */
export const CONSENT_REQUESTS_PER_PLAYER = { limit: 3, windowMs: 60 * 60_000 } as const;

/**
 * The player's protections: their monthly spending limit with this month's spending, their date of birth, and
 * a guardian's consent (asked by the player; given by the guardian through the emailed link, signed in or not).
 */
export function protectionsRouter(deps: ConsentDeps, auth: PlayerAuth, limits: RateLimits): express.Router {
  const router = express.Router();
  const player = requirePlayer(auth, playerChecks(deps.settings));
  const json = express.json({ limit: '1kb' });
  const uid = (res: express.Response) => res.locals.uid as string;
  const noStore = (res: express.Response) => res.set('Cache-Control', 'no-store');
  /** The view as this sign-in may read it: a store session the game has not confirmed for personal data is not told the guardian's address. */
  const viewFor = <T extends { guardianConsent: ProtectionsView['guardianConsent'] }>(res: express.Response, view: T): T =>
    view.guardianConsent && !mayReachPersonalData(storeSessionOf(res), null) ? { ...view, guardianConsent: { ...view.guardianConsent, guardianEmail: maskedEmail(view.guardianConsent.guardianEmail) } } : view;
  // A guardian's inbox is not the player's to flood: a few requests an hour (per instance).
  const consentRequests = rateLimit({
    ...CONSENT_REQUESTS_PER_PLAYER,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    message: { error: 'You asked for consent a few times already. Please wait an hour, and ask your guardian to check their inbox and spam folder.' },
    keyGenerator: (_req, res) => `consent:${res.locals.uid as string}`,
    // Only requests that sent an email count: a refused one (the player's own address, say) never locks them out.
    skipFailedRequests: true,
  });

  router.get(API_ROUTES.spendingLimit, player, limits.orderReads, async (_req, res) => {
    noStore(res).json(viewFor(res, await protectionsView(deps, uid(res), Date.now())));
  });

  router.post(API_ROUTES.spendingLimit, player, limits.orderChecks, json, async (req, res) => {
    const wanted = limitCentsOf(parseBody(spendingLimitFormSchema, req.body));
    noStore(res).json(viewFor(res, await changeSpendingLimit(deps, uid(res), wanted, Date.now())));
  });

  router.post(API_ROUTES.birthDate, player, limits.orderChecks, json, async (req, res) => {
    const now = Date.now();
    const { birthDate } = parseBody(birthDateSchema(dateIn(deps.settings.STORE_TIME_ZONE, now)), req.body);
    noStore(res).json(viewFor(res, await recordBirthDate(deps, uid(res), birthDate, now)));
  });

  router.post(API_ROUTES.guardianConsentRequest, player, consentRequests, json, async (req, res) => {
    const { guardianEmail } = parseBody(guardianEmailSchema, req.body);
    noStore(res).json(await requestGuardianConsent(deps, uid(res), res.locals.email as string | undefined, guardianEmail, Date.now()));
  });

  // The guardian's link: anyone holding it may read what it asks and answer it, once.
  router.get(API_ROUTES.guardianConsent, limits.anonymous, async (req, res) => {
    noStore(res).json(await consentPageFacts(deps, linkOf(req.query), Date.now()));
  });

  router.post(API_ROUTES.guardianConsent, limits.anonymous, json, async (req, res) => {
    const { monthlyLimit, guardianConfirmed } = (req.body ?? {}) as Record<string, unknown>;
    const wanted = limitCentsOf(parseBody(consentFormSchema, { monthlyLimit, guardianConfirmed }));
    noStore(res).json(await giveConsent(deps, linkOf(req.body), wanted, Date.now()));
  });
  return router;
}
