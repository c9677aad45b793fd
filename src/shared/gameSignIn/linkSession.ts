/**
 * A sign-in started by the store and confirmed by the game (link_sessions/{sessionId}): the browser that showed the
 * code holds a verifier whose hash the session keeps (as in OAuth's PKCE), so only it can take the sign-in up.
 *
 *   waiting ──confirm (the game, signed in)──► confirmed ──redeem (this browser's verifier)──► redeemed
 *
 * A waiting session ends at its expiry; a confirmed one must be redeemed within LINK_REDEEM_WINDOW_MS.
 */
export const LINK_SESSION_STATES = ['waiting', 'confirmed', 'redeemed'] as const;
export type LinkSessionState = (typeof LINK_SESSION_STATES)[number];

export type LinkSessionEvent = 'confirm' | 'redeem';

/** The session's machine as a table: from each state, the events it takes and where they lead. */
export const LINK_SESSION_TRANSITIONS: Record<LinkSessionState, Partial<Record<LinkSessionEvent, LinkSessionState>>> = {
  waiting: { confirm: 'confirmed' },
  confirmed: { redeem: 'redeemed' },
  redeemed: {},
};

export const linkSessionTransition = (state: LinkSessionState, event: LinkSessionEvent): LinkSessionState | null =>
  LINK_SESSION_TRANSITIONS[state][event] ?? null;

/** What the browser that started the session may read of it, live (the rules let anyone holding its id get it). */
export interface LinkSessionSignal {
  state: LinkSessionState;
  expiresAt: number;
}

/**
 * What a code asks the game to confirm: `signIn`, a new store session in the browser that shows it; `personalData`,
 * that the store session showing it may reach the game account's personal data (its remembered details, its orders
 * made elsewhere). The second is confirmed only by the same game account.
 */
export const LINK_PURPOSES = ['signIn', 'personalData'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];
