import { channel } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { playerProtectionsPath } from '../../../shared/firestorePaths';
import { sampleProtections } from '../../../../test/fixtures/samples';
import type { ProtectionsView } from '../../../shared/protections/playerProtections';
import { ledgerMoved } from '../../wiring/ledgerActions';
import { firestoreDocumentChannel, type DocumentEvent } from '../../lib/firestoreDocumentChannel';
import { pause } from '../../lib/pause';
import { readSpendingLimit } from '../../lib/protectionsApi';
import { signedInState } from '../../testing/renderApp';
import { signedIn, signedOut } from '../auth';
import { balanceUpdated } from '../balance';
import { protectionsApi } from './protectionsApi';
import { protectionsAnswered, selectLimitView } from './limitsView';
import { awaitedGuardian, consentWatchSaga, CONSENT_POLL_FOR_MS, CONSENT_POLL_MS, ledgerFollowsBalanceSaga, waitForConsentSaga } from './protectionsSagas';
import { guardianAnswered, selectAskedOf } from './protectionsSlice';

const view = sampleProtections();

/** The server's answer of the limits, as RTK Query puts it (the watch starts on each). */
const limitsAnswered = (answer: ProtectionsView) => ({
  type: 'serverApi/executeQuery/fulfilled',
  payload: answer,
  meta: { requestId: 'r-1', requestStatus: 'fulfilled', fulfilledTimeStamp: 1, arg: { type: 'query', endpointName: 'limits', originalArgs: undefined, queryCacheKey: 'limits(undefined)' } },
});
const ledgerRead = protectionsApi.util.invalidateTags(['Ledger']);

describe('limit figures that move with the ledger', () => {
  it('a balance that moves is a ledger moved; its first word after sign-in, or the same figure again, is not', () =>
    expectSaga(ledgerFollowsBalanceSaga)
      .dispatch(balanceUpdated(1200))
      .dispatch(balanceUpdated(1200))
      .dispatch(balanceUpdated(0))
      .dispatch(signedIn(signedInState.auth!.user!))
      .dispatch(balanceUpdated(500))
      .put(ledgerMoved())
      .silentRun(100)
      // The run's effects leave out those asserted: no put besides the one.
      .then(({ effects }) => expect(effects.put ?? []).toHaveLength(0)));

  it('the ledger moved is the tag the limits’ view provides invalidated: the view on show is read again', () => {
    expect(ledgerMoved()).toEqual(ledgerRead);
  });

  it('the watch starts on the server’s answer of the limits (the helper these tests use is one)', () => {
    expect(protectionsAnswered(limitsAnswered(view))).toBe(true);
  });
});

describe('a young player waiting for their guardian', () => {
  const waiting: ProtectionsView = { ...view, ageBand: 'underMinimum', purchaseBlock: 'guardianConsentNeeded' };
  const consented: ProtectionsView = { ...waiting, purchaseBlock: null, guardianConsent: { at: 5, guardianEmail: 'parent@example.com' }, limitSetBy: 'guardian' };
  /** The watch of a player waiting for consent, on a document channel the test feeds, the server answering `consented`. */
  const watchingForConsent = (live: ReturnType<typeof channel<DocumentEvent>>) =>
    expectSaga(consentWatchSaga)
      .withState(signedInState)
      .provide([
        [matchers.select(selectLimitView), waiting],
        [matchers.select(selectAskedOf), null],
        [matchers.call.fn(firestoreDocumentChannel), live],
        [matchers.call.fn(readSpendingLimit), consented],
      ])
      .dispatch(limitsAnswered(waiting));

  it('opens the checkout once the protections document records the consent, without a reload', async () => {
    const live = channel<DocumentEvent>();
    const run = watchingForConsent(live)
      .call(firestoreDocumentChannel, playerProtectionsPath(signedInState.auth!.user!.uid))
      .put(guardianAnswered())
      .put(ledgerRead)
      .silentRun(200);
    live.put({ data: { birthDate: '2016-01-01', guardianConsent: { at: 5, guardianEmail: 'parent@example.com' } } });
    await run;
  });

  it('after asking the guardian who consented for a new limit, shows it once they set it', async () => {
    const live = channel<DocumentEvent>();
    const run = expectSaga(consentWatchSaga)
      .withState(signedInState)
      .provide([
        [matchers.select(selectLimitView), consented],
        [matchers.select(selectAskedOf), 'parent@example.com'],
        [matchers.call.fn(firestoreDocumentChannel), live],
      ])
      .dispatch(limitsAnswered(consented))
      .put(guardianAnswered())
      .put(ledgerRead)
      .silentRun(300);
    // The consent it had is no answer; the guardian's new one is.
    live.put({ data: { birthDate: '2016-01-01', guardianConsent: { at: 5, guardianEmail: 'parent@example.com' } } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    live.put({ data: { birthDate: '2016-01-01', guardianConsent: { at: 9, guardianEmail: 'parent@example.com' } } });
    const { effects } = await run;
    // The run's effects leave out those asserted: the guardian answered once, not for the consent the player had.
    expect(effects.put ?? []).toHaveLength(0);
  });

  it('waits for nothing when the player asked nothing of a guardian', () => {
    expect(awaitedGuardian(view, null)).toBeNull();
    expect(awaitedGuardian(waiting, null)).toEqual({ after: null });
    expect(awaitedGuardian(consented, 'parent@example.com')).toEqual({ after: 5 });
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

  it('a consent no newer than the one the player had is no answer; a newer one is', async () => {
    const unanswered = channel<DocumentEvent>();
    const waiting = expectSaga(waitForConsentSaga, 'uid-1', 5).provide([[matchers.call.fn(firestoreDocumentChannel), unanswered]]).silentRun(100);
    unanswered.put({ data: { birthDate: '2016-01-01', guardianConsent: { at: 5, guardianEmail: 'parent@example.com' } } });
    // Still waiting when the run stops it.
    expect((await waiting).returnValue).not.toBe(true);
    const answered = channel<DocumentEvent>();
    const run = expectSaga(waitForConsentSaga, 'uid-1', 5).provide([[matchers.call.fn(firestoreDocumentChannel), answered]]).run(500);
    answered.put({ data: { birthDate: '2016-01-01', guardianConsent: { at: 9, guardianEmail: 'parent@example.com' } } });
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
