import type { Action } from '@reduxjs/toolkit';
import { call, put, select, spawn, take } from 'redux-saga/effects';
import type { OrderView } from '../../../shared/orders/orderView';
import { readOrder } from '../../lib/ordersApi';
import { paymentLeft } from './paymentActions';
import { gemsGiven } from '../../../shared/offers/offer';
import { eventForOrder, isSettled } from './paymentMachine';
import { followOrderSaga, reportOrder } from './followOrder';
import { orderAdopted, paymentSlice, selectActiveEntry, selectEntry, type PaymentAttempt } from './paymentSlice';
import { isReloadedPage, readRememberedOrder, rememberActiveOrder, type RememberedOrder } from './rememberedOrder';

/**
 * After a reload, the order this tab's checkout showed comes back as the server has it now: its end state
 * (paid, declined, cancelled, expired), or a closed checkout still payable that is followed live again.
 * An order the server no longer shows this player (signed out, another account) is let go.
 */
export function* restoreOrderSaga(remembered: RememberedOrder) {
  let order: OrderView;
  try {
    order = yield call(readOrder, remembered.orderId);
  } catch {
    return;
  }
  // A refunded order's checkout ended long ago: the form, as before.
  if (!eventForOrder(order)) return;
  const { orderId, packId, checkoutUrl } = remembered;
  const paymentId = orderId;
  yield put(orderAdopted({ paymentId, orderId, packId, checkoutUrl, gives: gemsGiven(order) }));
  yield call(reportOrder, order, 'restore');
  const entry: PaymentAttempt | null = yield select(selectEntry, paymentId);
  if (entry && !isSettled(entry.phase)) yield spawn(followOrderSaga, paymentId, orderId, checkoutUrl, null);
}

/** The order the checkout screen shows, as this tab remembers it; null when it shows the form. */
function activeOrderOf(entry: PaymentAttempt | null): RememberedOrder | null {
  return entry?.orderId && entry.checkoutUrl ? { packId: entry.packId, orderId: entry.orderId, checkoutUrl: entry.checkoutUrl } : null;
}

const isPaymentAction = (action: Action) => action.type.startsWith(`${paymentSlice.reducerPath}/`) || paymentLeft.match(action);

/**
 * Keeps the order the checkout screen shows remembered for a reload, after every checkout action, writing
 * only when it changes from `remembered` (what the tab's storage holds now).
 */
export function* rememberActiveOrderSaga(remembered: RememberedOrder | null) {
  while (true) {
    yield take(isPaymentAction);
    const active: RememberedOrder | null = activeOrderOf(yield select(selectActiveEntry));
    if (active?.orderId === remembered?.orderId) continue;
    yield call(rememberActiveOrder, active);
    remembered = active;
  }
}

/** On a reloaded page, the remembered order first; then it is kept remembered. */
export function* activeOrderSaga() {
  const remembered: RememberedOrder | null = yield call(readRememberedOrder);
  const reloaded: boolean = yield call(isReloadedPage);
  if (remembered && reloaded) yield call(restoreOrderSaga, remembered);
  yield call(rememberActiveOrderSaga, remembered);
}
