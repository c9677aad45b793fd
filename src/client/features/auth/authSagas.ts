import type { PayloadAction } from '@reduxjs/toolkit';
import type { EventChannel } from 'redux-saga';
import { call, put, select, take, takeLeading } from 'redux-saga/effects';
import { ROUTES } from '../../../shared/routes';
import { navigate } from '../../lib/navigation';
import { authStateChannel, signOutOfFirebase, type AuthStateEvent } from './authService';
import { authFailed, selectUser, signedIn, signedOut, signOutRequested, userChanged } from './authSlice';
import { writeStoredUser, type PublicUser } from './storedUser';

/** Words for what went wrong; the table of Firebase's error codes loads only when something did. */
export async function describeAuthError(error: unknown): Promise<string> {
  return (await import(/* webpackChunkName: "auth-errors" */ './authErrors')).authErrorMessage(error);
}

/** Signs out; from the nav the visitor goes home, from the sign-in page they stay and see the form. */
export function* signOutSaga(action: PayloadAction<{ goHome: boolean }>) {
  try {
    yield call(signOutOfFirebase);
  } catch (error) {
    yield put(authFailed(yield call(describeAuthError, error)));
    return;
  }
  yield call(writeStoredUser, null);
  yield put(signedOut());
  if (action.payload.goHome) yield call(navigate, ROUTES.home);
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

/** What every page needs: the session kept in step, and the nav's Sign out. Signing in loads with its page (./signInSagas). */
export function* authSaga() {
  // takeLeading: a second Sign out while the first signs out is the same wish; it is dropped.
  yield takeLeading(signOutRequested.type, signOutSaga);
  yield call(sessionSaga);
}
