/** What says a visitor is about to use the page: a pointer on it, a touch, a key, a wheel, focus moving in. */
const ACTS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'wheel', 'focusin'] as const;

/** Without an act, the app starts this long after the first paint all the same (a reader who only reads). */
export const READ_QUIETLY_MS = 8_000;

/**
 * Runs `then` once, at the visitor's first act on the page or after `quietMs` of none. A page that is read needs no app
 * until its reader acts: its links are plain links, and a press made before the app runs is held and pressed again
 * once it does (src/shared/earlyInput.ts).
 */
export function whenVisitorActs(then: () => void, quietMs = READ_QUIETLY_MS): void {
  let done = false;
  const act = () => {
    if (done) return;
    done = true;
    for (const type of ACTS) window.removeEventListener(type, act, true);
    clearTimeout(quiet);
    then();
  };
  for (const type of ACTS) window.addEventListener(type, act, { capture: true, passive: true });
  const quiet = setTimeout(act, quietMs);
}
