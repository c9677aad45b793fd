import { call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { DisputeDetail, DisputeQueueEntry } from '../../../shared/support/supportViews';
import { toApiError } from '../../lib/apiClient';
import { accessSaga } from './supportSagas';
import { moveDispute, readDispute, readDisputes, recordDispute } from './supportDisputesApi';
import {
  disputeMoved,
  disputeMoveRequested,
  disputeOpened,
  disputeQueueChanged,
  disputeRecordRequested,
  disputesFailed,
  disputeShown,
  disputesLoaded,
  disputesScreenOpened,
} from './supportDisputesSlice';
import { disputesTexts } from './supportDisputesTexts';

/** The disputes screen: staff only (accessSaga), then the queue, newest first. */
export function* loadDisputesSaga() {
  const granted: boolean = yield call(accessSaga);
  if (granted) yield call(loadDisputeQueueSaga);
}

export function* loadDisputeQueueSaga() {
  try {
    const queue: DisputeQueueEntry[] = yield call(readDisputes);
    yield put(disputesLoaded(queue));
  } catch (error) {
    yield put(disputesFailed(toApiError(error).message));
  }
}

export function* openDisputeSaga(action: ReturnType<typeof disputeOpened>) {
  try {
    const detail: DisputeDetail = yield call(readDispute, action.payload);
    yield put(disputeShown(detail));
  } catch (error) {
    yield put(disputesFailed(toApiError(error).message));
  }
}

/**
 * Accept, Evidence sent, Write off: the server moves the machine (audited) and answers the dispute after it; the queue
 * is read again through disputeQueueChanged. Put, not called: the read must not hold takeLeading's slot, or the next
 * click, made once this move shows done, is dropped.
 */
export function* moveDisputeSaga(action: ReturnType<typeof disputeMoveRequested>) {
  const { orderId, move } = action.payload;
  try {
    const detail: DisputeDetail = yield call(moveDispute, orderId, move);
    yield put(disputeMoved({ detail, done: disputesTexts.moved[move](orderId) }));
    yield put(disputeQueueChanged());
  } catch (error) {
    yield put(disputesFailed(toApiError(error).message));
  }
}

/** A dispute the provider reported only in its dashboard, recorded by hand. */
export function* recordDisputeSaga(action: ReturnType<typeof disputeRecordRequested>) {
  const { orderId, request } = action.payload;
  try {
    const detail: DisputeDetail = yield call(recordDispute, orderId, request);
    yield put(disputeMoved({ detail, done: disputesTexts.recorded(orderId, request.stage) }));
    yield put(disputeQueueChanged());
  } catch (error) {
    yield put(disputesFailed(toApiError(error).message));
  }
}

export function* supportDisputesSaga() {
  // takeLatest for reads; takeLeading for a move or a record, whose buttons are busy until it ends; the queue's re-read
  // after a move is its own takeLatest, so a second move right after is taken (supportDisputesSagas.test.ts holds it).
  yield takeLatest(disputesScreenOpened.type, loadDisputesSaga);
  yield takeLatest(disputeOpened.type, openDisputeSaga);
  yield takeLeading(disputeMoveRequested.type, moveDisputeSaga);
  yield takeLeading(disputeRecordRequested.type, recordDisputeSaga);
  yield takeLatest(disputeQueueChanged.type, loadDisputeQueueSaga);
}
