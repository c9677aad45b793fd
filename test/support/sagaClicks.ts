import type { Action } from '@reduxjs/toolkit';
import { runSaga, stdChannel, type Saga } from 'redux-saga';

type Service = (...args: never[]) => unknown;

/**
 * Runs a feature's root saga as the store would, with its services answered by `answers` (an effect middleware, so
 * the saga's own `call`s are untouched), for tests of timing between clicks that expectSaga's dispatch queue cannot
 * show: it hands a dispatched action over only once the saga is idle, so a click while a call is pending is never seen.
 */
export function runFeatureSaga(saga: Saga, answers: Map<Service, (...args: unknown[]) => unknown>) {
  const channel = stdChannel<Action>();
  const called: Array<{ service: Service; args: unknown[] }> = [];
  const put: Action[] = [];
  const task = runSaga(
    {
      channel,
      dispatch: (action: Action) => {
        put.push(action);
        channel.put(action);
      },
      getState: () => ({}),
      effectMiddlewares: [
        (next) => (effect: { type?: string; payload?: { fn?: Service; args?: unknown[] } }) => {
          const service = effect?.type === 'CALL' ? effect.payload?.fn : undefined;
          const answer = service && answers.get(service);
          if (!service || !answer) return next(effect);
          const args = effect.payload?.args ?? [];
          called.push({ service, args });
          return next(Promise.resolve().then(() => answer(...args)));
        },
      ],
    },
    saga,
  );
  return {
    click: (action: Action) => channel.put(action),
    called: (service: Service) => called.filter((entry) => entry.service === service).map((entry) => entry.args),
    put,
    stop: () => task.cancel(),
  };
}

/** A promise the test settles when it chooses: a service call held open. */
export function heldOpen<T>() {
  let settle!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}
