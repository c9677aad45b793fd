import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, takeLeading } from 'redux-saga/effects';
import { isUnknownAccount } from './authErrors';
import { describeAuthError } from './authSagas';
import { sendPasswordReset, signInWithEmail, signUpWithEmail } from './signInService';
import { authFailed, passwordResetRequested, passwordResetSent, signInRequested, signUpRequested } from './authSlice';
import { signInSaga } from './signInSaga';

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
export function* signInPageSaga() {
  yield takeLeading(signInRequested.type, signInSaga, signInWithEmail);
  yield takeLeading(signUpRequested.type, signInSaga, signUpWithEmail);
  yield takeLeading(passwordResetRequested.type, passwordResetSaga);
}
