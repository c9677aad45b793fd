import type { PublicConfig } from '../../shared/publicConfig';

/**
 * Prerendered pages are built once and served by any deployment, so the build renders them with a token
 * in place of every text setting (the game's name, the support email, …), and the server fills the tokens
 * with its own settings as it serves a page. The one setting the pages carry that is not text, the landing
 * animation's length (in its CSS), cannot be a token: the build records it, and a server whose differs
 * serves the plain page instead of the prerendered one.
 */
const TOKEN = /__WCCFG_([A-Za-z0-9.]+)__/g;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function mapLeaves(value: Json, path: string, leaf: (value: Json, path: string) => Json): Json {
  if (Array.isArray(value)) return value.map((item, index) => mapLeaves(item, `${path}.${index}`, leaf));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, mapLeaves(inner, path ? `${path}.${key}` : key, leaf)]));
  }
  return leaf(value, path);
}

/** The config with a token for every text setting (and for the year, which moves on while a build is served). */
export function tokenizedConfig(config: PublicConfig): PublicConfig {
  const tokens = mapLeaves(config as unknown as Json, '', (value, path) => (typeof value === 'string' ? `__WCCFG_${path}__` : value));
  return { ...(tokens as unknown as PublicConfig), currentYear: '__WCCFG_currentYear__' as unknown as number };
}

/** The settings a prerendered page carries as they are (not as tokens): they must match the server's. */
export function fixedSettingsOf(config: PublicConfig): string {
  return JSON.stringify({ landingAnimationMs: config.landingAnimationMs });
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[character]!);

/** The page with each token replaced by the server's setting, escaped as React escapes text and attributes. */
export function fillTokens(html: string, config: PublicConfig): string {
  return html.replace(TOKEN, (token, path: string) => {
    const value = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], config);
    if (typeof value !== 'string' && typeof value !== 'number') throw new Error(`The page asks for ${token}, which the config does not have.`);
    return escapeHtml(String(value));
  });
}
