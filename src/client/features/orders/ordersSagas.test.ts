import { channel } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { sampleOrder, samplePlayer } from '../../../../test/fixtures/samples';
import { firestoreQueryChannel, type QueryEvent } from '../../lib/firestoreQueryChannel';
import { authSlice } from '../auth';
import { ordersPageQuery, ordersPageSaga, watchPageSaga } from './ordersSagas';
import { olderRequested, ordersOpened, transactionsSlice, ORDERS_PAGE_SIZE, pageUpdated, selectHasOlder } from './transactionsSlice';

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
    expect(ordersPageQuery({ uid: 'u-1' })).toEqual({
      collection: 'transactions',
      where: [['userId', 'u-1']],
      orderBy: ['createdAt', 'desc'],
      limit: 20,
    });
    expect(ordersPageQuery({ uid: 'u-1' }, 1234)).toMatchObject({ startAfter: 1234 });
  });

  it('asks, in a browser signed in with the game, only for the orders it made, until the game confirms it for the rest', () => {
    const restricted = { uid: 'u-1', storeSession: { sessionUid: 'ws_laptop', personalData: false } };
    expect(ordersPageQuery(restricted).where).toEqual([
      ['userId', 'u-1'],
      ['madeBy', 'ws_laptop'],
    ]);
    expect(ordersPageQuery({ ...restricted, storeSession: { sessionUid: 'ws_laptop', personalData: true } }).where).toEqual([['userId', 'u-1']]);
  });

  it('follows the first page live, and on Show older follows the page after its oldest order', async () => {
    const { storeState } = await expectSaga(ordersPageSaga)
      .withReducer(reducer, signedIn())
      .provide([[matchers.call.fn(firestoreQueryChannel), channelWith(fullPage(1000))]])
      .call(firestoreQueryChannel, ordersPageQuery({ uid: 'u-1' }))
      .put.actionType(pageUpdated.type)
      .dispatch(olderRequested())
      .call(firestoreQueryChannel, ordersPageQuery({ uid: 'u-1' }, 1000 - ORDERS_PAGE_SIZE + 1))
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
    return expectSaga(watchPageSaga, 0, ordersPageQuery({ uid: 'u-1' }))
      .provide([[matchers.call.fn(firestoreQueryChannel), channelWith({ error: 'permission-denied' })]])
      .put.actionType('transactions/ordersFailed')
      .run();
  });
});
