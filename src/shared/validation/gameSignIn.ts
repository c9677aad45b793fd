import './zodConfig';
import { z } from 'zod';
import { LINK_PURPOSES } from '../gameSignIn/linkSession';

/** A PKCE-style verifier (32 random bytes) or its SHA-256, both base64url without padding: 43 characters. */
const base64Url43 = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be 43 base64url characters');

/** POST /api/link/sessions */
export const startLinkSchema = z.strictObject({ verifierHash: base64Url43, purpose: z.enum(LINK_PURPOSES).default('signIn') });
/** POST /api/link/preview and /api/link/confirm: the code as the player typed it (its form is checked after). */
export const linkCodeSchema = z.strictObject({ code: z.string().min(1).max(32) });
/** POST /api/link/sessions/:sessionId/redeem */
export const redeemLinkSchema = z.strictObject({ verifier: base64Url43 });
/** A session's id in a path: 32 random bytes, base64url. */
export const LINK_SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** POST /api/game/store-sessions/list, from the game's server: a game account. */
export const listStoreSessionsSchema = z.strictObject({ uid: z.string().min(1).max(128) });
/** POST /api/game/store-sessions/end: one session of the account (its ws_… uid), or every one. */
export const endStoreSessionsSchema = z.strictObject({ uid: z.string().min(1).max(128), sessionId: z.string().regex(/^ws_[A-Za-z0-9_-]{16,64}$/).optional() });
