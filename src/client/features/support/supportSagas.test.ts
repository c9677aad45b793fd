import { waitFor } from '@testing-library/react';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { sampleHealth, sampleOrder } from '../../../../test/fixtures/samples';
import { heldOpen, runFeatureSaga } from '../../../../test/support/sagaClicks';
import type { SupportOrderDetail } from '../../../shared/support/supportViews';
import { ApiError, apiMessages } from '../../lib/apiClient';
import { approveRefund, askProvider, readHealth, readOrderDetail, readRefundQueue } from './supportApi';
import { accessSaga, actionSaga, consoleSaga, supportSaga } from './supportSagas';
import {
  accessDenied,
  accessGranted,
  actionFailed,
  actionFinished,
  actionRequested,
  healthFailed,
  healthLoaded,
  orderLoaded,
  queueLoaded,
  refundsChanged,
  supportSlice,
} from './supportSlice';

const health = sampleHealth();
const forbidden = new ApiError('refused', 'This is for support staff only.', 403);
const reducer = (state: { support: ReturnType<typeof supportSlice.reducer> } | undefined, action: { type: string }) => ({
  support: supportSlice.reducer(state?.support, action),
});

describe('who sees the support console', () => {
  it('staff are let in on the API’s word, and the refund queue loads', () =>
    expectSaga(consoleSaga)
      .withReducer(reducer)
      .provide([
        [matchers.call.fn(readHealth), health],
        [matchers.call.fn(readRefundQueue), []],
      ])
      .call(readHealth, false)
      .put(accessGranted(health))
      .put(queueLoaded([]))
      .run());

  it('a refused first try asks again with a fresh token: a role granted since sign-in counts', () => {
    let calls = 0;
    return expectSaga(accessSaga)
      .withReducer(reducer)
      .provide({
        call(effect, next) {
          if (effect.fn !== readHealth) return next();
          calls += 1;
          if (effect.args[0] === false) throw forbidden;
          return health;
        },
      })
      .call(readHealth, false)
      .call(readHealth, true)
      .put(accessGranted(health))
      .returns(true)
      .run()
      .then(() => expect(calls).toBe(2));
  });

  it('a player, or nobody signed in, is turned away (not-found)', async () => {
    await expectSaga(accessSaga)
      .withReducer(reducer)
      .provide([[matchers.call.fn(readHealth), throwError(forbidden)]])
      .put(accessDenied())
      .returns(false)
      .run();
    await expectSaga(accessSaga)
      .withReducer(reducer)
      .provide([[matchers.call.fn(readHealth), throwError(new ApiError('signIn', apiMessages.signIn))]])
      .put(accessDenied())
      .run();
  });

  it('a store that cannot be reached is said so, not taken for a refusal', () =>
    expectSaga(accessSaga)
      .withReducer(reducer)
      .provide([[matchers.call.fn(readHealth), throwError(new ApiError('unreachable', apiMessages.unreachable))]])
      .put(healthFailed(apiMessages.unreachable))
      .not.put(accessDenied())
      .returns(false)
      .run());
});

describe('actions on an order', () => {
  // A Pouch paid under a bonus: what a refund takes back is what landed, the bonus included.
  const detail = { order: sampleOrder({ status: 'refunded', credited: true, bonusGems: 700, offerTitle: 'Dragon Week' }) } as SupportOrderDetail;
  const { orderId } = detail.order;

  it('an approval shows the order after it, then has the queue and the figures read again', () =>
    expectSaga(supportSaga)
      .provide([
        [matchers.call.fn(approveRefund), detail],
        [matchers.call.fn(readRefundQueue), []],
        [matchers.call.fn(readHealth), health],
      ])
      .dispatch(actionRequested({ orderId, kind: 'approve' }))
      .call(approveRefund, orderId)
      .put(
        actionFinished({
          detail,
          message: "Refund approved: the provider returns A$45.99 to the player's card, 4,200 gems were taken back, and the player is emailed.",
        }),
      )
      .put(refundsChanged())
      .put(queueLoaded([]))
      .put(healthLoaded(health))
      .silentRun(50));

  it('the next action, clicked while the queue is still being read again, is taken, not dropped', async () => {
    const queueRead = heldOpen<[]>();
    const desk = runFeatureSaga(
      supportSaga,
      new Map<(...args: never[]) => unknown, (...args: unknown[]) => unknown>([
        [approveRefund, () => detail],
        [readRefundQueue, () => queueRead.promise],
        [readHealth, () => health],
        [askProvider, () => ({ providerStatus: 'refunded', detail })],
      ]),
    );
    desk.click(actionRequested({ orderId, kind: 'approve' }));
    await waitFor(() => expect(desk.called(readRefundQueue)).toHaveLength(1));
    desk.click(actionRequested({ orderId, kind: 'check' }));
    await waitFor(() => expect(desk.put).toContainEqual(actionFinished({ detail, message: 'The provider says "refunded".' })));
    expect(desk.called(askProvider)).toEqual([[orderId]]);
    queueRead.settle([]);
    await waitFor(() => expect(desk.put).toContainEqual(queueLoaded([])));
    desk.stop();
  });

  it('a failed action says why and shows the order as it now is', () => {
    const failure = new ApiError('server', 'The provider could not refund this payment (unavailable: HTTP 503). Nothing was changed.', 502);
    return expectSaga(actionSaga, actionRequested({ orderId, kind: 'approve' }))
      .provide([
        [matchers.call.fn(approveRefund), throwError(failure)],
        [matchers.call.fn(readOrderDetail), detail],
        [matchers.call.fn(readRefundQueue), []],
        [matchers.call.fn(readHealth), health],
      ])
      .put(actionFailed(failure.message))
      .call(readOrderDetail, orderId)
      .put(orderLoaded(detail))
      .run();
  });
});
