import { combineSlices, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { authSlice } from '../features/auth/authSlice';
import { readStoredUser } from '../features/auth/storedUser';
import { rootSaga } from './rootSaga';

export const rootReducer = combineSlices(authSlice);

export type RootState = ReturnType<typeof rootReducer>;

/** The state a fresh page starts from: the signed-in player as localStorage remembers them. */
export function initialStateFromBrowser(): Partial<RootState> {
  return { auth: { user: readStoredUser() } };
}

export function makeStore(preloadedState?: Partial<RootState>) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(sagaMiddleware),
    devTools: process.env.NODE_ENV !== 'production',
  });
  sagaMiddleware.run(rootSaga);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
