import './zodConfig';
import { z } from 'zod';

/** A PKCE-style verifier (32 random bytes) or its SHA-256, both base64url without padding: 43 characters. */
const base64Url43 = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be 43 base64url characters');

/** POST /api/link/sessions */
export const startLinkSchema = z.strictObject({ verifierHash: base64Url43 });
/** POST /api/link/preview and /api/link/confirm: the code as the player typed it (its form is checked after). */
export const linkCodeSchema = z.strictObject({ code: z.string().min(1).max(32) });
/** POST /api/link/sessions/:sessionId/redeem */
export const redeemLinkSchema = z.strictObject({ verifier: base64Url43 });
/** A session's id in a path: 32 random bytes, base64url. */
export const LINK_SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;
