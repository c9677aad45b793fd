import { testSaga } from 'redux-saga-test-plan';
import { sampleOrder } from '../../../../test/fixtures/samples';
import { ApiError, apiMessages } from '../../lib/apiClient';
import { selectIsSignedIn } from '../auth';
import { reconcileMyPending } from './paymentsApi';
import { reconcileFailed, reconcileFinished, reconcileStarted } from './reconcileSlice';
import { reportOrder } from './followOrder';
import { reconcilePendingSaga } from './reconcilePendingSaga';

/** The pending-transaction reconciler's exact steps, in order (redux-saga-test-plan's testSaga), on its main paths. */
const upToTheApi = () => testSaga(reconcilePendingSaga).next().select(selectIsSignedIn).next(true).put(reconcileStarted()).next().call(reconcileMyPending);

describe('reconcilePendingSaga, step by step', () => {
  it('nothing pending: asked, and finished with nothing to report', () => {
    upToTheApi()
      .next({ checked: 0, credited: 0, orders: [] })
      .put(reconcileFinished({ checked: 0, credited: 0 }))
      .next()
      .isDone();
  });

  it('some credited: each order reported to the machine in turn, then the counts', () => {
    const credited = sampleOrder({ orderId: 'WCRECONCILE000001', status: 'paid', credited: true });
    const waiting = sampleOrder({ orderId: 'WCRECONCILE000002', status: 'pending', credited: false });
    upToTheApi()
      .next({ checked: 2, credited: 1, orders: [credited, waiting] })
      .call(reportOrder, credited, 'reconcile')
      .next()
      .call(reportOrder, waiting, 'reconcile')
      .next()
      .put(reconcileFinished({ checked: 2, credited: 1 }))
      .next()
      .isDone();
  });

  it('an API error: the failure in words, and the page goes on following its order', () => {
    const error = new ApiError('unreachable', apiMessages.unreachable);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    upToTheApi().throw(error).put(reconcileFailed({ message: error.message, failure: error.failure })).next().isDone();
  });

  it('signed out: nothing is asked', () => {
    testSaga(reconcilePendingSaga).next().select(selectIsSignedIn).next(false).isDone();
  });
});
