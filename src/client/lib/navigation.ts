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
