import { channel } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError, type StaticProvider } from 'redux-saga-test-plan/providers';
import { navigate } from '../../lib/navigation';
import { authMessages } from './authErrors';
import { authStateChannel, signOutOfFirebase, type AuthStateEvent } from './authService';
import { checkResetCode, giveBirthDate, readResetCode, saveNewPassword, sendPasswordReset, signInWithEmail, signUpWithEmail } from './signInService';
import {
  authFailed,
  authSlice,
  newPasswordFailed,
  newPasswordRequested,
  newPasswordSaved,
  passwordResetRequested,
  passwordResetSent,
  resetLinkChecked,
  resetLinkRefused,
  signedIn,
  signedOut,
  signInRequested,
  signOutRequested,
  signUpRequested,
  userChanged,
} from './authSlice';
import { sessionSaga, signOutSaga } from './authSagas';
import { signInSaga } from './signInSaga';
import { newPasswordSaga, passwordResetSaga, resetLinkSaga } from './signInSagas';
import { writeStoredUser, type PublicUser } from './storedUser';
import { handOverPassword, redeemPassword } from './passwordHandoff';
import { ApiError } from '../../lib/apiClient';
import { authTexts } from './authTexts';
import { samplePlayer } from '../../../../test/fixtures/samples';

const player = samplePlayer;
const firebaseError = (code: string) => Object.assign(new Error(code), { code });
/** A sign-in form's action: the password handed over beside the store, a ticket in the action. */
const credentials = () => ({ email: ' king@wyrmcrown.example ', passwordTicket: handOverPassword('dragon-slayer') });
const stateWith = (user: PublicUser | null) => ({ auth: { ...authSlice.getInitialState(), user } });
const reducer = (state: ReturnType<typeof stateWith> | undefined, action: { type: string }) => ({
  auth: authSlice.reducer(state?.auth, action),
});

/** The sign-in, the browser's memory of the player and the move to the next page, all as they go when they work. */
const signInSucceeds: StaticProvider[] = [
  [matchers.call.fn(signInWithEmail), player],
  [matchers.call.fn(writeStoredUser), undefined],
  [matchers.call.fn(navigate), undefined],
];

describe('signInSaga signing in', () => {
  it('signs in with the trimmed email, remembers the player and goes home', () =>
    expectSaga(signInSaga, signInWithEmail, signInRequested({ ...credentials(), item: null }))
      .provide(signInSucceeds)
      .call(signInWithEmail, 'king@wyrmcrown.example', 'dragon-slayer')
      .call(writeStoredUser, player)
      .put(signedIn(player))
      .call(navigate, '/')
      .run());

  it('goes back to the pack being bought when the sign-in URL carried item', () =>
    expectSaga(signInSaga, signInWithEmail, signInRequested({ ...credentials(), item: '3' }))
      .provide(signInSucceeds)
      .call(navigate, '/shop?item=3')
      .run());

  it.each([
    ['auth/invalid-credential', authMessages.wrongCredentials],
    ['auth/user-not-found', authMessages.wrongCredentials],
    ['auth/too-many-requests', authMessages.tooManyAttempts],
    ['auth/network-request-failed', authMessages.networkDown],
  ])('on %s shows a plain message, stores nothing and stays', (code, message) =>
    expectSaga(signInSaga, signInWithEmail, signInRequested({ ...credentials(), item: '3' }))
      .provide([[matchers.call.fn(signInWithEmail), throwError(firebaseError(code))]])
      .put(authFailed(message))
      .not.call.fn(writeStoredUser)
      .not.call.fn(navigate)
      .not.put.actionType(signedIn.type)
      .run());
});

describe('the password beside the store', () => {
  it('never enters the action, and a ticket is good once', async () => {
    const action = signInRequested({ ...credentials(), item: null });
    expect(JSON.stringify(action)).not.toContain('dragon-slayer');
    await expectSaga(signInSaga, signInWithEmail, action)
      .provide(signInSucceeds)
      .call(signInWithEmail, 'king@wyrmcrown.example', 'dragon-slayer')
      .run();
    await expectSaga(signInSaga, signInWithEmail, action)
      .put(authFailed(authTexts.passwordAgain))
      .not.call.fn(signInWithEmail)
      .run();
  });
});

describe('signInSaga signing up', () => {
  it('creates the account, gives its date of birth, signs the player in and goes on', () =>
    expectSaga(signInSaga, signUpWithEmail, signUpRequested({ ...credentials(), item: '5', birthDate: '2016-05-01' }))
      .provide([
        [matchers.call.fn(signUpWithEmail), player],
        [matchers.call.fn(giveBirthDate), true],
        [matchers.call.fn(writeStoredUser), undefined],
        [matchers.call.fn(navigate), undefined],
      ])
      .call(signUpWithEmail, 'king@wyrmcrown.example', 'dragon-slayer')
      .call(giveBirthDate, '2016-05-01')
      .call(writeStoredUser, player)
      .put(signedIn(player))
      .call(navigate, '/shop?item=5')
      .run());

  it.each([
    ['auth/email-already-in-use', authMessages.emailInUse],
    ['auth/weak-password', authMessages.weakPassword],
    ['auth/network-request-failed', authMessages.networkDown],
  ])('on %s shows a plain message and stays', (code, message) =>
    expectSaga(signInSaga, signUpWithEmail, signUpRequested({ ...credentials(), item: null, birthDate: '1990-01-01' }))
      .provide([[matchers.call.fn(signUpWithEmail), throwError(firebaseError(code))]])
      .put(authFailed(message))
      .not.call.fn(giveBirthDate)
      .not.call.fn(navigate)
      .run());
});

describe('signOutSaga', () => {
  it('from the nav: signs out, stores the text null and goes home', () =>
    expectSaga(signOutSaga, signOutRequested({ goHome: true }))
      .withReducer(reducer, stateWith(player))
      .provide([
        [matchers.call.fn(signOutOfFirebase), undefined],
        [matchers.call.fn(writeStoredUser), undefined],
        [matchers.call.fn(navigate), undefined],
      ])
      .call(signOutOfFirebase)
      .call(writeStoredUser, null)
      .put(signedOut())
      .call(navigate, '/')
      .hasFinalState({ auth: { ...stateWith(null).auth, signedOutNotice: true } })
      .run());

  it('from the sign-in page: stays there, where the form view returns', () =>
    expectSaga(signOutSaga, signOutRequested({ goHome: false }))
      .provide([
        [matchers.call.fn(signOutOfFirebase), undefined],
        [matchers.call.fn(writeStoredUser), undefined],
      ])
      .put(signedOut())
      .not.call.fn(navigate)
      .run());

  it('when Firebase fails, keeps the player signed in and says so', () =>
    expectSaga(signOutSaga, signOutRequested({ goHome: true }))
      .provide([[matchers.call.fn(signOutOfFirebase), throwError(firebaseError('auth/network-request-failed'))]])
      .put(authFailed(authMessages.networkDown))
      .not.call.fn(writeStoredUser)
      .not.put(signedOut())
      .not.call.fn(navigate)
      .run());
});

describe('passwordResetSaga', () => {
  it('asks the store to email the link and says so', () =>
    expectSaga(passwordResetSaga, passwordResetRequested({ email: ' king@wyrmcrown.example ' }))
      .provide([[matchers.call.fn(sendPasswordReset), undefined]])
      .call(sendPasswordReset, 'king@wyrmcrown.example')
      .put(passwordResetSent())
      .run());

  it("reports the store's refusal in its own words", () =>
    expectSaga(passwordResetSaga, passwordResetRequested({ email: 'king@wyrmcrown.example' }))
      .provide([[matchers.call.fn(sendPasswordReset), throwError(new ApiError('server', 'We could not send the email just now.', 503))]])
      .put(authFailed('We could not send the email just now.'))
      .not.put(passwordResetSent())
      .run());
});

describe('resetLinkSaga', () => {
  it("checks the link's code and shows whose account it resets", () =>
    expectSaga(resetLinkSaga)
      .provide([
        [matchers.call.fn(readResetCode), 'code-1'],
        [matchers.call.fn(checkResetCode), 'king@wyrmcrown.example'],
      ])
      .call(checkResetCode, 'code-1')
      .put(resetLinkChecked({ email: 'king@wyrmcrown.example' }))
      .run());

  it.each([['auth/expired-action-code'], ['auth/invalid-action-code']])('refuses a link Firebase answers %s', (code) =>
    expectSaga(resetLinkSaga)
      .provide([
        [matchers.call.fn(readResetCode), 'code-1'],
        [matchers.call.fn(checkResetCode), throwError(firebaseError(code))],
      ])
      .put(resetLinkRefused())
      .run());

  it('refuses a link without a code, asking nobody', () =>
    expectSaga(resetLinkSaga).provide([[matchers.call.fn(readResetCode), null]]).put(resetLinkRefused()).not.call.fn(checkResetCode).run());

  it('says a network failure in plain words, so the link can be tried again', () =>
    expectSaga(resetLinkSaga)
      .provide([
        [matchers.call.fn(readResetCode), 'code-1'],
        [matchers.call.fn(checkResetCode), throwError(firebaseError('auth/network-request-failed'))],
      ])
      .put(newPasswordFailed(authMessages.networkDown))
      .not.put(resetLinkRefused())
      .run());
});

describe('newPasswordSaga', () => {
  const request = () => newPasswordRequested({ passwordTicket: handOverPassword('new-dragon-slayer') });

  it("saves the handed-over password with the link's code", () =>
    expectSaga(newPasswordSaga, request())
      .provide([
        [matchers.call.fn(readResetCode), 'code-1'],
        [matchers.call.fn(saveNewPassword), undefined],
      ])
      .call(saveNewPassword, 'code-1', 'new-dragon-slayer')
      .put(newPasswordSaved())
      .run());

  it('a link used meanwhile: refused, nothing saved', () =>
    expectSaga(newPasswordSaga, request())
      .provide([
        [matchers.call.fn(readResetCode), 'code-1'],
        [matchers.call.fn(saveNewPassword), throwError(firebaseError('auth/invalid-action-code'))],
      ])
      .put(resetLinkRefused())
      .not.put(newPasswordSaved())
      .run());

  it('a password Firebase finds weak: the form stays, with the reason', () =>
    expectSaga(newPasswordSaga, request())
      .provide([
        [matchers.call.fn(readResetCode), 'code-1'],
        [matchers.call.fn(saveNewPassword), throwError(firebaseError('auth/weak-password'))],
      ])
      .put(newPasswordFailed(authMessages.weakPassword))
      .run());

  it('a ticket redeemed already: asks for the password again and saves nothing', () => {
    const action = request();
    redeemPassword(action.payload.passwordTicket);
    return expectSaga(newPasswordSaga, action)
      .provide([[matchers.call.fn(readResetCode), 'code-1']])
      .put(newPasswordFailed(authTexts.passwordAgain))
      .not.call.fn(saveNewPassword)
      .run();
  });
});

describe('sessionSaga', () => {
  const authEventsWith = (...events: AuthStateEvent[]) => {
    const authEvents = channel<AuthStateEvent>();
    events.forEach((event) => authEvents.put(event));
    return authEvents;
  };

  it('for a remembered player, follows the Auth SDK: an expired session signs them out', () =>
    expectSaga(sessionSaga)
      .withReducer(reducer, stateWith(player))
      .provide([
        [matchers.call.fn(authStateChannel), authEventsWith({ user: null })],
        [matchers.call.fn(writeStoredUser), undefined],
      ])
      .call(authStateChannel)
      .call(writeStoredUser, null)
      .put(userChanged(null))
      .hasFinalState(stateWith(null))
      .silentRun(50));

  it('leaves a confirmed session as it is', () =>
    expectSaga(sessionSaga)
      .withReducer(reducer, stateWith(player))
      .provide([[matchers.call.fn(authStateChannel), authEventsWith({ user: player })]])
      .not.call.fn(writeStoredUser)
      .not.put.actionType(userChanged.type)
      .silentRun(50));

  it('loads nothing of Firebase for an anonymous visitor until they sign in', () =>
    expectSaga(sessionSaga)
      .withReducer(reducer, stateWith(null))
      .provide([[matchers.call.fn(authStateChannel), authEventsWith()]])
      .not.call.fn(authStateChannel)
      .silentRun(50));

  it('starts following the Auth SDK once the visitor signs in', () =>
    expectSaga(sessionSaga)
      .withReducer(reducer, stateWith(null))
      .provide([[matchers.call.fn(authStateChannel), authEventsWith()]])
      .dispatch(signedIn(player))
      .call(authStateChannel)
      .silentRun(50));
});
