import type { LinkPurpose } from '../gameSignIn/linkSession';

// "Sign in with the game": the API's shapes, between the store, the browser and the game.
/**
 * POST /api/link/sessions: the SHA-256 (base64url) of a verifier only the starting browser holds, and what the game is
 * asked to confirm: a sign-in (anyone), or that this browser's store session may reach the account's personal data
 * (sent by that session: src/shared/storeSession.ts).
 */
export interface StartLinkRequest {
  verifierHash: string;
  purpose?: LinkPurpose;
}
export interface StartLinkResponse {
  /** The session's long random id: its live state is link_sessions/{sessionId}. */
  sessionId: string;
  /** "K7Q2-M4XD" */
  code: string;
  /** How long the code works from now (the page counts down from its own clock). */
  expiresInMs: number;
  /** The deep link (GAME_LINK_URL) with the code filled in: the QR code's and "Open Wyrmcrown"'s. */
  gameLink: string;
}

/** POST /api/link/preview and /api/link/confirm, from the game with its player's Firebase ID token. */
export interface LinkCodeRequest {
  code: string;
}
/** What the game shows its player: what it is asked to confirm, and where and when that was started. */
export interface LinkCodeResponse {
  purpose: LinkPurpose;
  /** "Chrome on Android" */
  startedOn: string;
  startedAt: number;
  /** The country the code was shown in ("New Zealand"), where its address said; null where nobody can say. */
  startedIn: string | null;
}

/** POST /api/link/sessions/:sessionId/redeem */
export interface RedeemLinkRequest {
  verifier: string;
}
export interface RedeemLinkResponse {
  /** A Firebase custom token for the game account (signInWithCustomToken), good for an hour. */
  customToken: string;
  account: { uid: string; displayName: string | null; email: string | null };
}
