/**
 * Runs `pass` every `intervalMs`, never two at once (a slow pass makes the next wait), without keeping the
 * process alive; answers a stop function. An interval of 0 runs nothing. A pass that fails goes to `onError`.
 * With `runAtOnce`, the first pass starts right away instead of after one interval.
 */
export function repeatEvery(intervalMs: number, pass: () => Promise<void>, onError: (error: Error) => void, { runAtOnce = false } = {}): () => void {
  if (intervalMs === 0) return () => undefined;
  let running = false;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = true;
    pass()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  if (runAtOnce) setImmediate(run).unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
