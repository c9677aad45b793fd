/**
 * Runs `pass` every `intervalMs`, never two at once (a slow pass makes the next wait), without keeping the
 * process alive; answers a stop function. An interval of 0 runs nothing. A pass that fails goes to `onError`.
 */
export function repeatEvery(intervalMs: number, pass: () => Promise<void>, onError: (error: Error) => void): () => void {
  if (intervalMs === 0) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    pass()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
