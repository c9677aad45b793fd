import { channel } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { authSlice, signedIn, signedOut, userChanged, type PublicUser } from '../auth';
import { balanceSaga, watchGemBalance } from './balanceSagas';
import { firestoreDocumentChannel, type DocumentEvent } from '../../lib/firestoreDocumentChannel';
import { gemCountOf } from './balanceService';
import { balanceCleared, balanceSlice, balanceUnavailable, balanceUpdated } from './balanceSlice';
import { samplePlayer } from '../../../../test/fixtures/samples';

const player = samplePlayer;
const other: PublicUser = { ...player, uid: 'u-2' };
const reducer = (state: { auth: ReturnType<typeof authSlice.reducer>; balance: ReturnType<typeof balanceSlice.reducer> } | undefined, action: { type: string }) => ({
  auth: authSlice.reducer(state?.auth, action),
  balance: balanceSlice.reducer(state?.balance, action),
});
const initial = (user: PublicUser | null) => ({
  auth: { ...authSlice.getInitialState(), user },
  balance: balanceSlice.getInitialState(),
});
const eventsWith = (...events: DocumentEvent[]) => {
  const balanceEvents = channel<DocumentEvent>();
  events.forEach((event) => balanceEvents.put(event));
  return balanceEvents;
};

describe('watchGemBalance', () => {
  it('puts every reading of the balance', () =>
    expectSaga(watchGemBalance, 'u-1')
      .provide([[matchers.call.fn(firestoreDocumentChannel), eventsWith({ data: undefined }, { data: { gemCount: 1500 } })]])
      .call(firestoreDocumentChannel, 'users/u-1')
      .put(balanceUpdated(0))
      .put(balanceUpdated(1500))
      .silentRun(50));

  it('marks the balance unavailable when the listener fails', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    return expectSaga(watchGemBalance, 'u-1')
      .provide([[matchers.call.fn(firestoreDocumentChannel), eventsWith({ error: 'permission-denied' })]])
      .put(balanceUnavailable())
      .silentRun(50);
  });
});

describe('balanceSaga', () => {
  it('listens to the signed-in player and stops at sign-out', () =>
    expectSaga(balanceSaga)
      .withReducer(reducer, initial(player))
      .provide([[matchers.call.fn(firestoreDocumentChannel), eventsWith({ data: { gemCount: 42 } })]])
      .fork(watchGemBalance, 'u-1')
      .put(balanceUpdated(42))
      .dispatch(signedOut())
      .put(balanceCleared())
      .hasFinalState({ auth: { ...authSlice.getInitialState(), user: null, signedOutNotice: true }, balance: balanceSlice.getInitialState() })
      .silentRun(50));

  it('does not restart the listener when the same player is confirmed again', async () => {
    const result = await expectSaga(balanceSaga)
      .withReducer(reducer, initial(player))
      .provide([[matchers.call.fn(firestoreDocumentChannel), eventsWith()]])
      .dispatch(userChanged({ ...player }))
      .dispatch(userChanged(other))
      .silentRun(50);
    const watched = result.effects.fork?.map((effect) => effect.payload.args[0]);
    expect(watched).toEqual(['u-1', 'u-2']);
  });

  it('starts listening when an anonymous visitor signs in', () =>
    expectSaga(balanceSaga)
      .withReducer(reducer, initial(null))
      .provide([[matchers.call.fn(firestoreDocumentChannel), eventsWith({ data: { gemCount: 7 } })]])
      .dispatch(signedIn(player))
      .fork(watchGemBalance, 'u-1')
      .put(balanceUpdated(7))
      .silentRun(50));
});

describe('gemCountOf', () => {
  it('is 0 for a player with no document or no gems yet', () => {
    expect(gemCountOf(undefined)).toBe(0);
    expect(gemCountOf({})).toBe(0);
    expect(gemCountOf({ gemCount: 'lots' })).toBe(0);
    expect(gemCountOf({ gemCount: 3500 })).toBe(3500);
  });
});
