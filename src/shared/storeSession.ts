/**
 * A browser signed in with the game holds a store session, never the game account's own keys: a Firebase account of
 * its own (the API mints its uid from the game account's), signed in by a custom token whose PLAYER_CLAIM names the
 * game account. Whatever that session asks Firebase (a new password, an email, a linked provider, its deletion)
 * touches only the store session's own account, which holds nothing; the game account's sign-in methods change
 * only in the game, or in a browser signed in with that method. The API and the Firestore rules (playerUid) take
 * the claim only from a custom-token sign-in: the same session signed in any other way is nobody's.
 */
export const PLAYER_CLAIM = 'player';
/** The game account's name as the store shows it (accountNameOf), fixed when the session was made. */
export const PLAYER_NAME_CLAIM = 'playerName';
/** The first characters of every store session's uid. */
export const STORE_SESSION_UID_PREFIX = 'ws_';

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
