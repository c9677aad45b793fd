import { formatLinkCode, gameLinkUrlFor, LINK_CODE_TTL_MS, normalizeLinkCode } from '../../shared/gameSignIn/linkCode';
import type { LinkCodeResponse, RedeemLinkResponse, StartLinkResponse } from '../../shared/api';
import type { Settings } from '../config/settings';
import { HttpError } from '../http/errors';
import type { Logger } from '../logger';
import { countryNameOf } from '../countries/isoCountries';
import type { LinkRepository } from './linkRepository';
import { confirmRefusal, linkMessages, newLinkCode, newSessionId, redeemRefusal, startedOnOf, type LinkRefusal, type LinkSessionRecord } from './linkRules';

/** The game accounts in Firebase Auth: who they are, and a custom token to sign a browser in as one. */
export interface GameAccounts {
  /** The account, or null when it was deleted or is disabled. */
  accountOf(uid: string): Promise<RedeemLinkResponse['account'] | null>;
  /** A custom token of the store session for the account (read just before, so its name is as it stands). */
  customTokenFor(account: RedeemLinkResponse['account']): Promise<string>;
}

export interface LinkDeps {
  settings: Settings;
  links: LinkRepository;
  accounts: GameAccounts;
  log: Logger;
}

/** Each refusal's status: a code that cannot be one 400, nobody's 404, used 409, too late 410, someone else's browser 403. */
const REFUSAL_STATUS: Record<LinkRefusal, number> = {
  malformed: 400,
  unknown: 404,
  used: 409,
  expired: 410,
  notConfirmed: 409,
  wrongBrowser: 403,
  redeemExpired: 410,
  accountGone: 403,
  elsewhere: 403,
};

export const refusedAs = (refusal: LinkRefusal) => new HttpError(REFUSAL_STATUS[refusal], linkMessages[refusal]);

/** How many codes a new session may draw before giving up (each a collision with a code shown now). */
const CODE_DRAWS = 5;

/** POST /api/link/sessions: a new session with its code, for the browser holding the verifier whose hash it sends. */
export async function startLink(deps: LinkDeps, verifierHash: string, userAgent: string | undefined, now: number, country: string | null = null): Promise<StartLinkResponse> {
  for (let draw = 0; draw < CODE_DRAWS; draw += 1) {
    const session: LinkSessionRecord = {
      sessionId: newSessionId(),
      code: newLinkCode(),
      verifierHash,
      state: 'waiting',
      createdAt: now,
      expiresAt: now + LINK_CODE_TTL_MS,
      startedOn: startedOnOf(userAgent),
      startedIn: country,
      uid: null,
      confirmedAt: null,
      redeemedAt: null,
    };
    if (await deps.links.start(session)) {
      return { sessionId: session.sessionId, code: formatLinkCode(session.code), expiresInMs: LINK_CODE_TTL_MS, gameLink: gameLinkUrlFor(deps.settings.GAME_LINK_URL, session.code) };
    }
  }
  throw new HttpError(503, 'The store could not make a new code just now. Please try again.');
}

const codeOf = (typed: string) => {
  const code = normalizeLinkCode(typed);
  if (!code) throw refusedAs('malformed');
  return code;
};

const shownToThePlayer = (session: LinkSessionRecord): LinkCodeResponse => ({
  startedOn: session.startedOn,
  startedAt: session.createdAt,
  startedIn: session.startedIn ? countryNameOf(session.startedIn) : null,
});

/** POST /api/link/preview: where and when the code's sign-in was started, for the game to show before it confirms. */
export async function previewLink(deps: LinkDeps, typed: string, now: number, gameCountry: string | null = null): Promise<LinkCodeResponse> {
  const session = await deps.links.sessionForCode(codeOf(typed));
  const refused = confirmRefusal(session, now, gameCountry);
  if (refused) throw refusedAs(refused);
  return shownToThePlayer(session!);
}

/** POST /api/link/confirm: the signed-in game account `uid` confirms the code; the code works once. */
export async function confirmLink(deps: LinkDeps, uid: string, typed: string, now: number, gameCountry: string | null = null): Promise<LinkCodeResponse> {
  const code = codeOf(typed);
  if (!(await deps.accounts.accountOf(uid))) throw refusedAs('accountGone');
  const outcome = await deps.links.confirm(code, uid, now, gameCountry);
  if ('refused' in outcome) throw refusedAs(outcome.refused);
  deps.log.info({ event: 'link.confirmed', uid, sessionStartedOn: outcome.confirmed.startedOn });
  return shownToThePlayer(outcome.confirmed);
}

/**
 * POST /api/link/sessions/:sessionId/redeem: the browser that started the session, proving it with its verifier,
 * gets a custom token of a store session for the game account that confirmed it (src/shared/storeSession.ts). The token is made first, so a session is spent only
 * once the browser can be given one.
 */
export async function redeemLink(deps: LinkDeps, sessionId: string, verifier: string, now: number): Promise<RedeemLinkResponse> {
  const session = await deps.links.session(sessionId);
  // The rules the commit checks, asked first: no token is made for a session that cannot be redeemed.
  const refused = redeemRefusal(session, verifier, now);
  if (refused) throw refusedAs(refused);
  const uid = session!.uid!;
  // A game account deleted or disabled since it confirmed signs no browser in.
  const account = await deps.accounts.accountOf(uid);
  if (!account) throw refusedAs('accountGone');
  const customToken = await deps.accounts.customTokenFor(account);
  const outcome = await deps.links.redeem(sessionId, verifier, now);
  if ('refused' in outcome) throw refusedAs(outcome.refused);
  deps.log.info({ event: 'link.redeemed', uid });
  return { customToken, account };
}
