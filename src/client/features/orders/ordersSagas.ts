import type { Action } from '@reduxjs/toolkit';
import type { EventChannel, Task } from 'redux-saga';
import { call, cancel, fork, put, race, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { COLLECTIONS } from '../../../shared/firestorePaths';
import { toOrderView, type OrderView } from '../../../shared/orders/orderView';
import { toApiError } from '../../lib/apiClient';
import { taxInvoiceOf } from '../../../shared/orders/taxInvoice';
import type { RefundStanding } from '../../../shared/refunds/refundRequest';
import { cancelOrder, checkOrder, readOrder, readRefundStanding, requestRefund } from '../../lib/ordersApi';
import { firestoreQueryChannel, type QueryEvent, type QuerySpec } from '../../lib/firestoreQueryChannel';
import { selectUser, type PublicUser } from '../auth';
import { playerOrdersChanged } from '../../app/ledgerActions';
import {
  cancelFailed,
  cancelFinished,
  cancelRequested,
  checkFailed,
  checkFinished,
  checkRequested,
  olderRequested,
  ordersClosed,
  ordersFailed,
  ordersOpened,
  ORDERS_PAGE_SIZE,
  pageUpdated,
  receiptFailed,
  receiptLoaded,
  receiptOpened,
  refundRequestAccepted,
  refundRequested,
  refundRequestRefused,
  refundStandingFailed,
  refundStandingLoaded,
  refundStandingRequested,
  selectOrders,
} from './transactionsSlice';

/** One page of the player's orders, newest first, after `startAfter` (the last createdAt of the page before). */
export function ordersPageQuery(uid: string, startAfter?: number): QuerySpec {
  return {
    collection: COLLECTIONS.transactions,
    where: [['userId', uid]],
    orderBy: ['createdAt', 'desc'],
    limit: ORDERS_PAGE_SIZE,
    ...(startAfter === undefined ? {} : { startAfter }),
  };
}

/** Follows one page of the history live. */
export function* watchPageSaga(index: number, spec: QuerySpec) {
  const channel: EventChannel<QueryEvent> = yield call(firestoreQueryChannel, spec);
  try {
    while (true) {
      const event: QueryEvent = yield take(channel);
      if ('error' in event) {
        console.error('Orders unavailable:', event.error);
        yield put(ordersFailed('We could not load your orders. Please reload the page.'));
        return;
      }
      yield put(pageUpdated({ index, orders: event.docs.map((doc) => toOrderView(doc.id, doc.data)) }));
    }
  } finally {
    channel.close();
  }
}

/** /account/orders while it is open: the first page, and each older page the player asks for. */
export function* ordersPageSaga() {
  const user: PublicUser | null = yield select(selectUser);
  if (!user) return;
  const pages: Task[] = [yield fork(watchPageSaga, 0, ordersPageQuery(user.uid))];
  try {
    while (true) {
      yield take(olderRequested.type);
      const shown: OrderView[] = yield select(selectOrders);
      const oldest = shown[shown.length - 1];
      if (oldest) pages.push(yield fork(watchPageSaga, pages.length, ordersPageQuery(user.uid, oldest.createdAt)));
    }
  } finally {
    yield cancel(pages);
  }
}

/** Check again: asks the provider about one order now; the live list shows the answer. */
export function* checkAgainSaga(action: ReturnType<typeof checkRequested>) {
  const { orderId } = action.payload;
  try {
    const order: OrderView = yield call(checkOrder, orderId);
    const at: number = yield call(Date.now);
    yield put(checkFinished({ order, at }));
  } catch (error) {
    yield put(checkFailed({ orderId, message: toApiError(error).message }));
  }
}

/** Cancel order: the provider cancels one unpaid order; the live list shows it cancelled (or paid, if it was). */
export function* cancelOrderSaga(action: ReturnType<typeof cancelRequested>) {
  const { orderId } = action.payload;
  try {
    const order: OrderView = yield call(cancelOrder, orderId);
    yield put(cancelFinished({ order }));
    yield put(playerOrdersChanged());
  } catch (error) {
    yield put(cancelFailed({ orderId, message: toApiError(error).message }));
  }
}

/** A receipt: the player's own order from the API; another player's, or none, is not found. A sale's receipt also asks where it stands on refunds. */
export function* receiptSaga(action: ReturnType<typeof receiptOpened>) {
  const { orderId } = action.payload;
  let order: OrderView;
  try {
    order = yield call(readOrder, orderId);
  } catch (error) {
    const failure = toApiError(error);
    yield put(receiptFailed({ orderId, notFound: failure.status === 404, message: failure.message }));
    return;
  }
  yield put(receiptLoaded(order));
  if (taxInvoiceOf(order)) yield put(refundStandingRequested({ orderId }));
}

/** Where a paid order stands on refunds, as the server judges it. */
export function* refundStandingSaga(action: ReturnType<typeof refundStandingRequested>) {
  const { orderId } = action.payload;
  try {
    const standing: RefundStanding = yield call(readRefundStanding, orderId);
    yield put(refundStandingLoaded({ orderId, standing }));
  } catch (error) {
    yield put(refundStandingFailed({ orderId, message: toApiError(error).message }));
  }
}

/** Request a refund: the server decides; a refusal comes back with the policy's reason. */
export function* refundRequestSaga(action: ReturnType<typeof refundRequested>) {
  const { orderId, reason } = action.payload;
  try {
    const standing: RefundStanding = yield call(requestRefund, orderId, { reason });
    yield put(refundRequestAccepted({ orderId, standing }));
  } catch (error) {
    yield put(refundRequestRefused({ orderId, message: toApiError(error).message }));
  }
}

export function* ordersSaga() {
  // takeLatest: opening the orders again restarts the live pages.
  yield takeLatest(ordersOpened.type, function* session() {
    yield race({ open: call(ordersPageSaga), closed: take((action: Action) => ordersClosed.match(action)) });
  });
  // takeEvery: each check and cancel runs for its own order (each button is busy until its answer); the receipt and
  // its refund follow the latest receipt opened (takeLatest).
  yield takeEvery(checkRequested.type, checkAgainSaga);
  yield takeEvery(cancelRequested.type, cancelOrderSaga);
  yield takeLatest(receiptOpened.type, receiptSaga);
  yield takeLatest(refundStandingRequested.type, refundStandingSaga);
  yield takeLatest(refundRequested.type, refundRequestSaga);
}
