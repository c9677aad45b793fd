import { all } from 'redux-saga/effects';

/** Starts every feature's sagas. Each feature exports one root saga from its folder. */
export function* rootSaga() {
  yield all([]);
}
