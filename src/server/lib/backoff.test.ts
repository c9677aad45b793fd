import { backoffDelay } from './backoff';

describe('backoffDelay', () => {
  it('doubles from the first wait, stops at the cap, and spreads by the jitter around it', () => {
    expect([0, 1, 2, 3].map((step) => backoffDelay(100, step))).toEqual([100, 200, 400, 800]);
    expect([0, 1, 2, 3].map((step) => backoffDelay(100, step, { maxMs: 300 }))).toEqual([100, 200, 300, 300]);
    expect(backoffDelay(100, 1, { jitter: 0.5 }, () => 0)).toBe(100);
    expect(backoffDelay(100, 1, { jitter: 0.5 }, () => 1)).toBe(300);
    expect(backoffDelay(1000, 0, { jitter: 0.1 }, () => 0)).toBe(900);
    expect(backoffDelay(1000, 0, { jitter: 0.1 }, () => 1)).toBe(1100);
    // A step below 0 (a count before the first try) waits the first wait.
    expect(backoffDelay(100, -1)).toBe(100);
  });

  it('calls no random without jitter', () => {
    const random = jest.fn(() => 0.5);
    backoffDelay(100, 2, { maxMs: 1000 }, random);
    expect(random).not.toHaveBeenCalled();
  });
});
