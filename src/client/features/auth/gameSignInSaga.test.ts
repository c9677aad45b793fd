import { channel } from 'redux-saga';
import { call, take } from 'redux-saga/effects';
import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError, type StaticProvider } from 'redux-saga-test-plan/providers';
import { samplePlayer } from '../../../../test/fixtures/samples';
import type { RedeemLinkResponse, StartLinkResponse } from '../../../shared/api';
import { linkSignalPath } from '../../../shared/firestorePaths';
import { playerTagOf } from '../../../shared/playerTag';
import { ApiError } from '../../lib/apiClient';
import { firestoreDocumentChannel, type DocumentEvent } from '../../lib/firestoreDocumentChannel';
import { navigate } from '../../lib/navigation';
import { pause } from '../../lib/pause';
import { authSlice, signedIn } from './authSlice';
import { codeExpiry, CONFIRMATION_POLL_MS, confirmedForPersonalData, gameSignInSaga, redeemWhenConfirmed } from './gameSignInSaga';
import {
  gameAccountAsked,
  gameAccountKept,
  gameAccountReplaced,
  gameCodeExpired,
  gameCodeShown,
  gameSignInConfirmed,
  gameSignInLeft,
  gameSignInStarted,
} from './gameSignInSlice';
import { hashVerifier, newVerifier, redeemGameSignIn, signInWithToken, startGameSignIn } from './gameSignInService';
import { personalDataConfirmed } from './gameSignInSlice';
import { writeStoredUser } from './storedUser';

const started: StartLinkResponse = { sessionId: 's'.repeat(43), code: 'K7Q2-M4XD', expiresInMs: 120_000, gameLink: 'wyrmcrown://store-link?code=K7Q2-M4XD' };
const guest = { uid: 'guest-uid', displayName: null, email: null };
const redeemed: RedeemLinkResponse = { customToken: 'custom-token', account: guest };
const guestUser = { ...guest, emailVerified: false };
const NOW = 1_800_000_000_000;

/** Every sign-in with the game's first steps: a verifier kept here, its hash sent, the code shown until it expires. */
const upToTheCode = (action: ReturnType<typeof gameSignInStarted>, purpose: 'signIn' | 'personalData') =>
  testSaga(gameSignInSaga, action)
    .next()
    .call(newVerifier)
    .next('v'.repeat(43))
    .call(hashVerifier, 'v'.repeat(43))
    .next('h'.repeat(43))
    .call(startGameSignIn, 'h'.repeat(43), purpose)
    .next(started)
    .call(Date.now)
    .next(NOW)
    .put(gameCodeShown({ code: 'K7Q2-M4XD', gameLink: started.gameLink, expiresAt: NOW + 120_000 }));

/** A code started, and confirmed by the game for the guest. */
const confirmedByTheGame: StaticProvider[] = [
  [matchers.call.fn(hashVerifier), 'h'.repeat(43)],
  [matchers.call.fn(startGameSignIn), started],
  [matchers.call.fn(redeemWhenConfirmed), redeemed],
];

describe('gameSignInSaga, step by step', () => {
  it('a visitor: the verifier kept here, its hash sent, the code shown; confirmed, redeemed, signed in as the game account and on to the pack', () => {
    const action = gameSignInStarted({ item: '3' });
    upToTheCode(action, 'signIn')
      .next()
      .race({ redeemed: call(redeemWhenConfirmed, started.sessionId, 'v'.repeat(43), 'signIn'), expired: call(codeExpiry, 120_000), left: take(gameSignInLeft.type) })
      .next({ redeemed })
      .put(gameSignInConfirmed())
      .next()
      .select(authSlice.selectors.selectUser)
      .next(null)
      // Signed out: "Is this you?", by the tag of the confirmed account's uid, before anything is signed in.
      .put(gameAccountAsked({ current: null, next: `Guest · #${playerTagOf('guest-uid')}` }))
      .next()
      .take([gameAccountReplaced.type, gameAccountKept.type, gameSignInLeft.type])
      .next(gameAccountReplaced())
      .call(signInWithToken, 'custom-token')
      .next(guestUser)
      .call(writeStoredUser, guestUser)
      .next()
      .put(signedIn(guestUser))
      .next()
      .put(gameSignInLeft())
      .next()
      .call(navigate, '/shop?item=3')
      .next()
      .isDone();
  });

  it('a store session confirmed for personal data: the same account, signed in again in place with its new token, asked nothing and sent nowhere', () => {
    const action = gameSignInStarted({ item: null, purpose: 'personalData' });
    const confirmedUser = { ...guestUser, storeSession: { sessionUid: 'ws_laptop', personalData: true } };
    upToTheCode(action, 'personalData')
      .next()
      .race({ redeemed: call(redeemWhenConfirmed, started.sessionId, 'v'.repeat(43), 'personalData'), expired: call(codeExpiry, 120_000), left: take(gameSignInLeft.type) })
      .next({ redeemed })
      .call(confirmedForPersonalData, redeemed)
      .next()
      .isDone();
    testSaga(confirmedForPersonalData, redeemed)
      .next()
      .call(signInWithToken, 'custom-token')
      .next(confirmedUser)
      .call(writeStoredUser, confirmedUser)
      .next()
      .put(signedIn(confirmedUser))
      .next()
      .put(personalDataConfirmed())
      .next()
      .isDone();
  });

  it('the code runs out: it says so, and nothing is redeemed or signed in', () =>
    expectSaga(gameSignInSaga, gameSignInStarted({ item: null }))
      .withState({ auth: authSlice.getInitialState() })
      .provide([
        [matchers.call.fn(hashVerifier), 'h'.repeat(43)],
        [matchers.call.fn(startGameSignIn), started],
        // The wait for the code's 2 minutes is over at once; the game never confirms.
        [matchers.call.fn(pause), undefined],
        [matchers.call.fn(redeemWhenConfirmed), new Promise(() => undefined)],
      ])
      .put(gameCodeExpired())
      .not.call.fn(signInWithToken)
      .run());

  it('signed in as someone else: asks first, and keeping the account signs nothing in', () =>
    expectSaga(gameSignInSaga, gameSignInStarted({ item: null }))
      .withState({ auth: { ...authSlice.getInitialState(), user: samplePlayer } })
      .provide(confirmedByTheGame)
      .put(gameAccountAsked({ current: `${samplePlayer.email} · #${playerTagOf(samplePlayer.uid)}`, next: `Guest · #${playerTagOf('guest-uid')}` }))
      .dispatch(gameAccountKept({ signedIn: true }))
      .not.call.fn(signInWithToken)
      .silentRun(100));

  it('signed out, a code someone else’s game confirmed: "No, Not Me" signs nothing in', () =>
    expectSaga(gameSignInSaga, gameSignInStarted({ item: '3' }))
      .withState({ auth: authSlice.getInitialState() })
      .provide(confirmedByTheGame)
      .put(gameAccountAsked({ current: null, next: `Guest · #${playerTagOf('guest-uid')}` }))
      .dispatch(gameAccountKept({ signedIn: false }))
      .not.call.fn(signInWithToken)
      .not.call.fn(navigate)
      .silentRun(100));

  it('a refused start says why, and shows no code', () =>
    expectSaga(gameSignInSaga, gameSignInStarted({ item: null }))
      .provide([
        [matchers.call.fn(hashVerifier), 'h'.repeat(43)],
        [matchers.call.fn(startGameSignIn), throwError(new ApiError('unreachable', 'We could not reach the store.'))],
      ])
      .not.put.actionType(gameCodeShown.type)
      .put.like({ action: { type: 'gameSignIn/gameSignInFailed', payload: 'We could not reach the store.' } })
      .run());
});

describe('hearing the game’s confirmation', () => {
  it('listens to the session and redeems once it reads confirmed', async () => {
    const live = channel<DocumentEvent>();
    const run = expectSaga(redeemWhenConfirmed, started.sessionId, 'v'.repeat(43))
      .provide([
        [matchers.call.fn(firestoreDocumentChannel), live],
        [matchers.call.fn(redeemGameSignIn), redeemed],
      ])
      .call(firestoreDocumentChannel, linkSignalPath(started.sessionId))
      .call(redeemGameSignIn, started.sessionId, 'v'.repeat(43), 'signIn')
      .returns(redeemed)
      .run(500);
    live.put({ data: { state: 'waiting', expiresAt: NOW } });
    live.put({ data: { state: 'confirmed', expiresAt: NOW } });
    await run;
  });

  it('without live updates, asks every second until the game has confirmed', async () => {
    const live = channel<DocumentEvent>();
    const notYet = () => {
      throw new ApiError('refused', 'The game has not confirmed this sign-in.', 409);
    };
    const answers = [notYet, notYet, () => redeemed];
    let asked = 0;
    const run = expectSaga(redeemWhenConfirmed, started.sessionId, 'v'.repeat(43))
      .provide([
        [matchers.call.fn(firestoreDocumentChannel), live],
        [matchers.call.fn(pause), undefined],
        {
          call(effect, next) {
            if (effect.fn !== redeemGameSignIn) return next();
            return answers[asked++]!();
          },
        },
      ])
      .call(pause, CONFIRMATION_POLL_MS)
      .returns(redeemed)
      .run(500);
    live.put({ error: 'permission-denied' });
    await run;
    expect(asked).toBe(3);
  });
});
