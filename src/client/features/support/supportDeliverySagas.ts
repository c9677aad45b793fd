import { call, put, takeLeading } from 'redux-saga/effects';
import type { GameEventView } from '../../../shared/support/supportViews';
import { toApiError } from '../../lib/apiClient';
import { readEventsNeedingAttention, resendEvent } from './supportDeliveryApi';
import { attentionLoaded, deliveryFailed, resendRequested, resent } from './supportDeliverySlice';
import { supportTexts } from './supportTexts';

/** The events left for support, read with the console (consoleSaga calls it once access is granted). */
export function* loadAttentionSaga() {
  try {
    const events: GameEventView[] = yield call(readEventsNeedingAttention);
    yield put(attentionLoaded(events));
  } catch (error) {
    yield put(deliveryFailed(toApiError(error).message));
  }
}

/** Resend: due at once with the same id, and tried for days again. */
export function* resendSaga(action: ReturnType<typeof resendRequested>) {
  try {
    const event: GameEventView = yield call(resendEvent, action.payload);
    yield put(resent({ event, done: supportTexts.eventResent(event.id) }));
  } catch (error) {
    yield put(deliveryFailed(toApiError(error).message));
  }
}

export function* supportDeliverySaga() {
  // takeLeading: one Resend at a time; its button is busy until the answer, and the list is read again after.
  yield takeLeading(resendRequested.type, resendSaga);
}
