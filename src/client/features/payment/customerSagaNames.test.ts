// The customer's design card names the payment's sagas: make-payment, success-return and the pending reconciler.
import { makePaymentSaga } from './makePaymentSaga';
import { reconcilePendingSaga } from './reconcilePendingSaga';
import { successReturnSaga } from './successReturnSaga';

it('keeps the customer’s names of the payment’s sagas', () => {
  expect([makePaymentSaga, successReturnSaga, reconcilePendingSaga].map((saga) => saga.name)).toEqual(['makePaymentSaga', 'successReturnSaga', 'reconcilePendingSaga']);
});
