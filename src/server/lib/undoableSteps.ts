/** What puts a step's effect back, should a later step fail. */
export type Undo = () => Promise<void>;

/** One named step of a flow: it does its part and answers how to undo it, or nothing when there is nothing to undo. */
export interface Step<Context> {
  name: string;
  run(context: Context): Promise<Undo | void>;
}

/**
 * Runs the steps in order on one context. When one fails, the steps already done are undone in reverse order,
 * and the failure is thrown on. An undo that fails is reported (with its step's name), never swallowed, and the
 * undoing goes on: what a step holds is bounded in time anyway (a hold's end, a lease), so the player's answer
 * stays the first failure's.
 */
export async function runSteps<Context>(
  context: Context,
  steps: ReadonlyArray<Step<Context>>,
  onUndoFailed: (step: string, error: unknown) => void,
): Promise<void> {
  const done: Array<{ name: string; undo: Undo }> = [];
  try {
    for (const step of steps) {
      const undo = await step.run(context);
      if (undo) done.push({ name: step.name, undo });
    }
  } catch (error) {
    for (const { name, undo } of done.reverse()) {
      try {
        await undo();
      } catch (undoError) {
        onUndoFailed(name, undoError);
      }
    }
    throw error;
  }
}
