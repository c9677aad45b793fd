import type { AppHistory } from './leaveGuard';

/**
 * Lets sagas move the visitor between pages through `call(navigate, to)`, without holding the router.
 * The app registers its history (the one its router runs on) once at start-up.
 */
export interface NavigateOptions {
  replace?: boolean;
}

let currentHistory: AppHistory | null = null;

export function registerHistory(history: AppHistory): void {
  currentHistory = history;
}

export function navigate(to: string, options?: NavigateOptions): void {
  if (!currentHistory) throw new Error('No router is registered for navigation.');
  if (options?.replace) currentHistory.replace(to);
  else currentHistory.push(to);
}

/**
 * Where the app's history is now: ahead of the render a navigation is still making (the router renders a move as a
 * transition), so a press can be tied to the page it was pressed on.
 */
export function currentPath(): string | null {
  return currentHistory?.location.pathname ?? null;
}

/**
 * Loads what a page will need before the visitor goes there (its chunks, its features' sagas), so the press that
 * goes there shows it at once: Buy Again's checkout, say. The app registers how (it owns the routes); a feature asks
 * by address. A prefetch that fails costs nothing: the page loads as usual when visited.
 */
let prefetcher: ((to: string) => Promise<void>) | null = null;

export function registerPrefetch(prefetch: (to: string) => Promise<void>): void {
  prefetcher = prefetch;
}

export function prefetchPage(to: string): void {
  prefetcher?.(to).catch(() => undefined);
}

