import type { Action } from '@reduxjs/toolkit';
import { call, put, select, spawn, take } from 'redux-saga/effects';
import type { StartPaymentResponse } from '../../../shared/api';
import { shopItemPath } from '../../../shared/routes';
import { toApiError } from '../../lib/apiClient';
import { navigate } from '../../lib/navigation';
import { closeTab, openBlankTab, showCheckoutInTab } from './browserTab';
import { startPayment } from './checkoutApi';
import {
  newOrderChosen,
  opening,
  orderCreated,
  reopenRequested,
  resumeChosen,
  secondOrderAsked,
  selectAwaitingEntry,
  startFailed,
  submitted,
  tabOpened,
  type CheckoutEntry,
} from './paymentSlice';
import { followOrderSaga } from './followOrder';
import { saveDetails } from './savedDetails';

/**
 * Submit: keeps the details for this tab, asks first when an order is still waiting for payment, then
 * opens a blank tab at once (still inside the click), starts the payment and shows its checkout there.
 */
export function* makePaymentSaga(action: ReturnType<typeof submitted>) {
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
