/**
 * Calls that would do the same thing at the same moment share one: while a call of a key is under way in this
 * instance, another of the same key gets its answer (or its failure) instead of starting its own. So a storm of one
 * order's checks with the provider (the provider's retries, the player's returns and reconciles) reads and writes once, not once
 * a request. Kept per `scope` (an instance's deps), so instances in one process (tests) never share.
 */
export function sharedWhileUnderWay<T>() {
  const underWay = new WeakMap<object, Map<string, Promise<T>>>();
  return (scope: object, key: string, run: () => Promise<T>): Promise<T> => {
    let calls = underWay.get(scope);
    if (!calls) underWay.set(scope, (calls = new Map()));
    const running = calls.get(key);
    if (running) return running;
    const call = run().finally(() => calls.delete(key));
    calls.set(key, call);
    return call;
  };
}
