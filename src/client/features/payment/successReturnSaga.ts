import { call, put } from 'redux-saga/effects';
import type { OrderView } from '../../../shared/orders/orderView';
import { paymentSuccessPath } from '../../../shared/routes';
import { toApiError } from '../../lib/apiClient';
import { navigate } from '../../lib/navigation';
import { postReturn } from './paymentsApi';
import { orderLoadFailed } from './confirmationSlice';
import { reportOrder } from './followOrder';
import { readReturnParameters } from './returnLanding';

/**
 * success-return (docs/storefront.md, The provider's return): when the provider sends the player back with an outcome, go to
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
