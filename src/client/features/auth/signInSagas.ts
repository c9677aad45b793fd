import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, takeLeading } from 'redux-saga/effects';
import { navigate } from '../../lib/navigation';
import { isUnknownAccount } from './authErrors';
import { describeAuthError } from './authSagas';
import { sendPasswordReset, signInWithEmail, signUpWithEmail } from './signInService';
import {
  authFailed,
  passwordResetRequested,
  passwordResetSent,
  signedIn,
  signInRequested,
  signUpRequested,
  type Credentials,
  type SignInRedirect,
} from './authSlice';
import { authTexts } from './authTexts';
import { redeemPassword } from './passwordHandoff';
import { pathAfterSignIn } from './redirects';
import { writeStoredUser, type PublicUser } from './storedUser';

type Authenticate = (email: string, password: string) => Promise<PublicUser>;

/**
 * Sign-in and sign-up alike: authenticate (signInWithEmail or signUpWithEmail), remember the player and
 * move on; or say in plain words what went wrong and stay.
 */
export function* credentialsSaga(authenticate: Authenticate, action: PayloadAction<Credentials & SignInRedirect>) {
  const { email, passwordTicket, item } = action.payload;
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
  yield call(writeStoredUser, user);
  yield put(signedIn(user));
  yield call(navigate, pathAfterSignIn(item));
}

export function* passwordResetSaga(action: PayloadAction<{ email: string }>) {
  try {
    yield call(sendPasswordReset, action.payload.email.trim());
  } catch (error) {
    if (!isUnknownAccount(error)) {
      yield put(authFailed(yield call(describeAuthError, error)));
      return;
    }
  }
  yield put(passwordResetSent());
}

/** Signing in, creating an account and resetting a password: they start with the sign-in page (./feature). */
export function* signInSaga() {
  yield takeLeading(signInRequested.type, credentialsSaga, signInWithEmail);
  yield takeLeading(signUpRequested.type, credentialsSaga, signUpWithEmail);
  yield takeLeading(passwordResetRequested.type, passwordResetSaga);
}
