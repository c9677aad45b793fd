import type { Action } from '@reduxjs/toolkit';
import { runSaga, stdChannel, type EffectMiddleware } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import type { ProtectionsView } from '../../../shared/protections/playerProtections';
import { ApiError } from '../../lib/apiClient';
import { changeSpendingLimit, readSpendingLimit } from '../../lib/protectionsApi';
import { channel } from 'redux-saga';
import { playerProtectionsPath } from '../../../shared/firestorePaths';
import { playerOrdersChanged } from '../../app/ledgerActions';
import type { RootState } from '../../app/store';
import { firestoreDocumentChannel, type DocumentEvent } from '../../lib/firestoreDocumentChannel';
import { pause } from '../../lib/pause';
import { signedInState } from '../../testing/renderApp';
import { balanceUpdated } from '../balance';
import { signedOut } from '../auth';
import {
  changeLimitSaga,
  consentWatchSaga,
  CONSENT_POLL_FOR_MS,
  CONSENT_POLL_MS,
  LEDGER_SETTLE_MS,
  awaitedGuardian,
  loadLimitsSaga,
  protectionsSaga,
  waitForConsentSaga,
} from './protectionsSagas';
import { gateAnswered, guardianAnswered, limitChanged, limitChangeFailed, limitChangeRequested, limitsFailed, limitsLoaded, limitsRequested, protectionsSlice } from './protectionsSlice';

const view: ProtectionsView = {
  monthlyLimitCents: 2000,
  pending: null,
  monthStartedAt: 1,
  spentThisMonthCents: 1599,
  heldThisMonthCents: 0,
  leftThisMonthCents: 401,
  birthDateGiven: true,
  ageBand: 'adult',
  purchaseBlock: null,
  disputedOrders: [],
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

describe('limit figures that move with the ledger', () => {
  const shown = (limits: ProtectionsView | null) => ({ ...signedInState, protections: { ...protectionsSlice.getInitialState(), view: limits } }) as RootState;

  it('read again once, after a burst of payments, refunds and orders made or ended', () =>
    expectSaga(protectionsSaga)
      .withState(shown(view))
      .provide([[matchers.call.fn(readSpendingLimit), { ...view, spentThisMonthCents: 2000, leftThisMonthCents: 0 }]])
      .dispatch(balanceUpdated(1200))
      .dispatch(playerOrdersChanged())
      .dispatch(balanceUpdated(0))
      .put(limitsLoaded({ ...view, spentThisMonthCents: 2000, leftThisMonthCents: 0 }))
      .silentRun(LEDGER_SETTLE_MS + 300)
      .then(({ effects }) => expect(effects.call?.filter((effect) => effect.payload.fn === readSpendingLimit)).toHaveLength(1)));

  it('read nothing while no limit figure is shown', () =>
    expectSaga(protectionsSaga)
      .withState(shown(null))
      .provide([[matchers.call.fn(readSpendingLimit), view]])
      .dispatch(balanceUpdated(1200))
      .not.call.fn(readSpendingLimit)
      .silentRun(LEDGER_SETTLE_MS + 300));
});

describe('a young player waiting for their guardian', () => {
  const waiting: ProtectionsView = { ...view, ageBand: 'underMinimum', purchaseBlock: 'guardianConsentNeeded' };
  const consented: ProtectionsView = { ...waiting, purchaseBlock: null, guardianConsent: { at: 5, guardianEmail: 'parent@example.com' }, limitSetBy: 'guardian' };
  const state = { ...signedInState, protections: { ...protectionsSlice.getInitialState(), view: waiting } } as RootState;
  /** The watch of a player waiting for consent, on a document channel the test feeds, the server answering `consented`. */
  const watchingForConsent = (live: ReturnType<typeof channel<DocumentEvent>>) =>
    expectSaga(consentWatchSaga)
      .withState(state)
      .provide([
        [matchers.call.fn(firestoreDocumentChannel), live],
        [matchers.call.fn(readSpendingLimit), consented],
      ])
      .dispatch(limitsLoaded(waiting));

  it('opens the checkout once the protections document records the consent, without a reload', async () => {
    const live = channel<DocumentEvent>();
    const run = watchingForConsent(live)
      .call(firestoreDocumentChannel, playerProtectionsPath(signedInState.auth!.user!.uid))
      .put(guardianAnswered())
      .put(limitsLoaded(consented))
      .silentRun(200);
    live.put({ data: { birthDate: '2016-01-01', guardianConsent: { at: 5, guardianEmail: 'parent@example.com' } } });
    await run;
  });

  it('after asking the guardian who consented for a new limit, shows it once they set it', async () => {
    const live = channel<DocumentEvent>();
    const changed: ProtectionsView = { ...consented, monthlyLimitCents: 5000, guardianConsent: { at: 9, guardianEmail: 'parent@example.com' } };
    const asked = { ...signedInState, protections: { ...protectionsSlice.getInitialState(), view: consented } } as RootState;
    let guardianSaved = false;
    const run = expectSaga(consentWatchSaga)
      .withReducer((state = asked, action) => ({ ...state, protections: protectionsSlice.reducer(state.protections, action) }) as RootState, asked)
      .provide([
        [matchers.call.fn(firestoreDocumentChannel), live],
        { call: (effect, next) => (effect.fn === readSpendingLimit ? (guardianSaved ? changed : consented) : next()) },
      ])
      .dispatch(gateAnswered({ view: consented, askedOf: 'parent@example.com' }))
      .put(limitsLoaded(changed))
      .silentRun(300);
    // The consent it had is no answer; the guardian's new one is.
    live.put({ data: { birthDate: '2016-01-01', guardianConsent: { at: 5, guardianEmail: 'parent@example.com' } } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    guardianSaved = true;
    live.put({ data: { birthDate: '2016-01-01', guardianConsent: { at: 9, guardianEmail: 'parent@example.com' } } });
    const { storeState } = await run;
    expect((storeState as RootState).protections?.gate.askedOf).toBeNull();
  });

  it('waits for nothing when the player asked nothing of a guardian', () => {
    expect(awaitedGuardian(view, protectionsSlice.getInitialState().gate)).toBeNull();
    expect(awaitedGuardian(waiting, protectionsSlice.getInitialState().gate)).toEqual({ after: null });
    expect(awaitedGuardian(consented, { ...protectionsSlice.getInitialState().gate, askedOf: 'parent@example.com' })).toEqual({ after: 5 });
  });

  it('stops watching when the player signs out: a consent landing after it reads nothing', async () => {
    const live = channel<DocumentEvent>();
    const run = watchingForConsent(live)
      .dispatch(signedOut())
      .not.call.fn(readSpendingLimit)
      .silentRun(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    live.put({ data: { birthDate: '2016-01-01', guardianConsent: { at: 5, guardianEmail: 'parent@example.com' } } });
    await run;
  });

  it('answers true only once the document has the consent', async () => {
    const live = channel<DocumentEvent>();
    const run = expectSaga(waitForConsentSaga, 'uid-1', null).provide([[matchers.call.fn(firestoreDocumentChannel), live]]).run(500);
    live.put({ data: { birthDate: '2016-01-01', guardianConsent: null } });
    live.put({ data: { birthDate: '2016-01-01', guardianConsent: { at: 5, guardianEmail: 'parent@example.com' } } });
    expect((await run).returnValue).toBe(true);
  });

  it('asks the server instead when live updates fail', async () => {
    const live = channel<DocumentEvent>();
    const reads = [waiting, consented];
    const run = expectSaga(waitForConsentSaga, 'uid-1', null)
      .provide([
        [matchers.call.fn(firestoreDocumentChannel), live],
        [matchers.call.fn(pause), undefined],
        { call: (effect, next) => (effect.fn === readSpendingLimit ? reads.shift() : next()) },
      ])
      .run(500);
    live.put({ error: 'permission-denied' });
    const result = await run;
    expect(result.returnValue).toBe(true);
    expect(reads).toEqual([]);
  });

  it('gives up on the server after a while, and the page stays as it is', async () => {
    const live = channel<DocumentEvent>();
    const run = expectSaga(waitForConsentSaga, 'uid-1', null)
      .provide([
        [matchers.call.fn(firestoreDocumentChannel), live],
        [matchers.call.fn(pause), undefined],
        [matchers.call.fn(readSpendingLimit), waiting],
      ])
      .run(500);
    live.put({ error: 'permission-denied' });
    const result = await run;
    expect(result.returnValue).toBe(false);
    expect(result.effects.call?.filter((effect) => effect.payload.fn === readSpendingLimit)).toHaveLength(CONSENT_POLL_FOR_MS / CONSENT_POLL_MS);
  });
});
