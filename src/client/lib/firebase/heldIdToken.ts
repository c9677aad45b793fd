/**
 * The last ID token the worker answered, held by the page so a request can leave inside a click, before the work the
 * click starts (a new tab, a render) and without a round trip to the worker (apiClient's fast path). Forgotten at
 * every change of who is signed in, and given only while the Auth SDK itself would still answer the same token.
 */

/** The Auth SDK hands out a new token this long before the old one expires. */
const REFRESHED_BEFORE_EXPIRY_MS = 5 * 60_000;

let held: { token: string; expiresAt: number } | null = null;
/** Counts the changes of who is signed in: a token asked for before one is not held after it. */
let signedInChanges = 0;

/** The token's own expiry (its `exp` claim); 0, never given, when it cannot be read. */
function expiryOf(token: string): number {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : 0;
  } catch {
    return 0;
  }
}

/** Marks a token request; `hold` with the mark keeps its answer only if nobody signed in or out meanwhile. */
export const tokenAsked = () => signedInChanges;

export function holdIdToken(asked: number, token: string | null): void {
  if (asked !== signedInChanges) return;
  held = token ? { token, expiresAt: expiryOf(token) } : null;
}

/** Someone may have signed in or out (a sign-in call, a sign-out, the worker's news of the user). */
export function forgetIdToken(): void {
  signedInChanges += 1;
  held = null;
}

/** The held token if the SDK would still answer it now; null means ask the worker. */
export function idTokenNow(now = Date.now()): string | null {
  return held && held.expiresAt - REFRESHED_BEFORE_EXPIRY_MS > now ? held.token : null;
}
