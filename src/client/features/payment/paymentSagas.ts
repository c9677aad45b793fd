import { call, fork, put, race, take, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { OpenOrder } from '../../../shared/api';
import type { Country } from '../../../shared/countries';
import { isOrderSettled, type OrderView } from '../../../shared/orders/orderView';
import { shopItemPath } from '../../../shared/routes';
import { toApiError } from '../../lib/apiClient';
import { navigate } from '../../lib/navigation';
import { readOrder } from '../../lib/ordersApi';
import { closeThisTab } from './browserTab';
import { listOpenOrders, postReturn } from './paymentsApi';
import { cancelReturned, closeTabRequested, submitted } from './paymentSlice';
import { confirmationClosed, confirmationOpened, orderLoaded, orderLoadFailed } from './confirmationSlice';
import { countriesFailed, countriesLoaded, countriesRequested } from './countriesSlice';
import { openOrdersFailed, openOrdersLoaded, openOrdersRequested } from './openOrdersSlice';
import { fetchCountries } from '../../lib/countriesService';
import { listenToOrderSaga, pollOrderSaga, reportOrder } from './followOrder';
import { readCancelledReturn } from './returnLanding';
import { makePaymentSaga } from './makePaymentSaga';
import { reconcilePendingSaga } from './reconcilePendingSaga';
import { activeOrderSaga } from './restoreOrderSaga';
import { successReturnSaga } from './successReturnSaga';

/**
 * The checkout's sagas: the four flows of the customer's design have a file each (makePaymentSaga,
 * successReturnSaga, reconcilePendingSaga; signInSaga in the auth feature), and this file starts them with
 * the rest of the checkout: /payment-success, the provider's cancel, and the country list.
 */

/** /payment-success: the reconcile, then the order of ?order= read and followed live until it settles. */
export function* confirmationSaga(action: ReturnType<typeof confirmationOpened>) {
  yield fork(reconcilePendingSaga);
  const { orderId } = action.payload;
  if (!orderId) return;
  try {
    const order: OrderView = yield call(readOrder, orderId);
    yield put(orderLoaded({ order, source: 'read' }));
    if (isOrderSettled(order)) return;
  } catch (error) {
    const { message, failure } = toApiError(error);
    yield put(orderLoadFailed({ orderId, message, failure }));
    return;
  }
  yield fork(pollOrderSaga, orderId);
  yield call(listenToOrderSaga, orderId);
}

/** The confirmation runs while its page is open. */
export function* confirmationPageSaga(action: ReturnType<typeof confirmationOpened>) {
  yield race({ run: call(confirmationSaga, action), left: take(confirmationClosed.type) });
}

/** The provider's Cancel: back on the pack with the details kept; the API confirms it with the provider. */
export function* cancelReturnSaga() {
  const cancelled: { orderId: string; packId: number } | null = yield call(readCancelledReturn);
  if (!cancelled) return;
  yield call(navigate, shopItemPath(cancelled.packId), { replace: true });
  yield put(cancelReturned(cancelled));
  try {
    const order: OrderView = yield call(postReturn, { out_trade_no: cancelled.orderId, status: 'cancelled' });
    yield call(reportOrder, order, 'return');
  } catch (error) {
    console.error('The cancelled order could not be confirmed:', error);
  }
}

export function* loadCountriesSaga(action: ReturnType<typeof countriesRequested>) {
  try {
    const countries: Country[] = yield call(fetchCountries, action.payload.url);
    yield put(countriesLoaded(countries));
  } catch (error) {
    console.error('Country list unavailable:', error);
    yield put(countriesFailed());
  }
}

/** The player's open unpaid orders from the server, so a Submit can ask about one started elsewhere first. */
export function* loadOpenOrdersSaga() {
  try {
    const orders: OpenOrder[] = yield call(listOpenOrders);
    yield put(openOrdersLoaded(orders));
  } catch (error) {
    // The server still refuses a payment for an open order the player was not asked about.
    console.error('Open orders unavailable:', error);
    yield put(openOrdersFailed());
  }
}

export function* closeThisTabSaga() {
  yield call(closeThisTab);
}

export function* paymentSaga() {
  // takeLeading: one payment at a time per tab (a double Submit never opens two orders); the lists are read latest
  // first (takeLatest); closing this tab is done whenever asked (takeEvery, it only closes).
  yield takeLeading(submitted.type, makePaymentSaga);
  yield takeLatest(countriesRequested.type, loadCountriesSaga);
  yield takeLatest(openOrdersRequested.type, loadOpenOrdersSaga);
  yield takeEvery(closeTabRequested.type, closeThisTabSaga);
  // takeLatest: the confirmation page follows the order of its latest address.
  yield takeLatest(confirmationOpened.type, confirmationPageSaga);
  yield fork(successReturnSaga);
  yield fork(cancelReturnSaga);
  yield fork(activeOrderSaga);
}
