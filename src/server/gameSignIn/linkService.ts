import crypto from 'node:crypto';
import type { LinkPurpose } from '../../shared/gameSignIn/linkSession';
import type { StoreSessionEnd } from '../../shared/gameSignIn/storeSessions';
import { STORE_SESSION_UID_PREFIX, type StoreSessionAccess } from '../../shared/storeSession';
import { formatLinkCode, gameLinkUrlFor, LINK_CODE_TTL_MS, normalizeLinkCode } from '../../shared/gameSignIn/linkCode';
import type { LinkCodeResponse, RedeemLinkResponse, StartLinkResponse } from '../../shared/api';
import type { Settings } from '../config/settings';
import { HttpError } from '../http/errors';
import type { Logger } from '../lib/logger';
import { countryNameOf } from '../countries/isoCountries';
import type { LinkRepository } from './linkRepository';
import { confirmRefusal, linkMessages, newLinkCode, newSessionId, purposeOf, redeemRefusal, startedOnOf, type LinkRefusal, type LinkSessionRecord } from './linkRules';
import type { StoreSessionRecord, StoreSessions } from './storeSessions';

/** The game accounts in Firebase Auth: who they are, a custom token to sign a browser's store session in as one, and its end. */
export interface GameAccounts {
  /** The account, or null when it was deleted or is disabled. */
  accountOf(uid: string): Promise<RedeemLinkResponse['account'] | null>;
  /** A custom token of the store session `sessionUid` for the account (read just before, so its name is as it stands). */
  customTokenFor(account: RedeemLinkResponse['account'], sessionUid: string, personalData: boolean): Promise<string>;
  /** The ended store sessions' own accounts can sign in no more (their refresh tokens revoked, the accounts deleted). */
  closeSessionAccounts(sessionUids: readonly string[]): Promise<void>;
}

export interface LinkDeps {
  settings: Settings;
  links: LinkRepository;
  accounts: GameAccounts;
  storeSessions: StoreSessions;
  log: Logger;
}

/** A browser that asks for something of the game as the store session it is signed in as (res.locals.storeSession), or none. */
export type Caller = (StoreSessionAccess & { player: string }) | null;

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
  otherAccount: 403,
  notStoreSession: 403,
  sessionEnded: 401,
  notTheGame: 403,
};

export const refusedAs = (refusal: LinkRefusal) => new HttpError(REFUSAL_STATUS[refusal], linkMessages[refusal]);

/** How many codes a new session may draw before giving up (each a collision with a code shown now). */
const CODE_DRAWS = 5;

/** Where and by whom a new code was asked for. */
export interface LinkStart {
  verifierHash: string;
  purpose: LinkPurpose;
  userAgent: string | undefined;
  country: string | null;
  /** The store session asking, for a personal-data confirmation (required then). */
  caller: Caller;
}

/** POST /api/link/sessions: a new session with its code, for the browser holding the verifier whose hash it sends. */
export async function startLink(deps: LinkDeps, start: LinkStart, now: number): Promise<StartLinkResponse> {
  const { verifierHash, purpose, userAgent, country, caller } = start;
  // The game account's own sign-in reaches its details already; only a store session is asked to have them confirmed.
  if (purpose === 'personalData' && !caller) throw refusedAs('notStoreSession');
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
      purpose,
      forSession: purpose === 'personalData' ? caller!.sessionUid : null,
      forPlayer: purpose === 'personalData' ? caller!.player : null,
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
  purpose: purposeOf(session),
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

/** A new store session's own uid: ws_ and 16 random bytes, a Firebase account of its own for each browser signed in. */
export const newStoreSessionUid = () => `${STORE_SESSION_UID_PREFIX}${crypto.randomBytes(16).toString('base64url')}`;

/**
 * POST /api/link/sessions/:sessionId/redeem: the browser that started the session, proving it with its verifier, gets
 * a custom token. For a sign-in, of a new store session for the game account that confirmed it (src/shared/storeSession.ts),
 * recorded with its end in the commit that spends the code; for a personal-data confirmation, of the calling store
 * session again, now confirmed. The token is made first, so a code is spent only once the browser can be given one.
 */
export async function redeemLink(deps: LinkDeps, sessionId: string, verifier: string, now: number, caller: Caller = null): Promise<RedeemLinkResponse> {
  const session = await deps.links.session(sessionId);
  // The rules the commit checks, asked first: no token is made for a session that cannot be redeemed.
  const refused = redeemRefusal(session, verifier, now, caller?.sessionUid ?? null);
  if (refused) throw refusedAs(refused);
  const uid = session!.uid!;
  // A game account deleted or disabled since it confirmed signs no browser in.
  const account = await deps.accounts.accountOf(uid);
  if (!account) throw refusedAs('accountGone');
  if (purposeOf(session!) === 'personalData') return confirmPersonalData(deps, session!, verifier, account, caller!, now);
  const made: StoreSessionRecord = {
    sessionId: newStoreSessionUid(),
    player: uid,
    startedOn: session!.startedOn,
    startedIn: session!.startedIn ?? null,
    createdAt: now,
    expiresAt: now + deps.settings.STORE_SESSION_HOURS * 3_600_000,
    personalData: false,
    personalDataAt: null,
    endedAt: null,
    endedBy: null,
  };
  const customToken = await deps.accounts.customTokenFor(account, made.sessionId, false);
  const outcome = await deps.links.redeem(sessionId, verifier, now, null, made);
  if ('refused' in outcome) throw refusedAs(outcome.refused);
  deps.log.info({ event: 'link.redeemed', uid, storeSession: made.sessionId });
  return { customToken, account };
}

/** The game confirmed that the calling store session may reach the account's personal data: recorded, and its token again with the claim. */
async function confirmPersonalData(deps: LinkDeps, session: LinkSessionRecord, verifier: string, account: RedeemLinkResponse['account'], caller: NonNullable<Caller>, now: number) {
  const customToken = await deps.accounts.customTokenFor(account, caller.sessionUid, true);
  if (!(await deps.storeSessions.confirmPersonalData(caller.sessionUid, account.uid, now))) throw refusedAs('sessionEnded');
  const outcome = await deps.links.redeem(session.sessionId, verifier, now, caller.sessionUid, null);
  if ('refused' in outcome) throw refusedAs(outcome.refused);
  deps.log.info({ event: 'link.personal_data_confirmed', uid: account.uid, storeSession: caller.sessionUid });
  return { customToken, account };
}

/**
 * Ends the game account's store sessions still acting (one, or all): their records first (the API and the rules stop
 * them at once), then their own Firebase accounts. Answers the sessions ended.
 */
export async function endStoreSessions(deps: Pick<LinkDeps, 'storeSessions' | 'accounts' | 'log'>, player: string, sessionUid: string | null, by: StoreSessionEnd, now: number): Promise<string[]> {
  const ended = await deps.storeSessions.end(player, sessionUid, by, now);
  if (ended.length > 0) {
    await deps.accounts.closeSessionAccounts(ended);
    deps.log.info({ event: 'store_session.ended', uid: player, by, sessions: ended.length });
  }
  return ended;
}
