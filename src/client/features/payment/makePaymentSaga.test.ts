import { testSaga } from 'redux-saga-test-plan';
import { samplePaymentDetails } from '../../../../test/fixtures/samples';
import { ApiError, apiMessages } from '../../lib/apiClient';
import { closeTab, openBlankTab, showCheckoutInTab } from './browserTab';
import { startPayment } from './checkoutApi';
import { opening, orderCreated, selectAwaitingEntry, startFailed, submitted, tabOpened } from './paymentSlice';
import { followOrderSaga } from './followOrder';
import { makePaymentSaga } from './makePaymentSaga';
import { saveDetails } from './savedDetails';

/**
 * The make-payment flow's exact steps, in order (redux-saga-test-plan's testSaga), on its main paths. The
 * blank tab opens before the request goes out: a browser allows a new tab only inside the click.
 */
const action = submitted({ packId: 3, details: samplePaymentDetails });
const { attemptId } = action.payload;
const tab = { name: 'checkout tab' } as unknown as Window;
const started = { orderId: 'WCSTEPS0000000001', checkoutUrl: 'http://127.0.0.1:3100/checkout/abc' };

/** The steps every payment takes up to the request. */
const upToTheRequest = (openedTab: Window | null) =>
  testSaga(makePaymentSaga, action)
    .next()
    .call(saveDetails, 3, samplePaymentDetails)
    .next()
    .select(selectAwaitingEntry)
    .next(null)
    .call(openBlankTab)
    .next(openedTab)
    .put(opening({ attemptId, packId: 3 }))
    .next()
    .call(startPayment, { packId: 3, ...samplePaymentDetails });

describe('makePaymentSaga, step by step', () => {
  it('success: the blank tab first, then the request, the checkout in the tab, and the order followed', () => {
    upToTheRequest(tab)
      .next(started)
      .call(showCheckoutInTab, tab, started.checkoutUrl)
      .next(true)
      .put(orderCreated({ attemptId, ...started, tabBlocked: false }))
      .next()
      .put(tabOpened({ attemptId }))
      .next()
      .spawn(followOrderSaga, attemptId, started.orderId, started.checkoutUrl, tab)
      .next()
      .isDone();
  });

  it.each([
    ['the provider refuses', new ApiError('refused', 'The payment service could not start this payment (INVALID_AMOUNT).', 502)],
    ['the API is down', new ApiError('unreachable', apiMessages.unreachable)],
    ['the token has expired', new ApiError('signIn', 'Your session has expired. Please sign in again.', 401)],
  ])('%s: the blank tab closed, and the failure in words', (_case, error) => {
    upToTheRequest(tab)
      .throw(error)
      .call(closeTab, tab)
      .next()
      .put(startFailed({ attemptId, message: error.message, failure: error.failure }))
      .next()
      .isDone();
  });

  it('the pop-up is blocked: the order still starts, marked blocked, and is followed without a tab', () => {
    upToTheRequest(null)
      .next(started)
      .call(showCheckoutInTab, null, started.checkoutUrl)
      .next(false)
      .put(orderCreated({ attemptId, ...started, tabBlocked: true }))
      .next()
      .spawn(followOrderSaga, attemptId, started.orderId, started.checkoutUrl, null)
      .next()
      .isDone();
  });
});
