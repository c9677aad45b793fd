import type { Middleware } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Saga } from 'redux-saga';
import { rootSaga } from './rootSaga';

/**
 * redux-saga, started in a store that is already running (store.ts loads this chunk when the first flow needs
 * it): installs its middleware in the store's slot for it, runs the root saga, and answers how to start more
 * sagas, each once.
 */
export function startSagaRuntime(install: (middleware: Middleware) => void): (sagas: readonly Saga[]) => void {
  const sagaMiddleware = createSagaMiddleware();
  install(sagaMiddleware);
  sagaMiddleware.run(rootSaga);
  const running = new Set<Saga>();
  return (sagas) => {
    for (const saga of sagas) {
      if (running.has(saga)) continue;
      running.add(saga);
      sagaMiddleware.run(saga);
    }
  };
}
