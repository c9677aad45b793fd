import { call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { ProtectionsView } from '../../../shared/protections/playerProtections';
import type { ConsentPageFacts } from '../../../shared/api';
import { toApiError } from '../../lib/apiClient';
import { askGuardianConsent, changeSpendingLimit, giveBirthDate, readConsentFacts, readConsentLink, readSpendingLimit, sendConsent } from '../../lib/protectionsApi';
import {
  birthDateSubmitted,
  consentFailed,
  consentGiven,
  consentLinkChecked,
  consentLinkOpened,
  consentLinkRefused,
  consentRecorded,
  gateAnswered,
  gateFailed,
  guardianConsentAsked,
  limitChanged,
  limitChangeFailed,
  limitChangeRequested,
  limitsFailed,
  limitsLoaded,
  limitsRequested,
} from './protectionsSlice';

export function* loadLimitsSaga() {
  try {
    const view: ProtectionsView = yield call(readSpendingLimit);
    yield put(limitsLoaded(view));
  } catch (error) {
    yield put(limitsFailed(toApiError(error).message));
  }
}

/** Save: the server decides when the change counts (a lowering at once, a raise or removal after 24 hours). */
export function* changeLimitSaga(action: ReturnType<typeof limitChangeRequested>) {
  try {
    const view: ProtectionsView = yield call(changeSpendingLimit, action.payload);
    yield put(limitChanged(view));
  } catch (error) {
    yield put(limitChangeFailed(toApiError(error).message));
  }
}

/** The payment screen's gate: the date of birth an older account never gave. */
export function* birthDateSaga(action: ReturnType<typeof birthDateSubmitted>) {
  try {
    const view: ProtectionsView = yield call(giveBirthDate, action.payload);
    yield put(gateAnswered({ view }));
  } catch (error) {
    yield put(gateFailed(toApiError(error).message));
  }
}

/** The payment screen's gate for a player under 13: the store emails the guardian a signed link. */
export function* guardianConsentSaga(action: ReturnType<typeof guardianConsentAsked>) {
  try {
    const view: ProtectionsView = yield call(askGuardianConsent, action.payload);
    yield put(gateAnswered({ view, askedOf: action.payload.guardianEmail.trim() }));
  } catch (error) {
    yield put(gateFailed(toApiError(error).message));
  }
}

/** The guardian's page opened: what the link asks, or why it cannot be used. */
export function* consentLinkSaga() {
  const link: Record<string, string> = yield call(readConsentLink);
  try {
    const facts: ConsentPageFacts = yield call(readConsentFacts, link);
    yield put(consentLinkChecked(facts));
  } catch (error) {
    yield put(consentLinkRefused(toApiError(error).message));
  }
}

/** Consent: once; a link used or expired meanwhile is refused with the reason. */
export function* consentSaga(action: ReturnType<typeof consentGiven>) {
  const link: Record<string, string> = yield call(readConsentLink);
  try {
    yield call(sendConsent, link, action.payload);
    yield put(consentRecorded());
  } catch (error) {
    const failure = toApiError(error);
    yield put(failure.status === 404 || failure.status === 410 ? consentLinkRefused(failure.message) : consentFailed(failure.message));
  }
}

export function* protectionsSaga() {
  // Every component that shows the limit asks for it as it mounts (two on the shop, two on the payment screen): a read
  // already under way answers them all, so a page sends one request, not one per component.
  yield takeLeading(limitsRequested.type, loadLimitsSaga);
  yield takeLeading(limitChangeRequested.type, changeLimitSaga);
  yield takeLeading(birthDateSubmitted.type, birthDateSaga);
  yield takeLeading(guardianConsentAsked.type, guardianConsentSaga);
  yield takeLatest(consentLinkOpened.type, consentLinkSaga);
  yield takeLeading(consentGiven.type, consentSaga);
}
