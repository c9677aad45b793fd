import { waitFor } from '@testing-library/react';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { sampleOrder } from '../../../../test/fixtures/samples';
import { heldOpen, runFeatureSaga } from '../../../../test/support/sagaClicks';
import type { DisputeDetail, DisputeQueueEntry } from '../../../shared/support/supportViews';
import { ApiError } from '../../lib/apiClient';
import { moveDispute, readDisputes } from './supportDisputesApi';
import { supportDisputesSaga } from './supportDisputesSagas';
import { disputeMoved, disputeMoveRequested, disputeQueueChanged, disputesFailed, disputesLoaded } from './supportDisputesSlice';
import { disputesTexts } from './supportDisputesTexts';

// Only what the sagas pass along: the screen's own tests and the system test read the rest.
const order = sampleOrder({ status: 'paid', credited: true });
const { orderId } = order;
const detail = { order, dispute: { orderId, status: 'evidence_submitted' } } as unknown as DisputeDetail;
const accepted = { order, dispute: { orderId, status: 'accepted' } } as unknown as DisputeDetail;
const queue = [{ orderId }] as unknown as DisputeQueueEntry[];

describe('moving a dispute', () => {
  it('shows the dispute as the server answers it, says what was done, then has the queue read again', () =>
    expectSaga(supportDisputesSaga)
      .provide([
        [matchers.call.fn(moveDispute), detail],
        [matchers.call.fn(readDisputes), queue],
      ])
      .dispatch(disputeMoveRequested({ orderId, move: 'evidenceSent' }))
      .call(moveDispute, orderId, 'evidenceSent')
      .put(disputeMoved({ detail, done: disputesTexts.moved.evidenceSent(orderId) }))
      .put(disputeQueueChanged())
      .put(disputesLoaded(queue))
      .silentRun(50));

  it('a refused move says why and reads nothing again', () => {
    const refused = new ApiError('refused', 'This dispute is already closed.', 409);
    return expectSaga(supportDisputesSaga)
      .provide([[matchers.call.fn(moveDispute), throwError(refused)]])
      .dispatch(disputeMoveRequested({ orderId, move: 'accept' }))
      .put(disputesFailed(refused.message))
      .not.put(disputeQueueChanged())
      .not.call.fn(readDisputes)
      .silentRun(50);
  });

  // What CI once caught in the browser: Accept, clicked as soon as "recorded as sent" showed, was dropped because the
  // move's saga still held takeLeading's slot while it read the queue.
  it('Accept, clicked while the queue is still being read after Evidence sent, is taken, not dropped', async () => {
    const queueRead = heldOpen<DisputeQueueEntry[]>();
    const desk = runFeatureSaga(
      supportDisputesSaga,
      new Map<(...args: never[]) => unknown, (...args: unknown[]) => unknown>([
        [moveDispute, (_orderId, move) => (move === 'accept' ? accepted : detail)],
        [readDisputes, () => queueRead.promise],
      ]),
    );
    desk.click(disputeMoveRequested({ orderId, move: 'evidenceSent' }));
    await waitFor(() => expect(desk.called(readDisputes)).toHaveLength(1));
    desk.click(disputeMoveRequested({ orderId, move: 'accept' }));
    await waitFor(() => expect(desk.put).toContainEqual(disputeMoved({ detail: accepted, done: disputesTexts.moved.accept(orderId) })));
    expect(desk.called(moveDispute)).toEqual([
      [orderId, 'evidenceSent'],
      [orderId, 'accept'],
    ]);
    queueRead.settle(queue);
    await waitFor(() => expect(desk.put).toContainEqual(disputesLoaded(queue)));
    desk.stop();
  });
});
