import { call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SupportOfferDetail, SupportOffersResponse } from '../../../shared/api';
import type { Offer } from '../../../shared/offers/offer';
import { toApiError } from '../../lib/apiClient';
import { accessSaga } from './supportSagas';
import { createOffer, endOffer, readOffer, readOffers, updateOffer } from './supportOffersApi';
import {
  offerChanged,
  offerCreated,
  offerChangeFailed,
  offerEnded,
  offerOpened,
  offerSaved,
  offersFailed,
  offersLoaded,
  offerShown,
  offersScreenOpened,
} from './supportOffersSlice';
import { supportTexts } from './supportTexts';

/** The offers screen: staff only (accessSaga), then every offer. */
export function* loadOffersSaga() {
  const granted: boolean = yield call(accessSaga);
  if (!granted) return;
  try {
    const { offers, timeZone }: SupportOffersResponse = yield call(readOffers);
    yield put(offersLoaded({ offers, timeZone }));
  } catch (error) {
    yield put(offersFailed(toApiError(error).message));
  }
}

export function* openOfferSaga(action: ReturnType<typeof offerOpened>) {
  try {
    const detail: SupportOfferDetail = yield call(readOffer, action.payload);
    yield put(offerShown(detail));
  } catch (error) {
    yield put(offerChangeFailed(toApiError(error).message));
  }
}

/** Save: a new offer, or the change of the one shown as it was read (the server refuses it when changed meanwhile). */
export function* saveOfferSaga(action: ReturnType<typeof offerSaved>) {
  const { form, offerId, updatedAt } = action.payload;
  try {
    if (!offerId || updatedAt === null) {
      const created: Offer = yield call(createOffer, form);
      yield put(offerCreated({ offer: created, done: supportTexts.offerCreated(created.title) }));
      return;
    }
    const saved: Offer = yield call(updateOffer, offerId, { ...form, updatedAt });
    const detail: SupportOfferDetail = yield call(readOffer, saved.id);
    yield put(offerChanged({ detail, done: supportTexts.offerChanged(saved.title) }));
  } catch (error) {
    yield put(offerChangeFailed(toApiError(error).message));
  }
}

export function* endOfferSaga(action: ReturnType<typeof offerEnded>) {
  try {
    const ended: Offer = yield call(endOffer, action.payload);
    const detail: SupportOfferDetail = yield call(readOffer, ended.id);
    yield put(offerChanged({ detail, done: supportTexts.offerEndedNow(ended.title) }));
  } catch (error) {
    yield put(offerChangeFailed(toApiError(error).message));
  }
}

export function* supportOffersSaga() {
  // takeLatest for reads; takeLeading for a save or an end, whose button is busy until it is done.
  yield takeLatest(offersScreenOpened.type, loadOffersSaga);
  yield takeLatest(offerOpened.type, openOfferSaga);
  yield takeLeading(offerSaved.type, saveOfferSaga);
  yield takeLeading(offerEnded.type, endOfferSaga);
}
