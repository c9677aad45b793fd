import { combineSlices, configureStore, type Middleware } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { authSlice, readStoredUser } from '../features/auth';
import { balanceSlice } from '../features/balance';
import { checkoutSlice } from '../features/checkout';
import { ordersSlice } from '../features/orders';
import { shopSlice } from '../features/shop';
import { supportSlice } from '../features/support';
import { devToolsOptions } from './devTools';
import { rootSaga } from './rootSaga';

export const rootReducer = combineSlices(authSlice, balanceSlice, shopSlice, checkoutSlice, ordersSlice, supportSlice);

export type RootState = ReturnType<typeof rootReducer>;

/** The state a fresh page starts from: the signed-in player as localStorage remembers them. */
export function initialStateFromBrowser(): Partial<RootState> {
  return { auth: { ...authSlice.getInitialState(), user: readStoredUser() } };
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
  if (options.runSagas ?? true) sagaMiddleware.run(rootSaga);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
