import { call, put, select, takeLatest } from 'redux-saga/effects';
import type { OffersResponse, PromoCodeResponse } from '../../../shared/api';
import { toApiError } from '../../lib/apiClient';
import { checkPromoCode, readShopOffers } from './offersApi';
import type { PackBonus } from './packBonus';
import { promoCodeApplied, promoCodeChecked, promoCodeRefused, promoCodeSmaller, selectPackBonus, shopOffersLoaded, shopOffersWanted } from './offersSlice';

/** The shop's offers, as the server decides them. One that cannot be read shows no offer: the packs sell as ever. */
export function* loadShopOffersSaga(action: ReturnType<typeof shopOffersWanted>) {
  const { signedIn } = action.payload;
  try {
    const { offers }: OffersResponse = yield call(readShopOffers, signedIn);
    yield put(shopOffersLoaded(offers));
  } catch {
    yield put(shopOffersLoaded([]));
  }
}

/**
 * Apply Code: what the code adds to the pack, shown before Submit; the server takes the use only with the order. A
 * code replaces the pack's running bonus on the order, so one that gives no more is not applied: the larger stays.
 */
export function* checkPromoCodeSaga(action: ReturnType<typeof promoCodeChecked>) {
  const { packId, code } = action.payload;
  try {
    const answer: PromoCodeResponse = yield call(checkPromoCode, { packId, code });
    const running: PackBonus | null = yield select(selectPackBonus, packId);
    yield put(running && answer.bonusGems <= running.gems ? promoCodeSmaller(answer) : promoCodeApplied(answer));
  } catch (error) {
    yield put(promoCodeRefused({ packId, message: toApiError(error).message }));
  }
}

export function* offersSaga() {
  // takeLatest both: only the newest read of the offers, and the newest code typed, matter.
  yield takeLatest(shopOffersWanted.type, loadShopOffersSaga);
  yield takeLatest(promoCodeChecked.type, checkPromoCodeSaga);
}
