/** At the latest, the app starts this long after load even if no paint is reported (a page with nothing to paint). */
const FALLBACK_MS = 3000;

/**
 * Runs `then` in a task of its own once the page's first contentful paint is on the screen. The Paint Timing API
 * reports that paint when its frame is presented, not merely drawn, so work started then cannot delay what the
 * visitor first sees. Where the API is missing, `then` runs after the next frame, as before the API existed.
 */
export function afterFirstPaint(then: () => void): void {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(then, 0));
    return;
  }
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    clearTimeout(fallback);
    setTimeout(then, 0);
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) start();
  });
  const fallback = setTimeout(start, FALLBACK_MS);
  observer.observe({ type: 'paint', buffered: true });
}
