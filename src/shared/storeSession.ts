/**
 * A browser signed in with the game holds a store session, never the game account's own keys: a Firebase account of
 * its own (a new uid for every sign-in, so each browser's session can be listed and ended alone), signed in by a
 * custom token whose PLAYER_CLAIM names the game account, and recorded in store_sessions/{its uid} with its end. Whatever that session asks Firebase (a new password, an email, a linked provider, its deletion)
 * touches only the store session's own account, which holds nothing; the game account's sign-in methods change
 * only in the game, or in a browser signed in with that method. The API and the Firestore rules (playerUid) take
 * the claim only from a custom-token sign-in: the same session signed in any other way is nobody's.
 */
export const PLAYER_CLAIM = 'player';
/** The game account's name as the store shows it (accountNameOf), fixed when the session was made. */
export const PLAYER_NAME_CLAIM = 'playerName';
/** The first characters of every store session's uid. */
export const STORE_SESSION_UID_PREFIX = 'ws_';
/**
 * True once the game confirmed, for that purpose, that this session may reach the game account's personal data (the
 * details remembered and the orders made elsewhere): set in a new custom token of the same session, and on its record.
 */
export const PERSONAL_DATA_CLAIM = 'personalData';

/** A store session as a request or a page knows it: the session's own uid, and whether the game confirmed it for personal data. */
export interface StoreSessionAccess {
  sessionUid: string;
  personalData: boolean;
}

/**
 * Whether a sign-in may read or change personal data (remembered details, an order's billing details, a refund's
 * reasons) that `enteredBy` entered: the game account's own sign-in always; a store session what it entered itself, or
 * anything once the game confirmed it for that. A code phished from a player so reaches none of their personal data.
 * firestore.rules (mayReachPersonal) holds the same line; the rules test proves they agree.
 */
export const mayReachPersonalData = (session: StoreSessionAccess | null, enteredBy: string | null | undefined) =>
  session === null || session.personalData || enteredBy === session.sessionUid;

/** What a verified ID token says of who signed in, as much as this reads. */
export interface SignedInToken {
  uid: string;
  firebase?: { sign_in_provider?: string };
  [claim: string]: unknown;
}

/**
 * The player a token acts for: the game account a store session names, or the token's own uid; null for a store
 * session's account signed in any way but by its custom token (a password its holder linked, say), which acts for nobody.
 */
export function playerUidOf(token: SignedInToken): string | null {
  const player = token[PLAYER_CLAIM];
  const custom = token.firebase?.sign_in_provider === 'custom';
  if (custom && typeof player === 'string' && player.length > 0) return player;
  return token.uid.startsWith(STORE_SESSION_UID_PREFIX) ? null : token.uid;
}

/** Whether the token is a store session's (signed in with the game). */
export const isStoreSession = (token: SignedInToken) => token.firebase?.sign_in_provider === 'custom' && typeof token[PLAYER_CLAIM] === 'string';

/** The store session a token is, as its claims say (store_sessions/{uid} must still stand: the API and the rules ask it). */
export function storeSessionAccessOf(token: SignedInToken): StoreSessionAccess | null {
  return isStoreSession(token) ? { sessionUid: token.uid, personalData: token[PERSONAL_DATA_CLAIM] === true } : null;
}
