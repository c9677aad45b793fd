import { call, put, select } from 'redux-saga/effects';
import type { OrderView } from '../../../shared/orders/orderView';
import { toApiError } from '../../lib/apiClient';
import { selectIsSignedIn } from '../auth';
import { reconcileMyPending } from './paymentsApi';
import { reconcileFailed, reconcileFinished, reconcileStarted } from './reconcileSlice';
import { reportOrder } from './followOrder';

/** reconciler (docs/storefront.md, Screens): the signed-in player's recent pending orders, re-checked with the provider. */
export function* reconcilePendingSaga() {
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
