import { RestartBudget } from './restartBudget';

describe('the restart budget of a stack part', () => {
  it('gives up after five restarts in a row', () => {
    let now = 0;
    const budget = new RestartBudget(5, 60_000, () => now);
    budget.started('API server');
    const attempts = Array.from({ length: 6 }, () => {
      now += 1_000;
      const attempt = budget.nextRestart('API server');
      if (attempt) budget.started('API server');
      return attempt;
    });
    expect(attempts).toEqual([1, 2, 3, 4, 5, null]);
  });

  it('counts afresh once the part ran well for a while: crashes spread over weeks never stop the store', () => {
    let now = 0;
    const budget = new RestartBudget(5, 60_000, () => now);
    budget.started('API server');
    const attempts = Array.from({ length: 50 }, () => {
      now += 3_600_000;
      const attempt = budget.nextRestart('API server');
      budget.started('API server');
      return attempt;
    });
    expect(attempts.every((attempt) => attempt === 1)).toBe(true);
  });

  it('keeps counting when a part that ran for long cannot be started again', () => {
    let now = 0;
    const budget = new RestartBudget(2, 60_000, () => now);
    budget.started('Firestore emulator');
    now = 3_600_000;
    expect([budget.nextRestart('Firestore emulator'), budget.nextRestart('Firestore emulator'), budget.nextRestart('Firestore emulator')]).toEqual([1, 2, null]);
  });

  it('keeps each part’s count apart', () => {
    const budget = new RestartBudget(1, 60_000, () => 0);
    budget.started('Gateway sandbox');
    expect(budget.nextRestart('Gateway sandbox')).toBe(1);
    expect(budget.nextRestart('Gateway sandbox')).toBeNull();
    expect(budget.nextRestart('Auth emulator')).toBe(1);
  });
});
