import { afterFirstPaint } from './afterFirstPaint';

/** At the latest, `then` runs this long after the first paint, even on a page that is never idle. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `then` once the page's first content is on the screen and its main thread has an idle moment: for work
 * that can wait, such as starting a worker, so that it does not take a core from the page's own start (a phone
 * has few, and a worker's start is as much work as the page's).
 */
export function whenPageIsIdle(then: () => void): void {
  // afterFirstPaint already runs its callback in a task of its own; without idle callbacks, that task is the wait.
  afterFirstPaint(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => then(), { timeout: IDLE_TIMEOUT_MS });
    else then();
  });
}
