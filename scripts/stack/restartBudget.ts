/**
 * How often a part of the stack that dies is started again: at most `maxRestarts` times in a row, counted
 * afresh once the part has run well for `healthyAfterMs` since it was last started, so a store that runs
 * for weeks is not given up on for a handful of crashes spread over its life.
 */
export class RestartBudget {
  private readonly parts = new Map<string, { restarts: number; startedAt: number }>();

  constructor(
    private readonly maxRestarts: number,
    private readonly healthyAfterMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The part answered: it has been running well since now. */
  started(part: string): void {
    const entry = this.parts.get(part) ?? { restarts: 0, startedAt: 0 };
    this.parts.set(part, { ...entry, startedAt: this.now() });
  }

  /** The part died: which restart this is (1 for the first in a row), or null when the budget is spent. */
  nextRestart(part: string): number | null {
    const entry = this.parts.get(part) ?? { restarts: 0, startedAt: this.now() };
    const restarts = this.now() - entry.startedAt >= this.healthyAfterMs ? 1 : entry.restarts + 1;
    // Until it runs again, the clock starts at its death: a part that cannot be started keeps counting up.
    this.parts.set(part, { restarts, startedAt: this.now() });
    return restarts > this.maxRestarts ? null : restarts;
  }
}
