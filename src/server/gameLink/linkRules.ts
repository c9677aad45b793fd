import crypto from 'node:crypto';
import Bowser from 'bowser';
import { LINK_CODE_ALPHABET, LINK_CODE_LENGTH, LINK_REDEEM_WINDOW_MS } from '../../shared/gameLink/linkCode';
import { linkSessionTransition, type LinkSessionState } from '../../shared/gameLink/linkSession';

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
  /** Where it was started, as the game shows its player: "Chrome 131 on Android". */
  startedOn: string;
  /** The game account that confirmed it, and when; null while waiting. */
  uid: string | null;
  confirmedAt: number | null;
  redeemedAt: number | null;
}

/** Why a code or a redemption is refused, in words for the game's player or the store's visitor. */
export const linkMessages = {
  malformed: 'That is not a store code: it has 8 letters and digits, like K7Q2-M4XD.',
  unknown: 'That code is not one the store is showing. Check it against the store’s page, or ask the store for a new one.',
  expired: 'That code has expired. The store’s page shows a new one.',
  used: 'That code was used already. The store’s page shows a new one.',
  notConfirmed: 'The game has not confirmed this sign-in.',
  wrongBrowser: 'This sign-in was started in another browser: it can only be finished there.',
  redeemExpired: 'This sign-in took too long to finish. Please start again.',
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

/** "Chrome 131 on Android", from the browser's User-Agent; "an unknown browser" when it says nothing useful. */
export function startedOnOf(userAgent: string | undefined): string {
  if (!userAgent) return 'an unknown browser';
  const { browser, os } = Bowser.parse(userAgent);
  const name = browser.name ? `${browser.name}${browser.version ? ` ${browser.version.split('.')[0]}` : ''}` : 'an unknown browser';
  return os.name ? `${name} on ${os.name}` : name;
}

/** Whether a session's code can be confirmed at `now`, or why not. */
export function confirmRefusal(session: LinkSessionRecord | null, now: number): LinkRefusal | null {
  if (!session) return 'unknown';
  if (!linkSessionTransition(session.state, 'confirm')) return 'used';
  if (session.expiresAt <= now) return 'expired';
  return null;
}

/** Whether the browser holding `verifier` can take a session's sign-in up at `now`, or why not. */
export function redeemRefusal(session: LinkSessionRecord | null, verifier: string, now: number): LinkRefusal | null {
  if (!session) return 'unknown';
  if (!verifierMatches(verifier, session.verifierHash)) return 'wrongBrowser';
  if (session.state === 'waiting') return 'notConfirmed';
  if (!linkSessionTransition(session.state, 'redeem') || !session.uid) return 'used';
  if ((session.confirmedAt ?? 0) + LINK_REDEEM_WINDOW_MS <= now) return 'redeemExpired';
  return null;
}
