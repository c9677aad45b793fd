import { testSaga } from 'redux-saga-test-plan';
import { sampleOrder } from '../../../../test/fixtures/samples';
import { ApiError, apiMessages } from '../../lib/apiClient';
import { navigate } from '../../lib/navigation';
import { postReturn } from './paymentsApi';
import { orderLoadFailed } from './confirmationSlice';
import { reportOrder } from './followOrder';
import { readReturnParameters } from './returnLanding';
import { successReturnSaga } from './successReturnSaga';

/** The success-return flow's exact steps, in order (redux-saga-test-plan's testSaga), on its main paths. */
const orderId = 'WCRETURN000000001';
const parameters = { status: 'paid', out_trade_no: orderId, signature: 'f'.repeat(64) };

/** The steps every return takes up to handing its parameters to the API. */
const upToTheApi = () =>
  testSaga(successReturnSaga)
    .next()
    .call(readReturnParameters)
    .next(parameters)
    .call(navigate, `/payment-success?order=${orderId}`, { replace: true })
    .next()
    .call(postReturn, parameters);

describe('successReturnSaga, step by step', () => {
  it('paid: to /payment-success at once, the parameters to the API, and its answer to the machine', () => {
    const paid = sampleOrder({ orderId, status: 'paid', credited: true });
    upToTheApi().next(paid).call(reportOrder, paid, 'return').next().isDone();
  });

  it('a forged return: the API believes only the provider, so what it reports is the order still pending', () => {
    const pending = sampleOrder({ orderId, status: 'pending', credited: false });
    upToTheApi().next(pending).call(reportOrder, pending, 'return').next().isDone();
  });

  it.each([
    ["another player's order", new ApiError('refused', 'This order belongs to another account.', 403)],
    ['the API is down', new ApiError('unreachable', apiMessages.unreachable)],
  ])('%s: the order could not be loaded, in words', (_case, error) => {
    upToTheApi()
      .throw(error)
      .put(orderLoadFailed({ orderId, message: error.message, failure: error.failure }))
      .next()
      .isDone();
  });

  it('no return in the address: nothing at all', () => {
    testSaga(successReturnSaga).next().call(readReturnParameters).next(null).isDone();
  });
});
