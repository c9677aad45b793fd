import { configureStore, type Middleware, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import type { Saga } from 'redux-saga';
import { authSlice, readStoredUser } from '../features/auth';
import { balanceSlice } from '../features/balance';
import { devToolsOptions } from './devTools';
import { setFeatureSagaStarter } from '../wiring/featureRuntime';
import { lateMiddleware } from './lateMiddleware';
import { moduleMiddleware } from '../wiring/moduleMiddleware';
import { rootReducer, type AppDispatch, type RootState } from '../wiring/rootReducer';

// The starting slices are in the store from the moment it can be made; the others inject themselves as they load.
export const storeReducer = rootReducer.inject(authSlice).inject(balanceSlice) as Reducer<RootState, UnknownAction, Partial<RootState>>;

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

/**
 * The store, with a place for redux-saga's middleware. redux-saga and the root saga (./sagaRuntime) load with the
 * first flow that needs them: at once for a remembered player (their session and live balance), else with the
 * first page that has sagas of its own (sign-in, shop, payment…); a visitor reading the landing or a policy
 * page never loads them.
 */
export function makeStore(preloadedState?: Partial<RootState>, options: StoreOptions = {}) {
  const sagaSlot = lateMiddleware();
  const store = configureStore({
    reducer: storeReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().concat(moduleMiddleware, sagaSlot.middleware, ...(options.extraMiddleware ?? [])),
    devTools: options.devTools ? devToolsOptions : false,
  });
  let runtime: Promise<(sagas: readonly Saga[]) => void> | null = null;
  const startSagas = async (sagas: readonly Saga[]) => {
    runtime ??= import(/* webpackChunkName: "saga-runtime" */ './sagaRuntime').then(({ startSagaRuntime }) =>
      startSagaRuntime(sagaSlot.install),
    );
    (await runtime)(sagas);
  };
  const runSagas = options.runSagas ?? true;
  setFeatureSagaStarter(runSagas ? startSagas : async () => undefined);
  if (runSagas && store.getState().auth.user) void startSagas([]);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;

// The wiring's dispatch type (what features type their dispatch by) is this store's: a change of middleware that
// made them differ fails here.
type Holds<Claim extends true> = Claim;
export type DispatchAgrees = Holds<AppStore['dispatch'] extends AppDispatch ? (AppDispatch extends AppStore['dispatch'] ? true : false) : false>;
