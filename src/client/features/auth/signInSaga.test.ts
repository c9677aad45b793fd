import { testSaga } from 'redux-saga-test-plan';
import { samplePlayer } from '../../../../test/fixtures/samples';
import { navigate } from '../../lib/navigation';
import { authMessages } from './authErrors';
import { describeAuthError } from './authSagas';
import { authFailed, signedIn, signInRequested } from './authSlice';
import { handOverPassword, redeemPassword } from './passwordHandoff';
import { signInSaga } from './signInSaga';
import { signInWithEmail } from './signInService';
import { writeStoredUser } from './storedUser';

/** The sign-in flow's exact steps, in order (redux-saga-test-plan's testSaga), on its main paths. */
const request = (item: string | null = '3') => signInRequested({ email: ' king@wyrmcrown.example ', passwordTicket: handOverPassword('dragon-slayer'), item });
const firebaseError = (code: string) => Object.assign(new Error(code), { code });

/** The steps every sign-in begins with: the password redeemed from its ticket, then the sign-in with the trimmed email. */
const upToSignIn = (action: ReturnType<typeof request>) =>
  testSaga(signInSaga, signInWithEmail, action)
    .next()
    .call(redeemPassword, action.payload.passwordTicket)
    .next('dragon-slayer')
    .call(signInWithEmail, 'king@wyrmcrown.example', 'dragon-slayer');

describe('signInSaga, step by step', () => {
  it('the right password: redeem the password, sign in, remember the player, say so, go back to the pack', () => {
    const action = request('3');
    upToSignIn(action)
      .next(samplePlayer)
      .call(writeStoredUser, samplePlayer)
      .next()
      .put(signedIn(samplePlayer))
      .next()
      .call(navigate, '/shop?item=3')
      .next()
      .isDone();
  });

  it.each([
    ['a wrong password', 'auth/invalid-credential', authMessages.wrongCredentials],
    ['a disabled account', 'auth/user-disabled', authMessages.disabled],
  ])('%s: the words for it, nothing remembered, no navigation', async (_case, code, words) => {
    const action = request(null);
    const error = firebaseError(code);
    expect(await describeAuthError(error)).toBe(words);
    upToSignIn(action)
      .throw(error)
      .call(describeAuthError, error)
      .next(words)
      .put(authFailed(words))
      .next()
      .isDone();
  });
});

it('keeps the customer’s name of the sign-in saga', () => {
  expect(signInSaga.name).toBe('signInSaga');
});
