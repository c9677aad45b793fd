import { call, put, takeLatest } from 'redux-saga/effects';
import type { OverviewResponse } from '../../../shared/stats';
import { toApiError } from '../../lib/apiClient';
import { accessSaga } from './supportSagas';
import { readOverview } from './supportOverviewApi';
import { overviewFailed, overviewLoaded, overviewRequested } from './supportOverviewSlice';

/** The overview of the period asked for: staff only (accessSaga), then one read of the rollups. */
export function* loadOverviewSaga(action: ReturnType<typeof overviewRequested>) {
  const granted: boolean = yield call(accessSaga);
  if (!granted) return;
  try {
    const overview: OverviewResponse = yield call(readOverview, action.payload);
    yield put(overviewLoaded(overview));
  } catch (error) {
    yield put(overviewFailed(toApiError(error).message));
  }
}

export function* supportOverviewSaga() {
  // takeLatest: the newest period asked for is the one shown.
  yield takeLatest(overviewRequested.type, loadOverviewSaga);
}
