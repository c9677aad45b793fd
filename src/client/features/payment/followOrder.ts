import type { Action } from '@reduxjs/toolkit';
import type { EventChannel, Task } from 'redux-saga';
import { call, cancel, fork, put, race, select, take } from 'redux-saga/effects';
import { transactionPath } from '../../../shared/firestorePaths';
import { isOrderSettled, toOrderView, type OrderView } from '../../../shared/orders/orderView';
import { toApiError } from '../../lib/apiClient';
import { firestoreDocumentChannel, type DocumentEvent } from '../../lib/firestoreDocumentChannel';
import { checkOrder } from '../../lib/ordersApi';
import { pause } from '../../lib/pause';
import { focusTab, isTabClosed, openCheckoutTab } from './browserTab';
import { isSettled } from './paymentMachine';
import { orderReadingAction } from './confirmationSlice';
import { ledgerMoved } from '../../wiring/ledgerActions';
import { reopenRequested, selectEntry, tabClosed, tabOpened, type PaymentAttempt } from './paymentSlice';
import type { OrderSource } from './paymentTypes';
import { forgetDetails } from './savedDetails';

/** Following an order a tab started, from every source, until its checkout is settled. */

/** How often the open checkout tab is looked at. */
export const TAB_CHECK_MS = 500;
/** The poll's waits before each check with the provider; the last repeats. */
export const POLL_DELAYS_MS = [3_000, 5_000, 10_000, 15_000] as const;
/** A checkout is polled for at most this long; the server's sweep goes on after that. */
export const POLL_FOR_MS = 30 * 60_000;

/** Tells the machine (and /payment-success) what a reading of an order says; an order's end moves the ledger. */
export function* reportOrder(order: OrderView, source: OrderSource) {
  yield put(orderReadingAction(order, source));
  if (isOrderSettled(order)) yield put(ledgerMoved());
}

/** The order's document, live from Firestore (the player may read their own), until it stops. */
export function* listenToOrderSaga(orderId: string) {
  const channel: EventChannel<DocumentEvent> = yield call(firestoreDocumentChannel, transactionPath(orderId));
  try {
    while (true) {
      const event: DocumentEvent = yield take(channel);
      if ('error' in event) {
        // The poll still follows the order.
        console.error(`Live updates of ${orderId} stopped:`, event.error);
        return;
      }
      if (!event.data) continue;
      const order = toOrderView(orderId, event.data);
      yield call(reportOrder, order, 'listener');
      if (isOrderSettled(order)) return;
    }
  } finally {
    channel.close();
  }
}

/** Asks the provider about the order now and then (the fallback when live updates fail), for a while. */
export function* pollOrderSaga(orderId: string) {
  let waited = 0;
  for (let attempt = 0; waited < POLL_FOR_MS; attempt += 1) {
    const wait = POLL_DELAYS_MS[Math.min(attempt, POLL_DELAYS_MS.length - 1)]!;
    yield call(pause, wait);
    waited += wait;
    try {
      const order: OrderView = yield call(checkOrder, orderId);
      yield call(reportOrder, order, 'poll');
      if (isOrderSettled(order)) return;
    } catch (error) {
      if (toApiError(error).failure === 'signIn') return;
    }
  }
}

function* waitForTabClose(tab: Window) {
  while (true) {
    const closed: boolean = yield call(isTabClosed, tab);
    if (closed) return;
    yield call(pause, TAB_CHECK_MS);
  }
}

const isReopenOf = (paymentId: string) => (action: Action) =>
  reopenRequested.match(action) && action.payload.paymentId === paymentId;

/**
 * Watches the checkout tab: tabClosed when it is gone while the order is unpaid, and on Reopen checkout
 * (a click, so the browser allows it) the same checkout address in a new tab.
 *
 * A tab that reads as closed may only have come back to the store (the browser then hands it to another
 * browsing-context group, and this tab's handle reads closed), so the provider is asked first: a paid,
 * declined or cancelled order ends there, and only one still unpaid is a closed checkout.
 */
export function* watchTabSaga(paymentId: string, orderId: string, checkoutUrl: string, firstTab: Window | null) {
  let tab = firstTab;
  while (true) {
    if (tab) {
      const { reopen } = yield race({ closed: call(waitForTabClose, tab), reopen: take(isReopenOf(paymentId)) });
      if (reopen) {
        yield call(focusTab, tab);
        yield put(tabOpened({ paymentId }));
        continue;
      }
      try {
        const order: OrderView = yield call(checkOrder, orderId);
        yield call(reportOrder, order, 'poll');
      } catch (error) {
        console.error(`The order ${orderId} could not be checked:`, error);
      }
      yield put(tabClosed({ paymentId }));
    }
    yield take(isReopenOf(paymentId));
    tab = yield call(openCheckoutTab, checkoutUrl);
    if (tab) yield put(tabOpened({ paymentId }));
  }
}

/** Follows one order of this tab from every source until its checkout is settled. */
export function* followOrderSaga(paymentId: string, orderId: string, checkoutUrl: string, tab: Window | null) {
  const watchers: Task[] = [
    yield fork(listenToOrderSaga, orderId),
    yield fork(pollOrderSaga, orderId),
    yield fork(watchTabSaga, paymentId, orderId, checkoutUrl, tab),
  ];
  try {
    while (true) {
      const entry: PaymentAttempt | null = yield select(selectEntry, paymentId);
      if (!entry || isSettled(entry.phase)) {
        if (entry?.phase === 'credited') yield call(forgetDetails, entry.packId);
        return;
      }
      yield take('*');
    }
  } finally {
    yield cancel(watchers);
  }
}
