import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import { toApiError } from '../../lib/apiClient';
import { isRefusedResetLink } from './authErrors';
import { describeAuthError } from './authSagas';
import { checkResetCode, readResetCode, saveNewPassword, sendPasswordReset, signInWithEmail, signUpWithEmail } from './signInService';
import {
  authFailed,
  newPasswordFailed,
  newPasswordRequested,
  newPasswordSaved,
  passwordResetRequested,
  passwordResetSent,
  resetLinkChecked,
  resetLinkOpened,
  resetLinkRefused,
  signInRequested,
  signUpRequested,
} from './authSlice';
import { authTexts } from './authTexts';
import { redeemPassword } from './passwordHandoff';
import { signInSaga } from './signInSaga';

/** Send Reset Link: the store emails the link (the same answer whether or not the email has an account). */
export function* passwordResetSaga(action: PayloadAction<{ email: string }>) {
  try {
    yield call(sendPasswordReset, action.payload.email.trim());
  } catch (error) {
    yield put(authFailed(toApiError(error).message));
    return;
  }
  yield put(passwordResetSent());
}

/** The reset link's page opened: whose account its code resets, or the plain news that the link cannot work. */
export function* resetLinkSaga() {
  const code: string | null = yield call(readResetCode);
  if (!code) {
    yield put(resetLinkRefused());
    return;
  }
  try {
    const email: string = yield call(checkResetCode, code);
    yield put(resetLinkChecked({ email }));
  } catch (error) {
    yield put(isRefusedResetLink(error) ? resetLinkRefused() : newPasswordFailed(yield call(describeAuthError, error)));
  }
}

/** Save the new password with the link's code; the code then works no more. */
export function* newPasswordSaga(action: PayloadAction<{ passwordTicket: string }>) {
  const password: string | null = yield call(redeemPassword, action.payload.passwordTicket);
  const code: string | null = yield call(readResetCode);
  if (password === null || code === null) {
    yield put(newPasswordFailed(authTexts.passwordAgain));
    return;
  }
  try {
    yield call(saveNewPassword, code, password);
  } catch (error) {
    yield put(isRefusedResetLink(error) ? resetLinkRefused() : newPasswordFailed(yield call(describeAuthError, error)));
    return;
  }
  yield put(newPasswordSaved());
}

/** Signing in, creating an account and resetting a password: they start with the sign-in page (./feature). */
export function* signInPageSaga() {
  // takeLeading each: a double press sends one request (the button is busy meanwhile), never two sessions racing.
  yield takeLeading(signInRequested.type, signInSaga, signInWithEmail);
  yield takeLeading(signUpRequested.type, signInSaga, signUpWithEmail);
  yield takeLeading(passwordResetRequested.type, passwordResetSaga);
  // takeLatest: a newer reset link opened replaces the check of the older one.
  yield takeLatest(resetLinkOpened.type, resetLinkSaga);
  yield takeLeading(newPasswordRequested.type, newPasswordSaga);
}
