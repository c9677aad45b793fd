import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { Country } from '../../../shared/countries';
import { ROUTES } from '../../../shared/routes';
import { navigate } from '../../lib/navigation';
import { selectIsSignedIn } from '../auth';
import { fetchCountries } from './countriesService';
import { buyClicked, countriesFailed, countriesLoaded, countriesRequested } from './shopSlice';

/** Buy: a signed-in player goes to the pack's form; anyone else signs in first, keeping the pack. */
export function* buySaga(action: PayloadAction<{ packId: number }>) {
  const signedIn: boolean = yield select(selectIsSignedIn);
  const item = `?item=${action.payload.packId}`;
  yield call(navigate, signedIn ? `${ROUTES.shop}${item}` : `${ROUTES.signInSignUp}${item}`);
}

export function* loadCountriesSaga(action: PayloadAction<{ url: string }>) {
  try {
    const countries: Country[] = yield call(fetchCountries, action.payload.url);
    yield put(countriesLoaded(countries));
  } catch (error) {
    console.error('Country list unavailable:', error);
    yield put(countriesFailed());
  }
}

export function* shopSaga() {
  yield takeEvery(buyClicked.type, buySaga);
  yield takeLatest(countriesRequested.type, loadCountriesSaga);
}
