import type { Action } from '@reduxjs/toolkit';
import { runSaga, stdChannel, type EffectMiddleware } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import type { ProtectionsView } from '../../../shared/protections/playerProtections';
import { ApiError } from '../../lib/apiClient';
import { changeSpendingLimit, readSpendingLimit } from '../../lib/protectionsApi';
import { changeLimitSaga, protectionsSaga, loadLimitsSaga } from './protectionsSagas';
import { limitChanged, limitChangeFailed, limitChangeRequested, limitsFailed, limitsLoaded, limitsRequested } from './protectionsSlice';

const view: ProtectionsView = {
  monthlyLimitCents: 2000,
  pending: null,
  monthStartedAt: 1,
  spentThisMonthCents: 1599,
  leftThisMonthCents: 401,
  birthDateGiven: true,
  ageBand: 'adult',
  purchaseBlock: null,
  guardianConsent: null,
  limitSetBy: 'player',
};

describe('the spending limit sagas', () => {
  it('read the limit and the month’s spending from the server', () =>
    expectSaga(loadLimitsSaga).provide([[matchers.call.fn(readSpendingLimit), view]]).put(limitsLoaded(view)).run());

  it('send one read for the components that ask together, and read again when asked after it answered', async () => {
    const answers: Array<(answer: ProtectionsView) => void> = [];
    const dispatched: Action[] = [];
    const channel = stdChannel();
    const holdEachRead: EffectMiddleware = (next) => (effect) =>
      next(effect?.type === 'CALL' && effect.payload.fn === readSpendingLimit ? new Promise((resolve) => answers.push(resolve)) : effect);
    const task = runSaga({ channel, dispatch: (action: Action) => dispatched.push(action), effectMiddlewares: [holdEachRead] }, protectionsSaga);

    channel.put(limitsRequested());
    channel.put(limitsRequested());
    expect(answers).toHaveLength(1);

    answers[0]!(view);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(dispatched).toEqual([limitsLoaded(view)]);

    channel.put(limitsRequested());
    expect(answers).toHaveLength(2);
    task.cancel();
  });

  it('say why the limit could not be read', () =>
    expectSaga(loadLimitsSaga)
      .provide([[matchers.call.fn(readSpendingLimit), throwError(new ApiError('unreachable', 'We could not reach the store.'))]])
      .put(limitsFailed('We could not reach the store.'))
      .run());

  it('send the new limit as typed, and show what the server made of it', () =>
    expectSaga(changeLimitSaga, limitChangeRequested({ monthlyLimit: '20' }))
      .provide([[matchers.call.fn(changeSpendingLimit), view]])
      .call(changeSpendingLimit, { monthlyLimit: '20' })
      .put(limitChanged(view))
      .run());

  it('keep the form with the server’s reason when it refuses', () =>
    expectSaga(changeLimitSaga, limitChangeRequested({ monthlyLimit: '20' }))
      .provide([[matchers.call.fn(changeSpendingLimit), throwError(new ApiError('refused', 'monthlyLimit: Enter an amount in dollars.', 400))]])
      .put(limitChangeFailed('monthlyLimit: Enter an amount in dollars.'))
      .run());
});
