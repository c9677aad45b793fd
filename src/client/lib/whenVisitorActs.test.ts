import { whenVisitorActs } from './whenVisitorActs';

describe('a read page’s app, started when its reader acts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts at the first act, once, and no later act starts it again', () => {
    const started = jest.fn();
    whenVisitorActs(started, 8_000);
    jest.advanceTimersByTime(7_000);
    expect(started).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('keydown'));
    window.dispatchEvent(new Event('pointerdown'));
    jest.advanceTimersByTime(10_000);
    expect(started).toHaveBeenCalledTimes(1);
  });

  it('starts after the quiet time all the same when the reader only reads', () => {
    const started = jest.fn();
    whenVisitorActs(started, 8_000);
    jest.advanceTimersByTime(7_999);
    expect(started).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(started).toHaveBeenCalledTimes(1);
  });

  it('counts focus moving in (a keyboard reader tabbing to a link) as an act', () => {
    const started = jest.fn();
    whenVisitorActs(started, 8_000);
    document.body.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(started).toHaveBeenCalledTimes(1);
  });
});
