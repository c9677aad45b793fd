import { all, call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { centsOfAmount, formatAud, formatGemCount } from '../../../shared/catalogue';
import { creditedGems } from '../../../shared/offers/offer';
import type { ProviderCheckResult, RefundQueueEntry, SupportHealth, SupportOrderDetail, SupportOrderSummary } from '../../../shared/support/supportViews';
import { toApiError, type ApiError } from '../../lib/apiClient';
import { loadAttentionSaga } from './supportDeliverySagas';
import { approveRefund, askProvider, creditOrder, declineRefund, readHealth, readOrderDetail, readRefundQueue, searchOrders } from './supportApi';
import {
  accessDenied,
  accessGranted,
  actionFailed,
  actionFinished,
  actionRequested,
  consoleOpened,
  healthFailed,
  healthLoaded,
  orderFailed,
  orderLoaded,
  orderOpened,
  queueFailed,
  queueLoaded,
  refundsChanged,
  searchFailed,
  searchFinished,
  searchRequested,
  selectSupportAccess,
  type SupportState,
} from './supportSlice';

/** Not signed in, or signed in without the support role. */
const refused = ({ failure, status }: ApiError) => failure === 'signIn' || status === 401 || status === 403;

/**
 * Whether the signed-in account is support staff, as the API says: its health answer, asked once more with
 * a fresh ID token when refused (a role granted since sign-in is only in a new token). Answers true when granted.
 */
export function* accessSaga() {
  const access: SupportState['access'] = yield select(selectSupportAccess);
  if (access === 'granted') return true;
  for (const freshToken of [false, true]) {
    try {
      const health: SupportHealth = yield call(readHealth, freshToken);
      yield put(accessGranted(health));
      return true;
    } catch (error) {
      const failure = toApiError(error);
      if (!refused(failure)) {
        yield put(healthFailed(failure.message));
        return false;
      }
    }
  }
  yield put(accessDenied());
  return false;
}

export function* refreshHealthSaga() {
  try {
    const health: SupportHealth = yield call(readHealth);
    yield put(healthLoaded(health));
  } catch (error) {
    yield put(healthFailed(toApiError(error).message));
  }
}

export function* loadQueueSaga() {
  try {
    const entries: RefundQueueEntry[] = yield call(readRefundQueue);
    yield put(queueLoaded(entries));
  } catch (error) {
    yield put(queueFailed(toApiError(error).message));
  }
}

/** /support opened: staff get the health figures and the refund queue. */
export function* consoleSaga() {
  const granted: boolean = yield call(accessSaga);
  if (granted) yield all([call(loadQueueSaga), call(loadAttentionSaga)]);
}

export function* searchSaga(action: ReturnType<typeof searchRequested>) {
  try {
    const results: SupportOrderSummary[] = yield call(searchOrders, action.payload.query);
    yield put(searchFinished(results));
  } catch (error) {
    yield put(searchFailed(toApiError(error).message));
  }
}

export function* loadOrderSaga(orderId: string) {
  try {
    const detail: SupportOrderDetail = yield call(readOrderDetail, orderId);
    yield put(orderLoaded(detail));
  } catch (error) {
    const failure = toApiError(error);
    yield put(orderFailed({ orderId, notFound: failure.status === 404, message: failure.message }));
  }
}

/** /support/orders/:orderId opened. */
export function* orderSaga(action: ReturnType<typeof orderOpened>) {
  const granted: boolean = yield call(accessSaga);
  if (granted) yield call(loadOrderSaga, action.payload.orderId);
}

/** What the staff member is told once an action is done. */
function doneMessage(kind: ReturnType<typeof actionRequested>['payload']['kind'], detail: SupportOrderDetail, check?: ProviderCheckResult): string {
  const { order } = detail;
  switch (kind) {
    case 'check':
      return check?.providerStatus ? `The provider says "${check.providerStatus}".` : `The provider could not be asked (${check?.failure ?? 'no answer'}).`;
    case 'credit':
      return `${formatGemCount(creditedGems(order))} gems credited to the player.`;
    case 'approve':
      return `Refund approved: the provider returns ${formatAud(centsOfAmount(order.amount))} to the player's card, ${formatGemCount(creditedGems(order))} gems were taken back, and the player is emailed.`;
    case 'decline':
      return 'Refund declined; the player is shown and emailed the reason.';
  }
}

/** An action on the open order: the API does it (and audits it); the page shows the order as it is after. */
export function* actionSaga(action: ReturnType<typeof actionRequested>) {
  const { orderId, kind, reason } = action.payload;
  try {
    let detail: SupportOrderDetail;
    let check: ProviderCheckResult | undefined;
    if (kind === 'check') {
      check = yield call(askProvider, orderId);
      detail = check!.detail;
    } else if (kind === 'credit') detail = yield call(creditOrder, orderId);
    else if (kind === 'approve') detail = yield call(approveRefund, orderId);
    else detail = yield call(declineRefund, orderId, { reason: reason ?? '' });
    yield put(actionFinished({ detail, message: doneMessage(kind, detail, check) }));
  } catch (error) {
    yield put(actionFailed(toApiError(error).message));
    // What failed may still have been recorded (a refused refund is in the history): show the order as it is.
    yield call(loadOrderSaga, orderId);
  }
  // Put, not called: the reads must not hold takeLeading's slot, or a click made once this action shows done is dropped.
  if (kind === 'approve' || kind === 'decline') yield put(refundsChanged());
}

/** The refund queue and the health figures, read again after an approval or a decline. */
export function* refreshRefundsSaga() {
  yield all([call(loadQueueSaga), call(refreshHealthSaga)]);
}

export function* supportSaga() {
  // takeLatest for reads (the newest search or order shown wins); takeLeading for an action on an order, whose button
  // is busy until it ends; the refund queue's re-read after an action is its own takeLatest, so it never holds the
  // action's slot (a second action right after an approval was once dropped: supportSagas.test.ts holds it).
  yield takeLatest(consoleOpened.type, consoleSaga);
  yield takeLatest(searchRequested.type, searchSaga);
  yield takeLatest(orderOpened.type, orderSaga);
  yield takeLeading(actionRequested.type, actionSaga);
  yield takeLatest(refundsChanged.type, refreshRefundsSaga);
}
