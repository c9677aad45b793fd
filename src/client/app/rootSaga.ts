import { all, call } from 'redux-saga/effects';
import { authSaga } from '../features/auth';
import { balanceSaga } from '../features/balance';

/** Starts the sagas every page needs; the other features' start with their pages (featureRuntime). */
export function* rootSaga() {
  yield all([call(authSaga), call(balanceSaga)]);
}
