import { parsePath, type HistoryRouterProps, type To } from 'react-router-dom';

export type AppHistory = HistoryRouterProps['history'];

/**
 * Decides whether a move from the current path to `nextPathname` waits, and for how long: a page's leave
 * animation (components/pageTransition) holds the navigation for its length. `null` lets it through at once.
 */
export type LeaveGuard = (nextPathname: string) => { holdMs: number; onHold: () => void } | null;

let activeGuard: LeaveGuard | null = null;

/** Installs `guard` until the returned function removes it (one page at a time has one). */
export function installLeaveGuard(guard: LeaveGuard): () => void {
  activeGuard = guard;
  return () => {
    if (activeGuard === guard) activeGuard = null;
  };
}

const pathnameOf = (history: AppHistory, to: To) =>
  (typeof to === 'string' ? parsePath(to).pathname : to.pathname) || history.location.pathname;

/**
 * The app's history with its moves (links, navigate(), sagas) passed through the active leave guard: a held move
 * happens once its time is up, and a later move made meanwhile replaces it. Moves through the browser's own
 * back and forward buttons have happened already when the page hears of them, so they are never held.
 */
export function guardedHistory(history: AppHistory): AppHistory {
  let held: ReturnType<typeof setTimeout> | null = null;
  const guarded = (move: AppHistory['push']): AppHistory['push'] => (to, state) => {
    if (held !== null) clearTimeout(held);
    held = null;
    const hold = activeGuard?.(pathnameOf(history, to)) ?? null;
    if (!hold) {
      move(to, state);
      return;
    }
    hold.onHold();
    held = setTimeout(() => {
      held = null;
      move(to, state);
    }, hold.holdMs);
  };
  return Object.create(history, {
    push: { value: guarded(history.push) },
    replace: { value: guarded(history.replace) },
  }) as AppHistory;
}
