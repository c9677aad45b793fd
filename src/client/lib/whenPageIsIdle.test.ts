import { whenPageIsIdle } from './whenPageIsIdle';

describe('whenPageIsIdle', () => {
  const idleCallbacks: Array<{ callback: IdleRequestCallback; options?: IdleRequestOptions }> = [];

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    idleCallbacks.length = 0;
    delete (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback;
  });

  it('waits for the first paint, then for an idle moment of the main thread (two seconds at most)', () => {
    globalThis.requestIdleCallback = (callback, options) => idleCallbacks.push({ callback, options });
    const then = jest.fn();
    whenPageIsIdle(then);
    expect(idleCallbacks).toHaveLength(0);

    jest.runAllTimers();
    expect(then).not.toHaveBeenCalled();
    expect(idleCallbacks).toHaveLength(1);
    expect(idleCallbacks[0]!.options).toEqual({ timeout: 2000 });

    idleCallbacks[0]!.callback({ didTimeout: false, timeRemaining: () => 10 });
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('runs after the first paint in a browser without idle callbacks', () => {
    const then = jest.fn();
    whenPageIsIdle(then);
    expect(then).not.toHaveBeenCalled();
    jest.runAllTimers();
    expect(then).toHaveBeenCalledTimes(1);
  });
});
