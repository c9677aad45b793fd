/**
 * The one-time code the store shows and the signed-in game confirms ("Sign in with the game"): 8 characters shown
 * as XXXX-XXXX, from letters and digits a player cannot mistake for one another (no 0/O, 1/I/L). Whoever types it,
 * case and the hyphen (or a space) are forgiven.
 */
export const LINK_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const LINK_CODE_LENGTH = 8;

/** How long a code can be confirmed after the store shows it. */
export const LINK_CODE_TTL_MS = 2 * 60_000;
/** How long the browser that showed the code has to take the sign-in up once the game confirmed it. */
export const LINK_REDEEM_WINDOW_MS = 2 * 60_000;

const CODE_PATTERN = new RegExp(`^[${LINK_CODE_ALPHABET}]{${LINK_CODE_LENGTH}}$`);

/** The code as kept: upper case, nothing but its 8 characters; null when what was typed cannot be one. */
export function normalizeLinkCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  return CODE_PATTERN.test(code) ? code : null;
}

/** "K7Q2-M4XD": the code as players read it. */
export const formatLinkCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** The placeholder GAME_LINK_URL fills with the code. */
export const GAME_LINK_CODE_PLACEHOLDER = '{code}';

/** The deep link (or App Link) that opens the game on the confirmation, with the code filled in. */
export const gameLinkUrlFor = (template: string, code: string) => template.replace(GAME_LINK_CODE_PLACEHOLDER, encodeURIComponent(formatLinkCode(code)));
