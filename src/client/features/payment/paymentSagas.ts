import type { PayloadAction } from '@reduxjs/toolkit';
import type { EventChannel } from 'redux-saga';
import { call, put, select, take, takeLatest, takeLeading } from 'redux-saga/effects';
import { ROUTES } from '../../../shared/routes';
import { firestoreDocumentChannel, type DocumentEvent } from '../../lib/firestoreDocumentChannel';
import { navigate } from '../../lib/navigation';
import { currentIdToken, selectIsSignedIn } from '../auth';
import { apiErrorMessage, postReturnParameters, reconcileMyPending, startPayment } from './paymentApi';
import { closeTab, openBlankTab, readReturnParameters, showCheckoutInTab } from './browserTab';
import {
  orderStatusChanged,
  paymentFailed,
  paymentRequested,
  paymentStarted,
  paymentSuccessOpened,
  returnConfirmed,
  returnFailed,
  returnReceived,
  type PaymentRequestPayload,
} from './paymentSlice';

export const SIGN_IN_AGAIN = 'Please sign in again to buy gems.';

/**
 * make-payment: opens a blank tab at once (still inside the click), asks the API to start the payment,
 * then shows the checkout in that tab. On failure the tab closes and the player is told why.
 */
export function* makePaymentSaga(action: PayloadAction<PaymentRequestPayload>) {
  const tab: Window | null = yield call(openBlankTab);
  try {
    const token: string | null = yield call(currentIdToken);
    if (!token) throw new Error(SIGN_IN_AGAIN);
    const { orderId, checkoutUrl }: { orderId: string; checkoutUrl: string } = yield call(
      startPayment,
      token,
      action.payload,
    );
    const tabOpened: boolean = yield call(showCheckoutInTab, tab, checkoutUrl);
    yield put(paymentStarted({ orderId, checkoutUrl, tabOpened }));
  } catch (error) {
    yield call(closeTab, tab);
    yield put(paymentFailed(error instanceof Error && error.message === SIGN_IN_AGAIN ? SIGN_IN_AGAIN : apiErrorMessage(error)));
  }
}

/** Final statuses: nothing will change them any more. */
const isSettled = (status: string, checked: unknown) => (status === 'paid' && checked === 1) || status === 'failed' || status === 'cancelled';

/** Follows one order's stored status live (the player may read their own transactions) until it settles. */
export function* watchOrderSaga(action: PayloadAction<{ orderId: string }>) {
  const signedIn: boolean = yield select(selectIsSignedIn);
  if (!signedIn) return;
  const { orderId } = action.payload;
  const channel: EventChannel<DocumentEvent> = yield call(firestoreDocumentChannel, `transactions/${orderId}`);
  try {
    while (true) {
      const event: DocumentEvent = yield take(channel);
      if (!('data' in event) || !event.data) continue;
      const status = String(event.data.status ?? '');
      yield put(orderStatusChanged({ orderId, status }));
      if (isSettled(status, event.data.checked)) return;
    }
  } finally {
    channel.close();
  }
}

/**
 * success-return (spec §4.5): when the provider sends the visitor back with an outcome, go to
 * /payment-success at once (which also cleans the address), then hand every parameter to the API, which
 * asks the provider before it believes anything.
 */
export function* successReturnSaga() {
  const parameters: Record<string, string> | null = yield call(readReturnParameters);
  if (!parameters) return;
  const orderId = parameters.out_trade_no!;
  yield put(returnReceived({ orderId }));
  yield call(navigate, ROUTES.paymentSuccess, { replace: true });
  try {
    const result: { orderId: string; status: string } = yield call(postReturnParameters, parameters);
    yield put(returnConfirmed(result));
  } catch (error) {
    yield put(returnFailed(apiErrorMessage(error)));
  }
}

/** reconciler: on /payment-success, re-check the signed-in player's recent pending payments. */
export function* reconcileSaga() {
  const signedIn: boolean = yield select(selectIsSignedIn);
  if (!signedIn) return;
  try {
    const token: string | null = yield call(currentIdToken);
    if (!token) return;
    const { orders }: { orders: Array<{ orderId: string; status: string }> } = yield call(reconcileMyPending, token);
    for (const order of orders) yield put(orderStatusChanged(order));
  } catch (error) {
    // Spec §8: a failed lookup is only logged; the page keeps following the order live.
    console.error('Reconcile failed:', error);
  }
}

export function* paymentSaga() {
  yield takeLeading(paymentRequested.type, makePaymentSaga);
  yield takeLatest([paymentStarted.type, returnReceived.type], watchOrderSaga);
  yield takeLatest(paymentSuccessOpened.type, reconcileSaga);
  yield call(successReturnSaga);
}
