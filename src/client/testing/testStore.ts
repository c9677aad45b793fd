import type { Middleware } from '@reduxjs/toolkit';
import { makeStore } from '../app/store';

/**
 * The app's own store for a feature's test (features never reach into app/): the starting slices in, whatever the
 * test's feature injects as its modules load, and no sagas unless asked for.
 */
export function testStore({ runSagas = false, extraMiddleware = [] }: { runSagas?: boolean; extraMiddleware?: Middleware[] } = {}) {
  return makeStore({}, { runSagas, extraMiddleware });
}
