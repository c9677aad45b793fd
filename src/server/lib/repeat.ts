/**
 * Runs `pass` every `intervalMs`, never two at once (a slow pass makes the next wait), without keeping the
 * process alive; answers a stop function, whose promise settles once a pass under way has finished. An
 * interval of 0 runs nothing. A pass that fails goes to `onError`. With `runAtOnce`, the first pass starts
 * right away instead of after one interval.
 */
export interface RepeatOptions {
  runAtOnce?: boolean;
}

export function repeatEvery(
  intervalMs: number,
  pass: () => Promise<void>,
  onError: (error: Error) => void,
  { runAtOnce = false }: RepeatOptions = {},
): () => Promise<void> {
  if (intervalMs === 0) return async () => undefined;
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = pass()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  if (runAtOnce) setImmediate(run).unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
