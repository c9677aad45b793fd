import type { Action } from '@reduxjs/toolkit';
import type { EventChannel, Task } from 'redux-saga';
import { call, cancel, fork, put, race, select, spawn, take, takeLatest, takeLeading } from 'redux-saga/effects';
import type { StartPaymentResponse } from '../../../shared/api';
import type { Country } from '../../../shared/countries';
import { transactionPath } from '../../../shared/firestorePaths';
import { isOrderSettled, toOrderView, type OrderView } from '../../../shared/orders/orderView';
import { paymentSuccessPath, shopItemPath } from '../../../shared/routes';
import { toApiError } from '../../lib/apiClient';
import { firestoreDocumentChannel, type DocumentEvent } from '../../lib/firestoreDocumentChannel';
import { navigate } from '../../lib/navigation';
import { pause } from '../../lib/pause';
import { selectIsSignedIn } from '../auth';
import {
  closeTab,
  focusTab,
  isTabClosed,
  openBlankTab,
  openCheckoutTab,
  showCheckoutInTab,
} from './browserTab';
import { readCancelledReturn, readReturnParameters } from './landing';
import { checkOrder, readOrder } from '../../lib/ordersApi';
import { postReturn, reconcileMyPending, startPayment } from './checkoutApi';
import { isSettled } from './checkoutMachine';
import {
  cancelReturned,
  confirmationClosed,
  confirmationOpened,
  countriesFailed,
  countriesLoaded,
  countriesRequested,
  newOrderChosen,
  opening,
  orderCreated,
  orderLoaded,
  orderLoadFailed,
  orderReadingAction,
  reconcileFailed,
  reconcileFinished,
  reconcileStarted,
  reopenRequested,
  resumeChosen,
  secondOrderAsked,
  selectAwaitingEntry,
  selectEntry,
  startFailed,
  submitted,
  tabClosed,
  tabOpened,
  type CheckoutEntry,
  type OrderSource,
} from './checkoutSlice';
import { fetchCountries } from './countriesService';
import { forgetDetails, saveDetails } from './savedDetails';

/** How often the open checkout tab is looked at. */
export const TAB_CHECK_MS = 500;
/** The poll's waits before each check with the provider; the last repeats. */
export const POLL_DELAYS_MS = [3_000, 5_000, 10_000, 15_000] as const;
/** A checkout is polled for at most this long; the server's sweep goes on after that. */
export const POLL_FOR_MS = 30 * 60_000;

/** Tells the machine (and /payment-success) what a reading of an order says. */
export function* reportOrder(order: OrderView, source: OrderSource) {
  yield put(orderReadingAction(order, source));
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

const isReopenOf = (attemptId: string) => (action: Action) =>
  reopenRequested.match(action) && action.payload.attemptId === attemptId;

/**
 * Watches the checkout tab: tabClosed when it is gone while the order is unpaid, and on Reopen checkout
 * (a click, so the browser allows it) the same checkout address in a new tab.
 *
 * A tab that reads as closed may only have come back to the store (the browser then hands it to another
 * browsing-context group, and this tab's handle reads closed), so the provider is asked first: a paid,
 * declined or cancelled order ends there, and only one still unpaid is a closed checkout.
 */
export function* watchTabSaga(attemptId: string, orderId: string, checkoutUrl: string, firstTab: Window | null) {
  let tab = firstTab;
  while (true) {
    if (tab) {
      const { reopen } = yield race({ closed: call(waitForTabClose, tab), reopen: take(isReopenOf(attemptId)) });
      if (reopen) {
        yield call(focusTab, tab);
        yield put(tabOpened({ attemptId }));
        continue;
      }
      try {
        const order: OrderView = yield call(checkOrder, orderId);
        yield call(reportOrder, order, 'poll');
      } catch (error) {
        console.error(`The order ${orderId} could not be checked:`, error);
      }
      yield put(tabClosed({ attemptId }));
    }
    yield take(isReopenOf(attemptId));
    tab = yield call(openCheckoutTab, checkoutUrl);
    if (tab) yield put(tabOpened({ attemptId }));
  }
}

/** Follows one order of this tab from every source until its checkout is settled. */
export function* followOrderSaga(attemptId: string, orderId: string, checkoutUrl: string, tab: Window | null) {
  const watchers: Task[] = [
    yield fork(listenToOrderSaga, orderId),
    yield fork(pollOrderSaga, orderId),
    yield fork(watchTabSaga, attemptId, orderId, checkoutUrl, tab),
  ];
  try {
    while (true) {
      const entry: CheckoutEntry | null = yield select(selectEntry, attemptId);
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

/**
 * Submit: keeps the details for this tab, asks first when an order is still waiting for payment, then
 * opens a blank tab at once (still inside the click), starts the payment and shows its checkout there.
 */
export function* submitSaga(action: ReturnType<typeof submitted>) {
  const { attemptId, packId, details } = action.payload;
  yield call(saveDetails, packId, details);
  const waiting: CheckoutEntry | null = yield select(selectAwaitingEntry);
  if (waiting) {
    yield put(secondOrderAsked({ pendingAttemptId: waiting.attemptId, packId }));
    const choice: Action = yield take([resumeChosen.type, newOrderChosen.type]);
    if (resumeChosen.match(choice)) {
      if (waiting.packId !== packId) yield call(navigate, shopItemPath(waiting.packId));
      yield put(reopenRequested({ attemptId: waiting.attemptId }));
      return;
    }
  }

  const tab: Window | null = yield call(openBlankTab);
  yield put(opening({ attemptId, packId }));
  let started: StartPaymentResponse;
  try {
    started = yield call(startPayment, { packId, ...details });
  } catch (error) {
    yield call(closeTab, tab);
    const { message, failure } = toApiError(error);
    yield put(startFailed({ attemptId, message, failure }));
    return;
  }
  const shown: boolean = yield call(showCheckoutInTab, tab, started.checkoutUrl);
  yield put(orderCreated({ attemptId, ...started, tabBlocked: !shown }));
  if (shown) yield put(tabOpened({ attemptId }));
  // Detached: the order is followed while the player starts others.
  yield spawn(followOrderSaga, attemptId, started.orderId, started.checkoutUrl, shown ? tab : null);
}

/** reconciler (spec §2): the signed-in player's recent pending orders, re-checked with the provider. */
export function* reconcileSaga() {
  const signedIn: boolean = yield select(selectIsSignedIn);
  if (!signedIn) return;
  yield put(reconcileStarted());
  try {
    const { checked, credited, orders }: { checked: number; credited: number; orders: OrderView[] } = yield call(
      reconcileMyPending,
    );
    for (const order of orders) yield call(reportOrder, order, 'reconcile');
    yield put(reconcileFinished({ checked, credited }));
  } catch (error) {
    // Spec §8: a failed lookup is logged; the page keeps following its order.
    console.error('Reconcile failed:', error);
    const { message, failure } = toApiError(error);
    yield put(reconcileFailed({ message, failure }));
  }
}

/** /payment-success: the reconcile, then the order of ?order= read and followed live until it settles. */
export function* confirmationSaga(action: ReturnType<typeof confirmationOpened>) {
  yield fork(reconcileSaga);
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

/**
 * success-return (spec §4.5): when the provider sends the player back with an outcome, go to
 * /payment-success?order=… at once (which also cleans the address), then hand every parameter to the API,
 * which asks the provider before it believes anything.
 */
export function* successReturnSaga() {
  const parameters: Record<string, string> | null = yield call(readReturnParameters);
  if (!parameters) return;
  const orderId = parameters.out_trade_no!;
  yield call(navigate, paymentSuccessPath(orderId), { replace: true });
  try {
    const order: OrderView = yield call(postReturn, parameters);
    yield call(reportOrder, order, 'return');
  } catch (error) {
    const { message, failure } = toApiError(error);
    yield put(orderLoadFailed({ orderId, message, failure }));
  }
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

export function* checkoutSaga() {
  yield takeLeading(submitted.type, submitSaga);
  yield takeLatest(countriesRequested.type, loadCountriesSaga);
  yield takeLatest(confirmationOpened.type, confirmationPageSaga);
  yield fork(successReturnSaga);
  yield fork(cancelReturnSaga);
}
