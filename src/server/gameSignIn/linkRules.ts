import crypto from 'node:crypto';
import Bowser from 'bowser';
import { LINK_CODE_ALPHABET, LINK_CODE_LENGTH, LINK_REDEEM_WINDOW_MS } from '../../shared/gameSignIn/linkCode';
import { linkSessionTransition, type LinkPurpose, type LinkSessionState } from '../../shared/gameSignIn/linkSession';

/** link_sessions/{sessionId} as the server keeps it. */
export interface LinkSessionRecord {
  sessionId: string;
  /** The code the store shows, as kept (8 characters, no hyphen); link_codes/{code} names this session while it works. */
  code: string;
  /** SHA-256 (base64url) of the verifier only the starting browser holds. */
  verifierHash: string;
  state: LinkSessionState;
  createdAt: number;
  /** Until when the code can be confirmed. */
  expiresAt: number;
  /** Where it was started, as the game shows its player: "Chrome on Android". */
  startedOn: string;
  /** The country of the starting browser's address (ISO 3166 alpha-2), when known; absent on sessions made before it was kept. */
  startedIn?: string | null;
  /** What the game is asked to confirm (absent on sessions made before it was kept: a sign-in). */
  purpose?: LinkPurpose;
  /** For `personalData`: the store session that asked, and the game account it acts for (the only one that may confirm). */
  forSession?: string | null;
  forPlayer?: string | null;
  /** The game account that confirmed it, and when; null while waiting. */
  uid: string | null;
  confirmedAt: number | null;
  redeemedAt: number | null;
}

/** Why a code or a redemption is refused, in words for the game's player or the store's visitor. */
export const linkMessages = {
  malformed: 'That is not a store code: it has 8 letters and digits, like K7Q2-M4XD.',
  unknown: 'That code is not one the store is showing. Check it against the store’s page, or ask the store for a new one.',
  expired: 'That code has expired. Press “Show a New Code” on the store’s page for another.',
  used: 'That code was used already. Press “Show a New Code” on the store’s page for another.',
  notConfirmed: 'The game has not confirmed this sign-in.',
  wrongBrowser: 'This sign-in was started in another browser: it can only be finished there.',
  redeemExpired: 'This sign-in took too long to finish. Please start again.',
  accountGone: 'This game account can no longer sign in to the store.',
  elsewhere: 'This code was shown in another country than the one this phone is in. Confirm only a code on your own screen: if it is yours, press “Show a New Code” on the store’s page in front of you.',
  otherAccount: 'This code asks for another game account’s details: only the account signed in on that browser can confirm it.',
  notStoreSession: 'Only a browser signed in with the game needs the game’s confirmation for your details.',
  sessionEnded: 'This browser’s store session has ended. Please sign in again from the game.',
  notTheGame: 'Codes are confirmed in the game, not in a browser signed in with it.',
} as const;
export type LinkRefusal = keyof typeof linkMessages;

/** A new code: 8 characters from the alphabet, each drawn uniformly by the system's secure random source. */
export function newLinkCode(randomInt: (max: number) => number = crypto.randomInt): string {
  return Array.from({ length: LINK_CODE_LENGTH }, () => LINK_CODE_ALPHABET[randomInt(LINK_CODE_ALPHABET.length)]).join('');
}

/** A new session's id: 32 random bytes, so holding it is as good as having started it. */
export const newSessionId = () => crypto.randomBytes(32).toString('base64url');

export const verifierHashOf = (verifier: string) => crypto.createHash('sha256').update(verifier).digest('base64url');

/** Whether `verifier` is the one the session was started with (compared in constant time). */
export function verifierMatches(verifier: string, verifierHash: string): boolean {
  const given = Buffer.from(verifierHashOf(verifier));
  const kept = Buffer.from(verifierHash);
  return given.length === kept.length && crypto.timingSafeEqual(given, kept);
}

/** The browsers and systems a preview may name: a name the starter's User-Agent gives that is not here is never shown. */
const KNOWN_BROWSERS = ['Chrome', 'Chromium', 'Safari', 'Firefox', 'Microsoft Edge', 'Opera', 'Samsung Internet for Android', 'Brave', 'Vivaldi', 'Yandex Browser', 'UC Browser'];
const KNOWN_SYSTEMS = ['Android', 'iOS', 'iPadOS', 'Windows', 'macOS', 'Linux', 'Chrome OS', 'HarmonyOS'];

/**
 * "Chrome on Android", from the browser's User-Agent, named only from fixed lists (no version, no word the starter
 * chose: a User-Agent is theirs to write); "an unknown browser" when it names nothing on them.
 */
export function startedOnOf(userAgent: string | undefined): string {
  if (!userAgent) return 'an unknown browser';
  const { browser, os } = Bowser.parse(userAgent);
  const name = KNOWN_BROWSERS.find((known) => known === browser.name)?.replace(' for Android', '');
  const system = KNOWN_SYSTEMS.find((known) => known === os.name);
  if (!name) return system ? `an unknown browser on ${system}` : 'an unknown browser';
  return system ? `${name} on ${system}` : name;
}

/**
 * Whether a session's code can be confirmed at `now` by a game in `gameCountry`, or why not. A code shown in one
 * country and confirmed from another is refused: the known phishing of such codes sends them to a player elsewhere.
 * Either end unknown (a private address, no database entry) decides nothing.
 */
export function confirmRefusal(session: LinkSessionRecord | null, now: number, gameCountry: string | null = null): LinkRefusal | null {
  if (!session) return 'unknown';
  if (!linkSessionTransition(session.state, 'confirm')) return 'used';
  if (session.expiresAt <= now) return 'expired';
  if (session.startedIn && gameCountry && session.startedIn !== gameCountry) return 'elsewhere';
  return null;
}

/** What a session asks of the game. */
export const purposeOf = (session: Pick<LinkSessionRecord, 'purpose'>): LinkPurpose => session.purpose ?? 'signIn';

/**
 * Whether the game account `uid` may confirm the session: any account may take up a sign-in; a personal-data
 * confirmation only the account whose store session asked.
 */
export function confirmerRefusal(session: LinkSessionRecord, uid: string): LinkRefusal | null {
  return purposeOf(session) === 'personalData' && session.forPlayer !== uid ? 'otherAccount' : null;
}

/**
 * Whether the browser holding `verifier` (signed in as the store session `caller`, if any) can take a session up at
 * `now`, or why not. A personal-data confirmation is taken up only by the store session that asked for it.
 */
export function redeemRefusal(session: LinkSessionRecord | null, verifier: string, now: number, caller: string | null = null): LinkRefusal | null {
  if (!session) return 'unknown';
  if (!verifierMatches(verifier, session.verifierHash)) return 'wrongBrowser';
  if (purposeOf(session) === 'personalData' && (!caller || caller !== session.forSession)) return 'wrongBrowser';
  if (session.state === 'waiting') return 'notConfirmed';
  if (!linkSessionTransition(session.state, 'redeem') || !session.uid) return 'used';
  if ((session.confirmedAt ?? 0) + LINK_REDEEM_WINDOW_MS <= now) return 'redeemExpired';
  return null;
}
