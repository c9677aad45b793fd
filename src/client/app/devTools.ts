import type { DevToolsEnhancerOptions } from '@reduxjs/toolkit';

/** What Redux DevTools must never show: credentials, a payer's address and phone, and a player's date of birth. */
const HIDDEN_KEYS = new Set([
  'password',
  'passwordTicket',
  'token',
  'idToken',
  'accessToken',
  'refreshToken',
  'address',
  'phone',
  'details',
  'birthDate',
]);

export const HIDDEN = '‹hidden›';

/** A copy of `value` with every hidden key's value replaced, at any depth. */
export function hideSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map(hideSecrets) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, HIDDEN_KEYS.has(key) ? HIDDEN : hideSecrets(inner)]),
  ) as T;
}

/** How the store connects to Redux DevTools: named, with actions and states sanitised. */
export const devToolsOptions: DevToolsEnhancerOptions = {
  name: 'Wyrmcrown store',
  actionSanitizer: (action) => hideSecrets(action),
  stateSanitizer: (state) => hideSecrets(state),
};
