import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put } from 'redux-saga/effects';
import { navigate } from '../../lib/navigation';
import { describeAuthError } from './authSagas';
import { authFailed, signedIn, type Credentials, type SignInRedirect } from './authSlice';
import { authTexts } from './authTexts';
import { redeemPassword } from './passwordHandoff';
import { pathAfterSignIn } from './redirects';
import { writeStoredUser, type PublicUser } from './storedUser';
import { giveBirthDate } from './signInService';

export type Authenticate = (email: string, password: string) => Promise<PublicUser>;

/**
 * Sign-in and sign-up alike: authenticate (signInWithEmail or signUpWithEmail), give a new account's date
 * of birth, remember the player and move on; or say in plain words what went wrong and stay.
 */
export function* signInSaga(authenticate: Authenticate, action: PayloadAction<Credentials & SignInRedirect & { birthDate?: string }>) {
  const { email, passwordTicket, item, birthDate } = action.payload;
  const password: string | null = yield call(redeemPassword, passwordTicket);
  if (password === null) {
    yield put(authFailed(authTexts.passwordAgain));
    return;
  }
  let user: PublicUser;
  try {
    user = yield call(authenticate, email.trim(), password);
  } catch (error) {
    yield put(authFailed(yield call(describeAuthError, error)));
    return;
  }
  // A new account's date of birth; should it not arrive, the store asks again before the first payment.
  if (birthDate) yield call(giveBirthDate, birthDate);
  yield call(writeStoredUser, user);
  yield put(signedIn(user));
  yield call(navigate, pathAfterSignIn(item));
}
