/** Who or what ended a store session: the game (for its player), the player's own sign-in, or its time. */
export const STORE_SESSION_ENDS = ['game', 'player', 'expired'] as const;
export type StoreSessionEnd = (typeof STORE_SESSION_ENDS)[number];

/** A store session as the game's server lists it for its player (src/shared/storeSession.ts). */
export interface StoreSessionView {
  /** The session's own Firebase uid (ws_…): what ends it. */
  sessionId: string;
  /** "Chrome on Android", where the code was shown. */
  startedOn: string;
  /** The country of the browser's address when it was started (ISO 3166 alpha-2), where known. */
  startedIn: string | null;
  createdAt: number;
  /** It reaches nothing after this, whatever its tokens say. */
  expiresAt: number;
  /** The game confirmed it may reach the account's personal data. */
  personalData: boolean;
  endedAt: number | null;
  endedBy: StoreSessionEnd | null;
}

/** store_sessions/{sessionUid}: a browser's store session as the server keeps it, and the API and the rules read it. */
export interface StoreSessionRecord extends StoreSessionView {
  /** The game account it acts for. */
  player: string;
  /** When the game confirmed it for personal data. */
  personalDataAt: number | null;
}

/** Whether a session acts now for `player`: recorded, not ended, not past its time (firestore.rules, storeSessionStands, holds the same). */
export const isActiveSession = (record: StoreSessionRecord | null, player: string, now: number): record is StoreSessionRecord =>
  record !== null && record.player === player && record.endedAt === null && record.expiresAt > now;

/** POST /api/game/store-sessions/list (validation/gameSignIn): a game account's sessions, newest first. */
export interface StoreSessionsResponse {
  uid: string;
  sessions: StoreSessionView[];
}

/** POST /api/game/store-sessions/end (validation/gameSignIn): one session of the account, or every one (no sessionId). */
export interface EndStoreSessionsResponse {
  uid: string;
  ended: string[];
}
