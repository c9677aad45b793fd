import { channel } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { samplePlayer, sampleOrder } from '../../../../test/fixtures/samples';
import { ApiError } from '../../lib/apiClient';
import { firestoreQueryChannel, type QueryEvent } from '../../lib/firestoreQueryChannel';
import { authSlice } from '../auth';
import { checkOrder, readOrder, readRefundStanding, requestRefund } from '../../lib/ordersApi';
import { checkAgainSaga, ordersPageQuery, ordersPageSaga, receiptSaga, refundRequestSaga, refundStandingSaga, watchPageSaga } from './ordersSagas';
import {
  checkFailed,
  checkFinished,
  checkRequested,
  olderRequested,
  ordersOpened,
  transactionsSlice,
  ORDERS_PAGE_SIZE,
  pageUpdated,
  receiptFailed,
  receiptLoaded,
  receiptOpened,
  refundRequestAccepted,
  refundRequested,
  refundRequestRefused,
  refundStandingFailed,
  refundStandingLoaded,
  refundStandingRequested,
  selectHasOlder,
} from './transactionsSlice';

const reducer = (state: { auth: ReturnType<typeof authSlice.reducer>; transactions: ReturnType<typeof transactionsSlice.reducer> } | undefined, action: { type: string }) => ({
  auth: authSlice.reducer(state?.auth, action),
  transactions: transactionsSlice.reducer(state?.transactions, action),
});
const signedIn = () => reducer(reducer(undefined, authSlice.actions.signedIn(samplePlayer)), ordersOpened());
const raw = (createdAt: number) => ({ product_name: 'Pouch of Gem', status: 'paid', checked: 1, createdAt, amount: '45.99', gemCount: 3500 });
/** A full page of orders, created at base, base-1, … */
const fullPage = (base: number): { docs: Array<{ id: string; data: Record<string, unknown> }> } => ({
  docs: Array.from({ length: ORDERS_PAGE_SIZE }, (_unused, i) => ({ id: `WC${String(base - i).padStart(12, '0')}`, data: raw(base - i) })),
});
const channelWith = (...events: QueryEvent[]) => {
  const queryEvents = channel<QueryEvent>();
  events.forEach((event) => queryEvents.put(event));
  return queryEvents;
};

describe('the orders pages', () => {
  it('asks for the player’s own orders, newest first, 20 a page, the next page after the last one shown', () => {
    expect(ordersPageQuery('u-1')).toEqual({
      collection: 'transactions',
      where: [['userId', 'u-1']],
      orderBy: ['createdAt', 'desc'],
      limit: 20,
    });
    expect(ordersPageQuery('u-1', 1234)).toMatchObject({ startAfter: 1234 });
  });

  it('follows the first page live, and on Show older follows the page after its oldest order', async () => {
    const { storeState } = await expectSaga(ordersPageSaga)
      .withReducer(reducer, signedIn())
      .provide([[matchers.call.fn(firestoreQueryChannel), channelWith(fullPage(1000))]])
      .call(firestoreQueryChannel, ordersPageQuery('u-1'))
      .put.actionType(pageUpdated.type)
      .dispatch(olderRequested())
      .call(firestoreQueryChannel, ordersPageQuery('u-1', 1000 - ORDERS_PAGE_SIZE + 1))
      .silentRun(50);
    expect(storeState.transactions.pages).toHaveLength(2);
  });

  it('offers older orders only after a full page', () => {
    const full = reducer(signedIn(), pageUpdated({ index: 0, orders: fullPage(100).docs.map(() => sampleOrder()) }));
    expect(selectHasOlder(full)).toBe(true);
    const short = reducer(signedIn(), pageUpdated({ index: 0, orders: [sampleOrder()] }));
    expect(selectHasOlder(short)).toBe(false);
  });

  it('says so when the orders cannot be read', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    return expectSaga(watchPageSaga, 0, ordersPageQuery('u-1'))
      .provide([[matchers.call.fn(firestoreQueryChannel), channelWith({ error: 'permission-denied' })]])
      .put.actionType('transactions/ordersFailed')
      .run();
  });
});

describe('Check again and the receipt', () => {
  const order = sampleOrder({ status: 'paid', credited: true });

  it('Check again asks the provider about that one order and notes when', () =>
    expectSaga(checkAgainSaga, checkRequested({ orderId: order.orderId }))
      .provide([
        [matchers.call.fn(checkOrder), order],
        [matchers.call.fn(Date.now), 1234],
      ])
      .call(checkOrder, order.orderId)
      .put(checkFinished({ order, at: 1234 }))
      .run());

  it('a failed check says why', () =>
    expectSaga(checkAgainSaga, checkRequested({ orderId: order.orderId }))
      .provide([[matchers.call.fn(checkOrder), throwError(new ApiError('server', 'Try later.', 503))]])
      .put(checkFailed({ orderId: order.orderId, message: 'Try later.' }))
      .run());

  it('another player’s order is not found', () =>
    expectSaga(receiptSaga, receiptOpened({ orderId: order.orderId }))
      .provide([[matchers.call.fn(readOrder), throwError(new ApiError('refused', 'We have no record of that order.', 404))]])
      .put(receiptFailed({ orderId: order.orderId, notFound: true, message: 'We have no record of that order.' }))
      .not.put.actionType(receiptLoaded.type)
      .run());
});

describe('refunds on the receipt', () => {
  const paid = sampleOrder({ status: 'paid', credited: true, paidAt: 1 });
  const { orderId } = paid;
  const open = { request: null, eligibility: { eligible: true as const } };
  const requested = {
    request: { orderId, status: 'requested' as const, reason: 'Wrong pack', createdAt: 2, decidedAt: null, declineReason: null },
    eligibility: { eligible: false as const, refusal: 'alreadyRequested' as const, message: 'A refund has already been requested for this order.' },
  };
  const withReceipt = () => transactionsSlice.reducer(undefined, receiptOpened({ orderId }));

  it('a paid order’s receipt then asks the server where it stands on refunds', () =>
    expectSaga(receiptSaga, receiptOpened({ orderId }))
      .provide([[matchers.call.fn(readOrder), paid]])
      .put(receiptLoaded(paid))
      .put(refundStandingRequested({ orderId }))
      .run());

  it('an unpaid order’s receipt does not', () =>
    expectSaga(receiptSaga, receiptOpened({ orderId }))
      .provide([[matchers.call.fn(readOrder), sampleOrder()]])
      .not.put.actionType(refundStandingRequested.type)
      .run());

  it('the standing is the server’s answer, or why it could not be read', async () => {
    await expectSaga(refundStandingSaga, refundStandingRequested({ orderId }))
      .provide([[matchers.call.fn(readRefundStanding), open]])
      .call(readRefundStanding, orderId)
      .put(refundStandingLoaded({ orderId, standing: open }))
      .run();
    await expectSaga(refundStandingSaga, refundStandingRequested({ orderId }))
      .provide([[matchers.call.fn(readRefundStanding), throwError(new ApiError('unreachable', 'We could not reach the store.'))]])
      .put(refundStandingFailed({ orderId, message: 'We could not reach the store.' }))
      .run();
  });

  it('a request sends the player’s reason; once accepted the receipt shows it requested', async () => {
    const { storeState } = await expectSaga(refundRequestSaga, refundRequested({ orderId, reason: 'Wrong pack' }))
      .withReducer(transactionsSlice.reducer, transactionsSlice.reducer(withReceipt(), receiptLoaded(paid)))
      .provide([[matchers.call.fn(requestRefund), requested]])
      .call(requestRefund, orderId, { reason: 'Wrong pack' })
      .put(refundRequestAccepted({ orderId, standing: requested }))
      .run();
    expect(storeState.receipt.refund).toMatchObject({ status: 'loaded', sent: true, standing: requested });
    expect(storeState.receipt.order?.refund).toEqual({ status: 'requested', requestedAt: 2, declineReason: null });
  });

  it('a refusal comes back with the server’s reason and changes nothing else', async () => {
    const message = 'Refunds are for unused gems only. This pack added 3,500 gems and your balance is 10.';
    const { storeState } = await expectSaga(refundRequestSaga, refundRequested({ orderId, reason: 'Please' }))
      .withReducer(transactionsSlice.reducer, transactionsSlice.reducer(withReceipt(), refundStandingLoaded({ orderId, standing: open })))
      .provide([[matchers.call.fn(requestRefund), throwError(new ApiError('refused', message, 409))]])
      .put(refundRequestRefused({ orderId, message }))
      .run();
    expect(storeState.receipt.refund).toMatchObject({ status: 'loaded', sent: false, error: message, standing: open });
  });
});
