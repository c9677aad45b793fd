import { channel } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { firestoreDocumentChannel, type DocumentEvent } from '../../lib/firestoreDocumentChannel';
import { navigate } from '../../lib/navigation';
import { samplePaymentDetails, samplePlayer } from '../../../../test/fixtures/samples';
import { authSlice, currentIdToken } from '../auth';
import { closeTab, openBlankTab, readReturnParameters, showCheckoutInTab } from './browserTab';
import { apiMessages, postReturnParameters, reconcileMyPending, startPayment } from './paymentApi';
import {
  makePaymentSaga,
  reconcileSaga,
  SIGN_IN_AGAIN,
  successReturnSaga,
  watchOrderSaga,
} from './paymentSagas';
import {
  orderStatusChanged,
  paymentFailed,
  paymentRequested,
  paymentStarted,
  returnConfirmed,
  returnFailed,
  returnReceived,
} from './paymentSlice';

const player = samplePlayer;
const signedIn = { auth: { ...authSlice.getInitialState(), user: player } };
const anonymous = { auth: { ...authSlice.getInitialState(), user: null } };
const details = samplePaymentDetails;
const request = paymentRequested({ packId: 3, details });
const tab = { closed: false } as unknown as Window;
const started = { orderId: 'WCABCDEF1234567890', checkoutUrl: 'http://127.0.0.1:3100/checkout/nonce' };
/** An axios-shaped failure carrying the API's {error}. */
const apiFailure = (status: number, error: string) =>
  Object.assign(new Error(`Request failed with status code ${status}`), { isAxiosError: true, response: { status, data: { error } } });

describe('makePaymentSaga', () => {
  it('opens a blank tab first, starts the payment with the ID token, then shows the checkout in that tab', () =>
    expectSaga(makePaymentSaga, request)
      .provide([
        [matchers.call.fn(openBlankTab), tab],
        [matchers.call.fn(currentIdToken), 'id-token'],
        [matchers.call.fn(startPayment), started],
        [matchers.call.fn(showCheckoutInTab), true],
      ])
      .call(openBlankTab)
      .call(startPayment, 'id-token', { packId: 3, details })
      .call(showCheckoutInTab, tab, started.checkoutUrl)
      .put(paymentStarted({ ...started, tabOpened: true }))
      .not.call.fn(closeTab)
      .run());

  it('when the browser blocked the tab, still starts and offers the link', () =>
    expectSaga(makePaymentSaga, request)
      .provide([
        [matchers.call.fn(openBlankTab), null],
        [matchers.call.fn(currentIdToken), 'id-token'],
        [matchers.call.fn(startPayment), started],
        [matchers.call.fn(showCheckoutInTab), false],
      ])
      .put(paymentStarted({ ...started, tabOpened: false }))
      .run());

  it('on a refusal from the API closes the tab and shows the API’s words', () =>
    expectSaga(makePaymentSaga, request)
      .provide([
        [matchers.call.fn(openBlankTab), tab],
        [matchers.call.fn(currentIdToken), 'id-token'],
        [matchers.call.fn(startPayment), throwError(apiFailure(504, 'The payment service did not answer in time.'))],
        [matchers.call.fn(closeTab), undefined],
      ])
      .call(closeTab, tab)
      .put(paymentFailed('The payment service did not answer in time.'))
      .not.put.actionType(paymentStarted.type)
      .run());

  it('when the network is down says so in plain words', () =>
    expectSaga(makePaymentSaga, request)
      .provide([
        [matchers.call.fn(openBlankTab), tab],
        [matchers.call.fn(currentIdToken), 'id-token'],
        [matchers.call.fn(startPayment), throwError(Object.assign(new Error('Network Error'), { isAxiosError: true }))],
        [matchers.call.fn(closeTab), undefined],
      ])
      .put(paymentFailed(apiMessages.unreachable))
      .run());

  it('without a session asks the player to sign in again and calls no API', () =>
    expectSaga(makePaymentSaga, request)
      .provide([
        [matchers.call.fn(openBlankTab), tab],
        [matchers.call.fn(currentIdToken), null],
        [matchers.call.fn(closeTab), undefined],
      ])
      .not.call.fn(startPayment)
      .call(closeTab, tab)
      .put(paymentFailed(SIGN_IN_AGAIN))
      .run());
});

describe('successReturnSaga', () => {
  const parameters = { status: 'paid', out_trade_no: started.orderId, signature: 'abc' };

  it('goes to /payment-success at once, replacing the address, then hands every parameter to the API', () =>
    expectSaga(successReturnSaga)
      .provide([
        [matchers.call.fn(readReturnParameters), parameters],
        [matchers.call.fn(navigate), undefined],
        [matchers.call.fn(postReturnParameters), { orderId: started.orderId, status: 'paid' }],
      ])
      .put(returnReceived({ orderId: started.orderId }))
      .call(navigate, '/payment-success', { replace: true })
      .call(postReturnParameters, parameters)
      .put(returnConfirmed({ orderId: started.orderId, status: 'paid' }))
      .run());

  it('reports a failed confirmation', () =>
    expectSaga(successReturnSaga)
      .provide([
        [matchers.call.fn(readReturnParameters), parameters],
        [matchers.call.fn(navigate), undefined],
        [matchers.call.fn(postReturnParameters), throwError(apiFailure(404, 'We have no record of that order.'))],
      ])
      .put(returnFailed('We have no record of that order.'))
      .run());

  it('does nothing on an ordinary visit', () =>
    expectSaga(successReturnSaga)
      .provide([[matchers.call.fn(readReturnParameters), null]])
      .not.call.fn(navigate)
      .not.call.fn(postReturnParameters)
      .run());
});

describe('reconcileSaga', () => {
  it('re-checks the signed-in player’s pending payments and reports each status', () =>
    expectSaga(reconcileSaga)
      .withState(signedIn)
      .provide([
        [matchers.call.fn(currentIdToken), 'id-token'],
        [matchers.call.fn(reconcileMyPending), { checked: 1, credited: 1, orders: [{ orderId: started.orderId, status: 'paid' }] }],
      ])
      .call(reconcileMyPending, 'id-token')
      .put(orderStatusChanged({ orderId: started.orderId, status: 'paid' }))
      .run());

  it('only logs a failure (spec §8)', () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    return expectSaga(reconcileSaga)
      .withState(signedIn)
      .provide([
        [matchers.call.fn(currentIdToken), 'id-token'],
        [matchers.call.fn(reconcileMyPending), throwError(new Error('down'))],
      ])
      .not.put.actionType(orderStatusChanged.type)
      .run()
      .then(() => expect(log).toHaveBeenCalled());
  });

  it('asks nothing for an anonymous visitor', () =>
    expectSaga(reconcileSaga).withState(anonymous).not.call.fn(reconcileMyPending).run());
});

describe('watchOrderSaga', () => {
  const eventsWith = (...events: DocumentEvent[]) => {
    const orderEvents = channel<DocumentEvent>();
    events.forEach((event) => orderEvents.put(event));
    return orderEvents;
  };

  it('follows the order live until it is paid and credited', () =>
    expectSaga(watchOrderSaga, paymentStarted({ ...started, tabOpened: true }))
      .withState(signedIn)
      .provide([
        [
          matchers.call.fn(firestoreDocumentChannel),
          eventsWith({ data: { status: 'pending', checked: 0 } }, { data: { status: 'paid', checked: 1 } }),
        ],
      ])
      .call(firestoreDocumentChannel, `transactions/${started.orderId}`)
      .put(orderStatusChanged({ orderId: started.orderId, status: 'pending' }))
      .put(orderStatusChanged({ orderId: started.orderId, status: 'paid' }))
      .run());
});
