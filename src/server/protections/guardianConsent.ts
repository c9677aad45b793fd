import crypto from 'node:crypto';
import { CONSENT_PARAMS, ROUTES } from '../../shared/routes';
import type { PlayerProtections } from '../../shared/protections/playerProtections';
import { limitChangeEvent, type ProtectionEvent } from '../../shared/protections/spendingLimit';
import { publicBaseUrl, type Settings } from '../config/settings';
import type { GemPack } from '../../shared/catalogue';
import { formatAud } from '../../shared/money';
import { layout, type MailMessage } from '../mail/mailLayout';
import { storeTimeFormat } from '../../shared/storeTime';

/** How long a guardian's consent link works. */
export const CONSENT_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** guardian_consent_requests/{requestId}: a player's request that a guardian consent, which one emailed link names. */
export interface ConsentRequest {
  requestId: string;
  uid: string;
  /** The player's account email, or for a game's guest account (no email) the name and tag it is shown by. */
  playerEmail: string;
  guardianEmail: string;
  createdAt: number;
  expiresAt: number;
  /** When the guardian consented through it; a link works once. */
  usedAt: number | null;
  /** What the guardian agreed to, once they did (their confirmation email repeats it). */
  decision?: ConsentDecision;
  /**
   * What the player had when they asked: a guardian's consent already given (the request asks for a new limit,
   * and goes to that guardian only) and the limit then in effect. Absent on requests from before the store kept it.
   */
  asked?: { consentGiven: boolean; monthlyLimitCents: number | null };
}

/** What the guardian decides on the link's page: consent, with a monthly limit only they may change, or none. */
export interface ConsentDecision {
  monthlyLimitCents: number | null;
}

/** A consent link's parameters, as the page passes them back. */
export interface ConsentLink {
  request: string;
  expires: string;
  signature: string;
}

export const consentMessages = {
  forged: 'This consent link is not one the store sent. Nothing was changed.',
  expired: 'This consent link has expired (each works for 7 days). Nothing was changed: ask the player to send a new one from the shop.',
  used: 'This consent link was used already. Nothing was changed. To change the limit, ask the player to send a new one from their Spending Limit page.',
} as const;

const signatureOf = (settings: Settings, requestId: string, expiresAt: number) =>
  crypto.createHmac('sha256', settings.CONSENT_LINK_SECRET).update(`guardian-consent:${requestId}:${expiresAt}`).digest('base64url');

/** The link the guardian's email carries: the request, when it expires, and the store's signature over both. */
export function consentLinkOf(settings: Settings, request: Pick<ConsentRequest, 'requestId' | 'expiresAt'>): string {
  const query = new URLSearchParams({
    [CONSENT_PARAMS.request]: request.requestId,
    [CONSENT_PARAMS.expires]: String(request.expiresAt),
    [CONSENT_PARAMS.signature]: signatureOf(settings, request.requestId, request.expiresAt),
  });
  return `${publicBaseUrl(settings)}${ROUTES.guardianConsent}?${query}`;
}

/** Whether a link is the store's and still in time: the request it names, or why not. */
export function checkConsentLink(settings: Settings, link: ConsentLink, now: number): { requestId: string } | { refused: keyof typeof consentMessages } {
  const expiresAt = Number(link.expires);
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(link.request) || !Number.isSafeInteger(expiresAt)) return { refused: 'forged' };
  const expected = Buffer.from(signatureOf(settings, link.request, expiresAt));
  const given = Buffer.from(link.signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return { refused: 'forged' };
  if (expiresAt <= now) return { refused: 'expired' };
  return { requestId: link.request };
}

/** The guardian's consent applied to the player's protections: what they become, and what the history records. */
export function consentPlan(current: PlayerProtections, request: ConsentRequest, decision: ConsentDecision, now: number): { next: PlayerProtections; events: ProtectionEvent[] } {
  const consented: ProtectionEvent = { at: now, type: 'guardianConsented', by: 'guardian', guardianEmail: request.guardianEmail };
  const spendingLimit = { monthlyLimitCents: decision.monthlyLimitCents, pending: null };
  return {
    next: {
      ...current,
      guardianConsent: { at: now, guardianEmail: request.guardianEmail },
      // The guardian's limit counts at once, raised or not, and from now on only a guardian changes it.
      ...(decision.monthlyLimitCents !== null || current.limitSetBy === 'guardian' ? { spendingLimit, limitSetBy: 'guardian' as const } : {}),
    },
    events: [
      consented,
      ...(decision.monthlyLimitCents !== null || current.limitSetBy === 'guardian'
        ? [limitChangeEvent(current.spendingLimit, spendingLimit, decision.monthlyLimitCents, now, 'guardian')]
        : []),
    ],
  };
}

/** The shelf's cheapest and dearest packs, as the guardian's emails say them ("A$15.99 to A$85.99"). */
const priceRange = (packs: readonly GemPack[]) => {
  const prices = packs.map((pack) => pack.priceCents);
  return prices.length ? `${formatAud(Math.min(...prices))} to ${formatAud(Math.max(...prices))}` : 'priced as the shop shows';
};

/** `packs`: the shelf as the email is written, for its price range. */
export function guardianConsentMail(settings: Settings, request: ConsentRequest, link: string, packs: readonly GemPack[]): MailMessage {
  if (request.asked?.consentGiven) return limitChangeMail(settings, request, link);
  return {
    to: request.guardianEmail,
    subject: `Your consent is asked: ${request.playerEmail} would like to buy gems in the ${settings.GAME_NAME} store`,
    ...layout(
      settings,
      `A young player asks for your consent`,
      [
        `The ${settings.GAME_NAME} store account ${request.playerEmail} belongs to a player under 13, who gave your email as their parent's or guardian's.`,
        `The store sells gem packs for the game ${settings.GAME_NAME}, each paid once by card: ${priceRange(packs)} (incl. GST), with no subscription. Gems are spent only inside the game.`,
        'If you consent, the player can buy. You can also set a monthly spending limit that only you can change later, through a new email like this one.',
        'The link works once, for 7 days. If you do nothing, nothing changes: the player cannot buy.',
      ],
      null,
      { label: 'Read and decide', url: link },
    ),
  };
}

/** The guardian who consented is asked, by the player, to look at the monthly limit again. */
function limitChangeMail(settings: Settings, request: ConsentRequest, link: string): MailMessage {
  const limit = request.asked?.monthlyLimitCents ?? null;
  return {
    to: request.guardianEmail,
    subject: `${request.playerEmail} asks you to change their monthly limit in the ${settings.GAME_NAME} store`,
    ...layout(
      settings,
      'A young player asks for a new spending limit',
      [
        `You consented to ${request.playerEmail} buying gem packs in the ${settings.GAME_NAME} store. They ask you to look at the monthly spending limit you set, which only you can change.`,
        limit === null ? 'The account has no monthly limit now.' : `Their limit now: ${formatAud(limit)} a month.`,
        'The link lets you set a new limit (or none); it counts at once. The link works once, for 7 days. If you do nothing, nothing changes.',
      ],
      null,
      { label: 'Review the limit', url: link },
    ),
  };
}

/** The guardian's own record of what they agreed to, sent once they consented. */
export function guardianConsentConfirmedMail(settings: Settings, request: ConsentRequest, packs: readonly GemPack[]): MailMessage | null {
  if (request.usedAt === null || !request.decision) return null;
  const limit = request.decision.monthlyLimitCents;
  const { dateTime } = storeTimeFormat(settings.STORE_TIME_ZONE);
  return {
    to: request.guardianEmail,
    subject: `You consented for ${request.playerEmail} in the ${settings.GAME_NAME} store`,
    ...layout(
      settings,
      'What you agreed to',
      [
        `On ${dateTime(request.usedAt)} you consented, as their parent or guardian, to ${request.playerEmail} buying gem packs in the ${settings.GAME_NAME} store (${priceRange(packs)} each, incl. GST, paid once by card).`,
        limit === null
          ? 'You set no monthly spending limit.'
          : `You set a monthly spending limit of ${formatAud(limit)}: the store refuses any order that would pass it, and refunds any payment that would.`,
        'Only you can change this. To change the limit, ask the player to send you a new consent email from the store’s Spending Limit page. If you did not consent, reply to this email and we will stop the account buying.',
      ],
      null,
      { label: 'The store', url: publicBaseUrl(settings) },
    ),
  };
}
