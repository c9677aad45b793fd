import type { Logger } from './logger';
import { repeatEvery, type RepeatOptions } from './repeat';

/**
 * One instance's background work, pass by pass (the timer's and the job endpoint's): a pass asked for while one runs
 * shares it, so the two never run a pass at once here.
 */
export function onePassAtATime<T>(passOnce: () => Promise<T>): { pass(): Promise<T> } {
  let running: Promise<T> | null = null;
  return {
    pass() {
      running ??= passOnce().finally(() => {
        running = null;
      });
      return running;
    },
  };
}

/** Runs the passes every `intervalMs` (0: never), a failed pass logged as `failedEvent`; answers a stop function. */
export function repeatPasses(intervalMs: number, runner: { pass(): Promise<unknown> }, log: Logger, failedEvent: string, options?: RepeatOptions): () => Promise<void> {
  return repeatEvery(
    intervalMs,
    async () => {
      await runner.pass();
    },
    (error) => log.error({ event: failedEvent, reason: error.message }),
    options,
  );
}
