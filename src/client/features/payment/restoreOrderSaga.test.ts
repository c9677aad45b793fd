import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError, type StaticProvider } from 'redux-saga-test-plan/providers';
import { sampleOrder } from '../../../../test/fixtures/samples';
import { ApiError } from '../../lib/apiClient';
import { readOrder } from '../../lib/ordersApi';
import { paymentTestReducer, signedInTestState } from './paymentTestState';
import { paymentLeft } from './paymentActions';
import { followOrderSaga } from './followOrder';
import { opening, orderCreated, startedOver, tabOpened } from './paymentSlice';
import { rememberActiveOrder } from './rememberedOrder';
import { rememberActiveOrderSaga, restoreOrderSaga } from './restoreOrderSaga';

const reducer = paymentTestReducer;
const signedInState = signedInTestState;
const remembered = { packId: 3, orderId: 'WCRESTORE00000001', checkoutUrl: 'http://127.0.0.1:3100/checkout/restore' };
const stored = sampleOrder({ orderId: remembered.orderId, packId: 3 });

describe('restoreOrderSaga: a reloaded tab shows its order as the server has it now', () => {
  it('still unpaid: a closed checkout again (Reopen or Start over), followed live', () =>
    expectSaga(restoreOrderSaga, remembered)
      .withReducer(reducer, signedInState())
      .provide([
        [matchers.call.fn(readOrder), stored],
        [matchers.spawn.fn(followOrderSaga), undefined],
      ])
      .spawn(followOrderSaga, remembered.orderId, remembered.orderId, remembered.checkoutUrl, null)
      .run()
      .then(({ storeState }) => {
        expect(storeState.payment.activePaymentId).toBe(remembered.orderId);
        expect(storeState.payment.entries[remembered.orderId]).toMatchObject({ phase: 'tabClosed', orderId: remembered.orderId, packId: 3 });
      }));

  it.each([
    [{ status: 'paid' as const, credited: true }, 'credited'],
    [{ status: 'failed' as const }, 'declined'],
    [{ status: 'cancelled' as const }, 'cancelled'],
  ])('finished elsewhere meanwhile (%o): that end state, not a stale one, and nothing followed', (change, phase) =>
    expectSaga(restoreOrderSaga, remembered)
      .withReducer(reducer, signedInState())
      .provide([[matchers.call.fn(readOrder), { ...stored, ...change }]])
      .not.spawn.fn(followOrderSaga)
      .run()
      .then(({ storeState }) => expect(storeState.payment.entries[remembered.orderId]?.phase).toBe(phase)));

  it('refunded, or no longer this player’s: the form, as for a new visit', async () => {
    for (const reading of [
      [matchers.call.fn(readOrder), { ...stored, status: 'refunded' as const, credited: true }] as StaticProvider,
      [matchers.call.fn(readOrder), throwError(new ApiError('refused', 'That order was not found.', 404))] as StaticProvider,
    ]) {
      const { storeState } = await expectSaga(restoreOrderSaga, remembered).withReducer(reducer, signedInState()).provide([reading]).run();
      expect(storeState.payment.entries).toEqual({});
      expect(storeState.payment.activePaymentId).toBeNull();
    }
  });
});

describe('rememberActiveOrderSaga: the order the screen shows is kept for a reload', () => {
  it('remembers the active order once created, and forgets it when the player starts over or leaves the checkout', async () => {
    const paymentId = 'a1';
    const written: unknown[] = [];
    await expectSaga(rememberActiveOrderSaga, null)
      .withReducer(reducer, signedInState())
      .provide({
        call(effect, next) {
          if (effect.fn === rememberActiveOrder) return void written.push(effect.args[0]);
          return next();
        },
      })
      .dispatch(opening({ paymentId, packId: 3 }))
      .dispatch(orderCreated({ paymentId, orderId: remembered.orderId, checkoutUrl: remembered.checkoutUrl, tabBlocked: false, gives: { gemCount: 1000, bonusGems: 0, offerTitle: null } }))
      .dispatch(tabOpened({ paymentId }))
      .dispatch(startedOver())
      .dispatch(paymentLeft())
      .silentRun(50);
    // Written when it changes only: the order once, then nothing (leaving changes nothing more).
    expect(written).toEqual([remembered, null]);
  });
});
