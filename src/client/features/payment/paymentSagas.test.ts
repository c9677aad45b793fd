import { channel } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError, type StaticProvider } from 'redux-saga-test-plan/providers';
import { samplePaymentDetails, sampleOrder } from '../../../../test/fixtures/samples';
import { ApiError, apiMessages } from '../../lib/apiClient';
import { firestoreDocumentChannel, type DocumentEvent } from '../../lib/firestoreDocumentChannel';
import { navigate } from '../../lib/navigation';
import { pause } from '../../lib/pause';
import { paymentTestReducer, signedInTestState } from './paymentTestState';
import {
  closeTab,
  showRefusalInTab,
  focusTab,
  isTabClosed,
  openBlankTab,
  openCheckoutTab,
  showCheckoutInTab,
} from './browserTab';
import { readCancelledReturn, readReturnParameters } from './returnLanding';
import { checkOrder, readOrder } from '../../lib/ordersApi';
import { postReturn, reconcileMyPending, sendStartPayment, type StartUnderWay } from './paymentsApi';
import { cancelReturnSaga, confirmationSaga, loadCountriesSaga } from './paymentSagas';
import { followOrderSaga, listenToOrderSaga, pollOrderSaga, watchTabSaga } from './followOrder';
import { makePaymentSaga } from './makePaymentSaga';
import { reconcilePendingSaga } from './reconcilePendingSaga';
import { successReturnSaga } from './successReturnSaga';
import { cancelReturned, gemsCredited, newOrderChosen, opening, orderCreated, orderExpired, paymentCancelled, paymentDeclined, reopenRequested, resumeChosen, secondOrderAsked, startedOver, startFailed, stillPending, submitted, tabClosed, tabOpened } from './paymentSlice';
import { confirmationOpened, orderLoaded, orderLoadFailed } from './confirmationSlice';
import { countriesFailed, countriesLoaded, countriesRequested } from './countriesSlice';
import { openOrdersLoaded } from './openOrdersSlice';
import { selectOpenOrdersSeen, selectOrderToAskAbout } from './paymentSelectors';
import { reconcileFailed, reconcileFinished, reconcileStarted } from './reconcileSlice';
import { fetchCountries } from '../../lib/countriesService';
import { forgetDetails, saveDetails } from './savedDetails';

const tab = { closed: false } as unknown as Window;
const started = { orderId: 'WCABCDEF1234567890', checkoutUrl: 'http://127.0.0.1:3100/checkout/nonce', gives: { gemCount: 1000, bonusGems: 0, offerTitle: null } };
const order = sampleOrder({ orderId: started.orderId });
const paid = { ...order, status: 'paid' as const, credited: true };
const request = submitted({ packId: 3, details: samplePaymentDetails });
/** The server's answer to a payment's start, as the saga receives it under way: the order started, or an Error thrown. */
const answering = (outcome: object) =>
  dynamic((): StartUnderWay => {
    const answer = outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve(outcome as Awaited<StartUnderWay['answer']>);
    answer.catch(() => undefined);
    return { answer };
  });
const paymentId = request.payload.paymentId;

const reducer = paymentTestReducer;
const signedInState = signedInTestState;
/** The question a second Submit asks about the order awaitingState() holds. */
const ownOrderQuestion = { orderId: started.orderId, packId: 3, checkoutUrl: started.checkoutUrl, paymentId, gives: started.gives };
/** The state after the order of `paymentId` was created and its tab opened. */
const awaitingState = () =>
  [opening({ paymentId, packId: 3 }), orderCreated({ paymentId, ...started, tabBlocked: false }), tabOpened({ paymentId })].reduce(
    reducer,
    signedInState(),
  );
const eventsWith = (...events: DocumentEvent[]) => {
  const documentEvents = channel<DocumentEvent>();
  events.forEach((event) => documentEvents.put(event));
  return documentEvents;
};

/**
 * A Submit's steps as a browser answers them: the details kept, the tab opened (`opened`: null when the browser blocked
 * it), the start answered with `answer`, the checkout shown in the tab (or not), a refusal painted there, the order
 * followed.
 */
const payingWith = (answer: object, { opened = tab as typeof tab | null, shown = true } = {}): StaticProvider[] => [
  [matchers.call.fn(saveDetails), undefined],
  [matchers.call.fn(openBlankTab), opened],
  [matchers.call.fn(sendStartPayment), answering(answer)],
  [matchers.call.fn(showCheckoutInTab), shown],
  [matchers.call.fn(showRefusalInTab), undefined],
  [matchers.spawn.fn(followOrderSaga), undefined],
];

describe('makePaymentSaga', () => {
  it('keeps the details, sends the start and opens the tab inside the click, then shows the checkout in that tab', () =>
    expectSaga(makePaymentSaga, request)
      .withReducer(reducer, signedInState())
      .provide(payingWith(started))
      .call(saveDetails, 3, samplePaymentDetails)
      .call(openBlankTab)
      .put(opening({ paymentId, packId: 3 }))
      .call(sendStartPayment, { packId: 3, ...samplePaymentDetails, openOrdersSeen: [], priceCents: 4599 })
      .call(showCheckoutInTab, tab, started.checkoutUrl)
      .put(orderCreated({ paymentId, ...started, tabBlocked: false }))
      .put(tabOpened({ paymentId }))
      .spawn(followOrderSaga, paymentId, started.orderId, started.checkoutUrl, tab)
      .not.call.fn(showRefusalInTab)
      .run()
      .then(({ storeState }) => expect(storeState.payment.entries[paymentId]?.phase).toBe('awaitingPayment')));

  it('when the browser blocked the tab, still starts and offers a button instead', () =>
    expectSaga(makePaymentSaga, request)
      .withReducer(reducer, signedInState())
      .provide(payingWith(started, { opened: null, shown: false }))
      .put(orderCreated({ paymentId, ...started, tabBlocked: true }))
      .not.put(tabOpened({ paymentId }))
      .spawn(followOrderSaga, paymentId, started.orderId, started.checkoutUrl, null)
      .run());

  it('API down: the tab says nothing was charged, and this one says why in plain words; the entry ends failed', () =>
    expectSaga(makePaymentSaga, request)
      .withReducer(reducer, signedInState())
      .provide(payingWith(new ApiError('unreachable', apiMessages.unreachable)))
      .call(showRefusalInTab, tab, apiMessages.unreachable)
      .put(startFailed({ paymentId, message: apiMessages.unreachable, failure: 'unreachable' }))
      .not.put.actionType(orderCreated.type)
      .run()
      .then(({ storeState }) => expect(storeState.payment.entries[paymentId]?.phase).toBe('failed')));

  it('token expired: the API’s 401 becomes a sign-in failure the screen offers a sign-in link for', () =>
    expectSaga(makePaymentSaga, request)
      .withReducer(reducer, signedInState())
      .provide([
        [matchers.call.fn(saveDetails), undefined],
        [matchers.call.fn(openBlankTab), tab],
        [
          matchers.call.fn(sendStartPayment),
          answering(
            Object.assign(new Error('401'), {
              isAxiosError: true,
              response: { status: 401, data: { error: 'Your session has expired. Please sign in again.' } },
            }),
          ),
        ],
        [matchers.call.fn(showRefusalInTab), undefined],
      ])
      .put(startFailed({ paymentId, message: 'Your session has expired. Please sign in again.', failure: 'signIn' }))
      .run());

  it('resume: with an order still waiting, a second Submit asks first and reopens that order', () =>
    expectSaga(makePaymentSaga, submitted({ packId: 5, details: samplePaymentDetails }))
      .withReducer(reducer, awaitingState())
      .provide([
        [matchers.call.fn(saveDetails), undefined],
        [matchers.call.fn(navigate), undefined],
      ])
      .put(secondOrderAsked(ownOrderQuestion))
      .dispatch(resumeChosen())
      .call(navigate, '/shop?item=3')
      .put(reopenRequested({ paymentId }))
      .not.call.fn(openBlankTab)
      .not.call.fn(sendStartPayment)
      .run());

  it('start a new one: after the question, the new order starts as usual', () => {
    const second = submitted({ packId: 3, details: samplePaymentDetails });
    return expectSaga(makePaymentSaga, second)
      .withReducer(reducer, awaitingState())
      .provide(payingWith({ ...started, orderId: 'WCSECOND0000000000' }))
      .put(secondOrderAsked(ownOrderQuestion))
      .dispatch(newOrderChosen())
      .put(opening({ paymentId: second.payload.paymentId, packId: 3 }))
      .call.fn(sendStartPayment)
      .run();
  });
});

describe('an open order started in another tab or on another device', () => {
  const elsewhere = { orderId: 'WCELSEWHERE000001', packId: 2, createdAt: 1, checkoutUrl: 'http://127.0.0.1:3100/checkout/elsewhere', gives: { gemCount: 500, bonusGems: 0, offerTitle: null } };
  const knowingElsewhere = () => reducer(signedInState(), openOrdersLoaded([elsewhere]));

  it('a Submit asks first; Resume reopens that order’s checkout here and follows it like this tab’s own', () =>
    expectSaga(makePaymentSaga, submitted({ packId: 3, details: samplePaymentDetails }))
      .withReducer(reducer, knowingElsewhere())
      .provide([
        [matchers.call.fn(saveDetails), undefined],
        [matchers.call.fn(navigate), undefined],
        [matchers.call.fn(firestoreDocumentChannel), eventsWith()],
        [matchers.call.fn(pause), new Promise(() => undefined)],
        [matchers.call.fn(openCheckoutTab), tab],
        [matchers.call.fn(isTabClosed), false],
      ])
      .put(secondOrderAsked({ orderId: elsewhere.orderId, packId: 2, checkoutUrl: elsewhere.checkoutUrl, paymentId: null, gives: elsewhere.gives }))
      .dispatch(resumeChosen())
      .call(navigate, '/shop?item=2')
      .call(openCheckoutTab, elsewhere.checkoutUrl)
      .put(tabOpened({ paymentId: elsewhere.orderId }))
      .not.call.fn(openBlankTab)
      .not.call.fn(sendStartPayment)
      .silentRun(50)
      .then(({ storeState }) => {
        expect(storeState.payment.activePaymentId).toBe(elsewhere.orderId);
        expect(storeState.payment.entries[elsewhere.orderId]).toMatchObject({ orderId: elsewhere.orderId, packId: 2, phase: 'awaitingPayment' });
      }));

  it('start a new one: the request says the player saw that order, and the new one starts', () => {
    const second = submitted({ packId: 3, details: samplePaymentDetails });
    return expectSaga(makePaymentSaga, second)
      .withReducer(reducer, knowingElsewhere())
      .provide(payingWith(started))
      .dispatch(newOrderChosen())
      .call(sendStartPayment, { packId: 3, ...samplePaymentDetails, openOrdersSeen: [elsewhere.orderId], priceCents: 4599 })
      .put(orderCreated({ paymentId: second.payload.paymentId, ...started, tabBlocked: false }))
      .run();
  });

  it('an order this tab has not heard of yet: the server refuses, the waiting tab closes, and the question comes instead', () => {
    const refusal = Object.assign(new Error('409'), {
      isAxiosError: true,
      response: { status: 409, data: { error: 'You have an unpaid order open, WCELSEWHERE000001. Resume it, or start a new one.', openOrders: [elsewhere] } },
    });
    const attempt = submitted({ packId: 3, details: samplePaymentDetails });
    return expectSaga(makePaymentSaga, attempt)
      .withReducer(reducer, signedInState())
      .provide([
        [matchers.call.fn(saveDetails), undefined],
        [matchers.call.fn(openBlankTab), tab],
        [matchers.call.fn(sendStartPayment), answering(refusal)],
        [matchers.call.fn(closeTab), undefined],
      ])
      .call(closeTab, tab)
      .not.call.fn(showRefusalInTab)
      .put(secondOrderAsked({ orderId: elsewhere.orderId, packId: 2, checkoutUrl: elsewhere.checkoutUrl, paymentId: null, gives: elsewhere.gives }))
      .not.put.actionType(startFailed.type)
      .silentRun(50)
      .then(({ storeState }) => {
        expect(storeState.payment.entries[attempt.payload.paymentId]).toBeUndefined();
        expect(storeState.payment.activePaymentId).toBeNull();
      });
  });

  it('asks only about an order it can reopen and this tab does not hold; this tab’s own comes first', () => {
    const noCheckout = { ...elsewhere, orderId: 'WCOLDRECORD000001', checkoutUrl: null };
    expect(selectOrderToAskAbout(reducer(signedInState(), openOrdersLoaded([noCheckout])))).toBeNull();
    const both = reducer(awaitingState(), openOrdersLoaded([{ ...elsewhere, orderId: started.orderId, packId: 3 }, elsewhere]));
    expect(selectOrderToAskAbout(both)).toEqual(ownOrderQuestion);
    expect(selectOpenOrdersSeen(both)).toEqual([started.orderId, elsewhere.orderId]);
  });
});

describe('following an order', () => {
  it('paid: the listener’s reading credits the entry, the details are forgotten and the watchers stop', () =>
    expectSaga(followOrderSaga, paymentId, started.orderId, started.checkoutUrl, tab)
      .withReducer(reducer, awaitingState())
      .provide([
        [matchers.call.fn(firestoreDocumentChannel), eventsWith({ data: { ...rawOf(order) } }, { data: { ...rawOf(paid) } })],
        [matchers.call.fn(isTabClosed), false],
        [matchers.call.fn(pause), new Promise(() => undefined)],
        [matchers.call.fn(forgetDetails), undefined],
      ])
      .put(stillPending({ order, source: 'listener' }))
      .put(gemsCredited({ order: paid, source: 'listener' }))
      .call(forgetDetails, 3)
      .run()
      .then(({ storeState }) => expect(storeState.payment.entries[paymentId]?.phase).toBe('credited')));

  it('declined: the poll asks the provider after a pause and reports its answer, then stops', () =>
    expectSaga(pollOrderSaga, started.orderId)
      .provide([
        [matchers.call.fn(pause), undefined],
        [matchers.call.fn(checkOrder), { ...order, status: 'failed' }],
      ])
      .call(pause, 3_000)
      .call(checkOrder, started.orderId)
      .put(paymentDeclined({ order: { ...order, status: 'failed' }, source: 'poll' }))
      .run());

  it('the poll keeps going through errors, waiting longer each time, and gives up on a lost session', async () => {
    let calls = 0;
    const result = await expectSaga(pollOrderSaga, started.orderId)
      .provide([
        [matchers.call.fn(pause), undefined],
        {
          call(effect, next) {
            if (effect.fn !== checkOrder) return next();
            calls += 1;
            if (calls < 5) throw new ApiError('unreachable', apiMessages.unreachable);
            throw new ApiError('signIn', apiMessages.signIn, 401);
          },
        },
      ])
      .run();
    expect(calls).toBe(5);
    const waits = (result.effects.call ?? []).filter((effect) => effect.payload.fn === pause).map((effect) => effect.payload.args[0]);
    expect(waits).toEqual([3_000, 5_000, 10_000, 15_000, 15_000]);
  });

  it('cancelled and expired readings put their events', async () => {
    await expectSaga(listenToOrderSaga, started.orderId)
      .provide([[matchers.call.fn(firestoreDocumentChannel), eventsWith({ data: rawOf({ ...order, status: 'cancelled' }) })]])
      .put(paymentCancelled({ order: { ...order, status: 'cancelled' }, source: 'listener' }))
      .run();
    await expectSaga(listenToOrderSaga, started.orderId)
      .provide([[matchers.call.fn(firestoreDocumentChannel), eventsWith({ data: rawOf({ ...order, status: 'expired' }) })]])
      .put(orderExpired({ order: { ...order, status: 'expired' }, source: 'listener' }))
      .run();
  });

  it('tab closed while unpaid: asks the provider, puts tabClosed; Reopen opens the same checkout address', () =>
    expectSaga(watchTabSaga, paymentId, started.orderId, started.checkoutUrl, tab)
      .provide([
        [matchers.call.fn(isTabClosed), true],
        [matchers.call.fn(checkOrder), order],
        [matchers.call.fn(openCheckoutTab), tab],
      ])
      .call(checkOrder, started.orderId)
      .put(stillPending({ order, source: 'poll' }))
      .put(tabClosed({ paymentId }))
      .dispatch(reopenRequested({ paymentId }))
      .call(openCheckoutTab, started.checkoutUrl)
      .put(tabOpened({ paymentId }))
      .silentRun(50));

  it('a tab that only came back to the store after paying ends paid, not closed', () =>
    expectSaga(followOrderSaga, paymentId, started.orderId, started.checkoutUrl, tab)
      .withReducer(reducer, awaitingState())
      .provide([
        [matchers.call.fn(firestoreDocumentChannel), eventsWith()],
        [matchers.call.fn(pause), new Promise(() => undefined)],
        [matchers.call.fn(isTabClosed), true],
        [matchers.call.fn(checkOrder), paid],
        [matchers.call.fn(forgetDetails), undefined],
      ])
      .put(gemsCredited({ order: paid, source: 'poll' }))
      .run()
      .then(({ storeState }) => expect(storeState.payment.entries[paymentId]?.phase).toBe('credited')));

  it('Resume while the tab is still open brings that tab forward', () =>
    expectSaga(watchTabSaga, paymentId, started.orderId, started.checkoutUrl, tab)
      .provide([
        [matchers.call.fn(isTabClosed), false],
        [matchers.call.fn(focusTab), undefined],
      ])
      .dispatch(reopenRequested({ paymentId }))
      .call(focusTab, tab)
      .put(tabOpened({ paymentId }))
      .not.put.actionType(tabClosed.type)
      .silentRun(50));

  it('start over: the form comes back, and the closed order still counts, so the next Submit asks first', () => {
    const state = [tabClosed({ paymentId }), startedOver()].reduce(reducer, awaitingState());
    expect(state.payment.activePaymentId).toBeNull();
    expect(state.payment.entries[paymentId]?.phase).toBe('tabClosed');
    return expectSaga(makePaymentSaga, submitted({ packId: 3, details: samplePaymentDetails }))
      .withReducer(reducer, state)
      .provide([[matchers.call.fn(saveDetails), undefined]])
      .put(secondOrderAsked(ownOrderQuestion))
      .not.call.fn(openBlankTab)
      .silentRun(50);
  });
});

describe('successReturnSaga', () => {
  const parameters = { status: 'paid', out_trade_no: started.orderId, signature: 'abc' };

  it('goes to /payment-success?order=… at once, replacing the address, then hands every parameter to the API', () =>
    expectSaga(successReturnSaga)
      .provide([
        [matchers.call.fn(readReturnParameters), parameters],
        [matchers.call.fn(navigate), undefined],
        [matchers.call.fn(postReturn), paid],
      ])
      .call(navigate, `/payment-success?order=${started.orderId}`, { replace: true })
      .call(postReturn, parameters)
      .put(gemsCredited({ order: paid, source: 'return' }))
      .run());

  it('reports a failed confirmation so the page can offer Try again', () =>
    expectSaga(successReturnSaga)
      .provide([
        [matchers.call.fn(readReturnParameters), parameters],
        [matchers.call.fn(navigate), undefined],
        [matchers.call.fn(postReturn), throwError(new ApiError('refused', 'We have no record of that order.', 404))],
      ])
      .put(orderLoadFailed({ orderId: started.orderId, message: 'We have no record of that order.', failure: 'refused' }))
      .run());

  it('does nothing on an ordinary visit', () =>
    expectSaga(successReturnSaga)
      .provide([[matchers.call.fn(readReturnParameters), null]])
      .not.call.fn(navigate)
      .not.call.fn(postReturn)
      .run());
});

describe('cancelReturnSaga', () => {
  it('back on the pack, says it was cancelled and has the API confirm it with the provider', () =>
    expectSaga(cancelReturnSaga)
      .provide([
        [matchers.call.fn(readCancelledReturn), { orderId: started.orderId, packId: 3 }],
        [matchers.call.fn(navigate), undefined],
        [matchers.call.fn(postReturn), { ...order, status: 'cancelled' }],
      ])
      .call(navigate, '/shop?item=3', { replace: true })
      .put(cancelReturned({ orderId: started.orderId, packId: 3 }))
      .call(postReturn, { out_trade_no: started.orderId, status: 'cancelled' })
      .put(paymentCancelled({ order: { ...order, status: 'cancelled' }, source: 'return' }))
      .run());
});

describe('the confirmation page', () => {
  it('a reload reads the order by its id and stops once it is settled', () =>
    expectSaga(confirmationSaga, confirmationOpened({ orderId: started.orderId }))
      .withReducer(reducer, signedInState())
      .provide([
        [matchers.call.fn(reconcileMyPending), { checked: 0, credited: 0, orders: [] }],
        [matchers.call.fn(readOrder), paid],
      ])
      .call(readOrder, started.orderId)
      .put(orderLoaded({ order: paid, source: 'read' }))
      .not.call.fn(firestoreDocumentChannel)
      .run());

  it('an error stops the spinner with the reason, for Try again', () =>
    expectSaga(confirmationSaga, confirmationOpened({ orderId: started.orderId }))
      .withReducer(reducer, reducer(signedInState(), confirmationOpened({ orderId: started.orderId })))
      .provide([
        [matchers.call.fn(reconcileMyPending), { checked: 0, credited: 0, orders: [] }],
        [matchers.call.fn(readOrder), throwError(new ApiError('server', apiMessages.server, 503))],
      ])
      .put(orderLoadFailed({ orderId: started.orderId, message: apiMessages.server, failure: 'server' }))
      .run()
      .then(({ storeState }) => expect(storeState.paymentConfirmation.status).toBe('failed')));
});

describe('reconcilePendingSaga', () => {
  it('re-checks the player’s pending orders, reports each, and says when it finished', () =>
    expectSaga(reconcilePendingSaga)
      .withReducer(reducer, signedInState())
      .provide([[matchers.call.fn(reconcileMyPending), { checked: 1, credited: 1, orders: [paid] }]])
      .put(reconcileStarted())
      .put(gemsCredited({ order: paid, source: 'reconcile' }))
      .put(reconcileFinished({ checked: 1, credited: 1 }))
      .run());

  it('a failure is logged (docs/storefront.md, Errors) and dispatched as reconcileFailed', () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    return expectSaga(reconcilePendingSaga)
      .withReducer(reducer, signedInState())
      .provide([[matchers.call.fn(reconcileMyPending), throwError(new ApiError('unreachable', apiMessages.unreachable))]])
      .put(reconcileFailed({ message: apiMessages.unreachable, failure: 'unreachable' }))
      .run()
      .then(() => expect(log).toHaveBeenCalled());
  });

  it('asks nothing for an anonymous visitor', () =>
    expectSaga(reconcilePendingSaga).withReducer(reducer, reducer(undefined, { type: '@@init' })).not.call.fn(reconcileMyPending).run());
});

describe('loadCountriesSaga', () => {
  const countries = [{ name: 'Australia', alpha2Code: 'AU' }];

  it('loads the list from the configured service', () =>
    expectSaga(loadCountriesSaga, countriesRequested({ url: '/api/countries' }))
      .provide([[matchers.call.fn(fetchCountries), countries]])
      .call(fetchCountries, '/api/countries')
      .put(countriesLoaded(countries))
      .run());

  it('reports a failure so the form can offer a retry', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    return expectSaga(loadCountriesSaga, countriesRequested({ url: '/api/countries' }))
      .provide([[matchers.call.fn(fetchCountries), throwError(new Error('timeout of 10000ms exceeded'))]])
      .put(countriesFailed())
      .not.put.actionType(countriesLoaded.type)
      .run();
  });
});

/** The stored record an order view was made from, as a Firestore reading gives it. */
function rawOf(view: typeof order): Record<string, unknown> {
  return {
    product_name: view.productName,
    packId: view.packId,
    gemCount: view.gemCount,
    amount: view.amount,
    currency: view.currency,
    status: view.status,
    checked: view.credited ? 1 : 0,
    createdAt: view.createdAt,
    updatedAt: view.updatedAt,
  };
}
