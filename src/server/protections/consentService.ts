import crypto from 'node:crypto';
import type { ConsentPageFacts } from '../../shared/api';
import { ageBandOf, dateIn } from '../../shared/protections/age';
import { mailboxOf } from '../../shared/validation/account';
import { playerTagOf } from '../../shared/playerTag';
import { HttpError } from '../http/errors';
import type { Logger } from '../lib/logger';
import { CONSENT_LINK_TTL_MS, checkConsentLink, consentMessages, type ConsentLink, type ConsentRequest } from './guardianConsent';
import { protectionsView, refusedAs409, type LimitsDeps } from './limitsService';
import type { ProtectionsView } from '../../shared/protections/playerProtections';
import { limitAt } from '../../shared/protections/spendingLimit';

export interface ConsentDeps extends LimitsDeps {
  log: Logger;
}

/** Consent emails one guardian's address is sent in a day, from every account together. */
export const CONSENT_EMAILS_PER_ADDRESS_PER_DAY = 3;

export const consentServiceMessages = {
  notNeeded: 'Your account does not need a guardian’s consent.',
  otherGuardian: (guardianEmail: string) => `Your limit can only be changed by the guardian who consented: we will email ${guardianEmail}.`,
  ownEmail: "Enter your parent's or guardian's email, not your own.",
  addressBusy: 'That address has had as many consent emails as we send in a day. Ask your guardian to check their inbox and spam folder, or try again tomorrow.',
} as const;

/** POST /api/account/guardian-consent: a player under 13 asks a guardian, who is emailed the store's signed link. */
export async function requestGuardianConsent(deps: ConsentDeps, uid: string, playerEmail: string | undefined, guardianEmail: string, now: number): Promise<ProtectionsView> {
  const protections = await deps.protections.protectionsOf(uid, now);
  // A player under 13 asks for consent; a player whose guardian set the limit (at any age) asks them to change it.
  const young = protections.birthDate !== null && ageBandOf(protections.birthDate, dateIn(deps.settings.STORE_TIME_ZONE, now)) === 'underMinimum';
  if (!young && protections.limitSetBy !== 'guardian') throw new HttpError(409, consentServiceMessages.notNeeded);
  // In any form that reaches the player's own inbox: case, a +tag, the dots a provider ignores.
  if (playerEmail && mailboxOf(guardianEmail) === mailboxOf(playerEmail)) throw new HttpError(400, consentServiceMessages.ownEmail);
  // Once a guardian consented, only they may change what they decided: a friend's address changes nothing.
  const consented = protections.guardianConsent;
  if (consented && mailboxOf(guardianEmail) !== mailboxOf(consented.guardianEmail)) throw new HttpError(400, consentServiceMessages.otherGuardian(consented.guardianEmail));
  const request: ConsentRequest = {
    requestId: crypto.randomBytes(18).toString('base64url'),
    uid,
    // A game's guest account has no email: the guardian reads the name and tag the store and the game show it by.
    playerEmail: playerEmail ?? `Guest · #${playerTagOf(uid)}`,
    guardianEmail,
    createdAt: now,
    expiresAt: now + CONSENT_LINK_TTL_MS,
    usedAt: null,
    asked: { consentGiven: consented !== null, monthlyLimitCents: limitAt(protections.spendingLimit, now).monthlyLimitCents },
  };
  // The email is owed in the same commit as the request, and sent by the outbox's dispatcher (retried if need be);
  // one address is sent only so many a day, from every account together.
  const outcome = await deps.protections.requestConsent(request, { mailbox: mailboxOf(guardianEmail), day: dateIn(deps.settings.STORE_TIME_ZONE, now), perDay: CONSENT_EMAILS_PER_ADDRESS_PER_DAY });
  if (!outcome.sent) throw new HttpError(429, consentServiceMessages.addressBusy);
  deps.log.info({ event: 'guardianConsent.requested', uid });
  return protectionsView(deps, uid, now);
}

/** The request a link names, once the link is the store's, in time and unused; else 410 (or 404) saying why. */
async function usableRequest(deps: ConsentDeps, link: ConsentLink, now: number): Promise<ConsentRequest> {
  const checked = checkConsentLink(deps.settings, link, now);
  if ('refused' in checked) throw new HttpError(checked.refused === 'forged' ? 404 : 410, consentMessages[checked.refused]);
  const request = await deps.protections.consentRequest(checked.requestId);
  // The request kept on the server decides, not the link: its expiry as stored, and whether it was used.
  if (!request || request.expiresAt !== Number(link.expires)) throw new HttpError(404, consentMessages.forged);
  if (request.expiresAt <= now) throw new HttpError(410, consentMessages.expired);
  if (request.usedAt !== null) throw new HttpError(410, consentMessages.used);
  return request;
}

/** GET /api/guardian-consent: what the guardian is asked to consent to. */
export async function consentPageFacts(deps: ConsentDeps, link: ConsentLink, now: number): Promise<ConsentPageFacts> {
  const request = await usableRequest(deps, link, now);
  return factsOf(request);
}

/** POST /api/guardian-consent: the guardian consents, with a limit or none; the link works no more. */
export async function giveConsent(deps: ConsentDeps, link: ConsentLink, monthlyLimitCents: number | null, now: number): Promise<ConsentPageFacts> {
  const request = await usableRequest(deps, link, now);
  await refusedAs409(deps.protections.consent(request.requestId, { monthlyLimitCents }, now));
  deps.log.info({ event: 'guardianConsent.given', uid: request.uid });
  return factsOf(request);
}

const factsOf = (request: ConsentRequest): ConsentPageFacts => ({
  playerEmail: request.playerEmail,
  guardianEmail: request.guardianEmail,
  expiresAt: request.expiresAt,
  limitChange: request.asked?.consentGiven ? { monthlyLimitCents: request.asked.monthlyLimitCents } : null,
});
