import type { PayloadAction } from '@reduxjs/toolkit';
import { call, select, takeEvery } from 'redux-saga/effects';
import { shopItemPath, signInForItemPath } from '../../../shared/routes';
import { navigate } from '../../lib/navigation';
import { selectIsSignedIn } from '../auth';
import { buyClicked } from './shopSlice';

/** Buy: a signed-in player goes to the pack's checkout; anyone else signs in first, keeping the pack. */
export function* buySaga(action: PayloadAction<{ packId: number }>) {
  const signedIn: boolean = yield select(selectIsSignedIn);
  const { packId } = action.payload;
  yield call(navigate, signedIn ? shopItemPath(packId) : signInForItemPath(packId));
}

export function* shopSaga() {
  // takeEvery: each Buy is handled as pressed (each only routes to its pack; a later one simply routes again).
  yield takeEvery(buyClicked.type, buySaga);
}

/** The shelf kept published (./shelfSaga): its code loads beside the page, not before its first paint, which the page's own shelf serves. */
export function* shelfSaga() {
  const { keepShelfSaga }: typeof import('./shelfSaga') = yield call(() => import(/* webpackChunkName: "shop-shelf" */ './shelfSaga'));
  yield call(keepShelfSaga);
}
