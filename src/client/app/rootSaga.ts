import { all, call } from 'redux-saga/effects';
import { authSaga } from '../features/auth';
import { balanceSaga } from '../features/balance';
import { checkoutSaga } from '../features/checkout';
import { ordersSaga } from '../features/orders';
import { shopSaga } from '../features/shop';
import { supportSaga } from '../features/support';

/** Starts every feature's sagas. Each feature exports one root saga from its folder. */
export function* rootSaga() {
  yield all([call(authSaga), call(balanceSaga), call(shopSaga), call(checkoutSaga), call(ordersSaga), call(supportSaga)]);
}
