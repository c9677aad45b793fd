import type { PayloadAction } from '@reduxjs/toolkit';
import type { EventChannel } from 'redux-saga';
import { call, put, select, take, takeLeading } from 'redux-saga/effects';
import { ROUTES } from '../../../shared/routes';
import { navigate } from '../../lib/navigation';
import { authErrorMessage, isUnknownAccount } from './authErrors';
import {
  authStateChannel,
  sendPasswordReset,
  signInWithEmail,
  signOutOfFirebase,
  signUpWithEmail,
  type AuthStateEvent,
} from './authService';
import {
  authFailed,
  passwordResetRequested,
  passwordResetSent,
  selectUser,
  signedIn,
  signedOut,
  signInRequested,
  signOutRequested,
  signUpRequested,
  userChanged,
  type Credentials,
  type SignInRedirect,
} from './authSlice';
import { redeemPassword } from './passwordHandoff';
import { pathAfterSignIn } from './redirects';
import { authTexts } from './authTexts';
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
    yield put(authFailed(authErrorMessage(error)));
    return;
  }
  yield call(writeStoredUser, user);
  yield put(signedIn(user));
  yield call(navigate, pathAfterSignIn(item));
}

/** Signs out; from the nav the visitor goes home, from the sign-in page they stay and see the form. */
export function* signOutSaga(action: PayloadAction<{ goHome: boolean }>) {
  try {
    yield call(signOutOfFirebase);
  } catch (error) {
    yield put(authFailed(authErrorMessage(error)));
    return;
  }
  yield call(writeStoredUser, null);
  yield put(signedOut());
  if (action.payload.goHome) yield call(navigate, ROUTES.home);
}

export function* passwordResetSaga(action: PayloadAction<{ email: string }>) {
  try {
    yield call(sendPasswordReset, action.payload.email.trim());
  } catch (error) {
    if (!isUnknownAccount(error)) {
      yield put(authFailed(authErrorMessage(error)));
      return;
    }
  }
  yield put(passwordResetSent());
}

/** Mirrors the Auth SDK's user into the store and localStorage (a session that expired, another tab). */
export function* syncUserSaga(user: PublicUser | null) {
  const current: PublicUser | null = yield select(selectUser);
  if (JSON.stringify(current) === JSON.stringify(user)) return;
  yield call(writeStoredUser, user);
  yield put(userChanged(user));
}

/**
 * Restores the session from the Auth SDK and keeps it in step. An anonymous visitor's page never loads
 * Firebase for this: the watch starts at load only when localStorage remembers a player, else at sign-in.
 */
export function* sessionSaga() {
  const remembered: PublicUser | null = yield select(selectUser);
  if (!remembered) yield take(signedIn.type);
  const channel: EventChannel<AuthStateEvent> = yield call(authStateChannel);
  try {
    while (true) {
      const { user }: AuthStateEvent = yield take(channel);
      yield call(syncUserSaga, user);
    }
  } finally {
    channel.close();
  }
}

export function* authSaga() {
  yield takeLeading(signInRequested.type, credentialsSaga, signInWithEmail);
  yield takeLeading(signUpRequested.type, credentialsSaga, signUpWithEmail);
  yield takeLeading(signOutRequested.type, signOutSaga);
  yield takeLeading(passwordResetRequested.type, passwordResetSaga);
  yield call(sessionSaga);
}
