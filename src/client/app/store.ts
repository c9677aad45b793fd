import { combineSlices, configureStore, type Middleware } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Saga } from 'redux-saga';
import { authSlice, readStoredUser } from '../features/auth';
import { balanceSlice } from '../features/balance';
import { devToolsOptions } from './devTools';
import { setFeatureSagaStarter } from './featureRuntime';
import { rootSaga } from './rootSaga';

/**
 * The slices every page needs (who is signed in, their balance); the others (shop, payment, transactions,
 * support) inject themselves when their pages load, each declaring itself here (RTK's lazy-loaded slices).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(authSlice, balanceSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/** The state a fresh page starts from: the signed-in player as localStorage remembers them. */
export function initialStateFromBrowser(): Partial<RootState> {
  return { auth: { ...authSlice.getInitialState(), user: readStoredUser() } };
}

/**
 * The state a prerendered page is hydrated against: the store as it is, but with no balance yet, as the page
 * was prerendered (the markup holds the signed-in and signed-out header both; the balance alone is live data).
 * A balance that arrives while the page hydrates then renders after hydration, never as a mismatch.
 */
export function hydrationStateOf(state: RootState): RootState {
  return { ...state, balance: balanceSlice.getInitialState() };
}

interface StoreOptions {
  /** False leaves the sagas off (component tests, which watch the actions instead). */
  runSagas?: boolean;
  extraMiddleware?: Middleware[];
  /** Connect to Redux DevTools (the server decides: the local sandbox only). */
  devTools?: boolean;
}

export function makeStore(preloadedState?: Partial<RootState>, options: StoreOptions = {}) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().concat(sagaMiddleware, ...(options.extraMiddleware ?? [])),
    devTools: options.devTools ? devToolsOptions : false,
  });
  const running = new Set<Saga>();
  const startSagas = (sagas: readonly Saga[]) => {
    for (const saga of sagas) {
      if (running.has(saga)) continue;
      running.add(saga);
      sagaMiddleware.run(saga);
    }
  };
  const runSagas = options.runSagas ?? true;
  setFeatureSagaStarter(runSagas ? startSagas : () => undefined);
  if (runSagas) sagaMiddleware.run(rootSaga);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
