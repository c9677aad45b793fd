import { runSteps, type Step } from './undoableSteps';

describe('steps that undo in reverse on failure', () => {
  const trace: string[] = [];
  const step = (name: string, fails = false, undoFails = false): Step<{ trace: string[] }> => ({
    name,
    async run(context) {
      if (fails) throw new Error(`${name} failed`);
      context.trace.push(`do ${name}`);
      return async () => {
        if (undoFails) throw new Error(`undo ${name} failed`);
        context.trace.push(`undo ${name}`);
      };
    },
  });
  beforeEach(() => trace.splice(0));

  it('runs every step in order and undoes nothing when all succeed', async () => {
    await runSteps({ trace }, [step('hold'), step('take'), step('ask')], () => undefined);
    expect(trace).toEqual(['do hold', 'do take', 'do ask']);
  });

  it('undoes the steps already done, newest first, and throws the step’s own failure', async () => {
    await expect(runSteps({ trace }, [step('hold'), step('take'), step('ask', true), step('record')], () => undefined)).rejects.toThrow('ask failed');
    expect(trace).toEqual(['do hold', 'do take', 'undo take', 'undo hold']);
  });

  it('reports an undo that fails by its step, goes on undoing, and still throws the first failure', async () => {
    const failedUndos: string[] = [];
    await expect(
      runSteps({ trace }, [step('hold'), step('take', false, true), step('ask', true)], (name) => failedUndos.push(name)),
    ).rejects.toThrow('ask failed');
    expect(failedUndos).toEqual(['take']);
    expect(trace).toEqual(['do hold', 'do take', 'undo hold']);
  });
});
