import { call, debounce, fork, put, race, select, take, takeLatest, takeLeading } from 'redux-saga/effects';
import { protectionsOf, type PlayerProtections, type ProtectionsView } from '../../../shared/protections/playerProtections';
import type { ConsentPageFacts } from '../../../shared/api';
import { playerProtectionsPath } from '../../../shared/firestorePaths';
import { playerOrdersChanged } from '../../app/ledgerActions';
import { toApiError } from '../../lib/apiClient';
import { documentHeldSaga } from '../../lib/firestoreDocumentChannel';
import { pause } from '../../lib/pause';
import { authActionsChangingUser, selectUser, type PublicUser } from '../auth';
import { balanceUpdated } from '../balance';
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
  guardianAnswered,
  guardianConsentAsked,
  limitChanged,
  limitChangeFailed,
  limitChangeRequested,
  limitsFailed,
  limitsLoaded,
  limitsRequested,
  selectGate,
  selectLimitView,
  type ProtectionsState,
} from './protectionsSlice';

/** A payment, a refund or an order made or ended is read again once this quiet follows it (one read for a burst). */
export const LEDGER_SETTLE_MS = 300;
/** Without live updates, the wait for a guardian's consent asks the server this often, for at most CONSENT_POLL_FOR_MS. */
export const CONSENT_POLL_MS = 5_000;
export const CONSENT_POLL_FOR_MS = 30 * 60_000;

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

/** Every limit figure on show moves with the ledger: read again after a payment, a refund, or an order made or ended. */
export function* refreshLimitsSaga() {
  const view: ProtectionsView | null = yield select(selectLimitView);
  const user: PublicUser | null = yield select(selectUser);
  if (view && user) yield call(loadLimitsSaga);
}

/** A guardian's answer newer than `after` (the time of the consent the player had; null for none). */
const consentAfter = (consent: PlayerProtections['guardianConsent'], after: number | null) => consent !== null && (after === null || consent.at > after);

/**
 * Waits until the player's protections document records a guardian's answer newer than `after` (the player reads
 * their own, live). Should live updates fail, the server is asked now and then instead, for a while. Answers
 * whether the guardian answered.
 */
export function* waitForConsentSaga(uid: string, after: number | null) {
  const heard: boolean = yield call(documentHeldSaga, playerProtectionsPath(uid), (data) => consentAfter(protectionsOf(data).guardianConsent, after));
  if (heard) return true;
  for (let waited = 0; waited < CONSENT_POLL_FOR_MS; waited += CONSENT_POLL_MS) {
    yield call(pause, CONSENT_POLL_MS);
    try {
      const view: ProtectionsView = yield call(readSpendingLimit);
      if (consentAfter(view.guardianConsent, after)) return true;
    } catch {
      // Asked again at the next turn.
    }
  }
  return false;
}

/**
 * What the player waits for from their guardian: a first consent (their payment form waits for it), or, once they asked
 * in this visit, a new limit from the guardian who consented (answered at `after`). Null when they wait for nothing.
 */
export function awaitedGuardian(view: ProtectionsView | null, gate: ProtectionsState['gate']): { after: number | null } | null {
  if (view?.purchaseBlock === 'guardianConsentNeeded') return { after: null };
  if (view?.guardianConsent && gate.askedOf) return { after: view.guardianConsent.at };
  return null;
}

/**
 * While a player waits for their guardian, the protections are watched: a young player's payment form opens by itself
 * once the guardian consents, and a new limit shows once they set it (the view read again), without a reload. A
 * change of account stops the watch.
 */
export function* consentWatchSaga() {
  while (true) {
    yield take([limitsLoaded.type, gateAnswered.type]);
    const awaited: ReturnType<typeof awaitedGuardian> = awaitedGuardian(yield select(selectLimitView), yield select(selectGate));
    const user: PublicUser | null = yield select(selectUser);
    if (!awaited || !user) continue;
    const { answered }: { answered?: boolean } = yield race({ answered: call(waitForConsentSaga, user.uid, awaited.after), userChanged: take(authActionsChangingUser) });
    if (!answered) continue;
    yield put(guardianAnswered());
    yield call(loadLimitsSaga);
  }
}

export function* protectionsSaga() {
  yield fork(consentWatchSaga);
  yield debounce(LEDGER_SETTLE_MS, [balanceUpdated.type, playerOrdersChanged.type], refreshLimitsSaga);
  // Every component that shows the limit asks for it as it mounts (two on the shop, two on the payment screen): a read
  // already under way answers them all, so a page sends one request, not one per component.
  yield takeLeading(limitsRequested.type, loadLimitsSaga);
  // takeLeading for each change the player sends (a limit, a birth date, a consent request, a consent): its button is
  // busy until the answer, so a double press sends one.
  yield takeLeading(limitChangeRequested.type, changeLimitSaga);
  yield takeLeading(birthDateSubmitted.type, birthDateSaga);
  yield takeLeading(guardianConsentAsked.type, guardianConsentSaga);
  // takeLatest: the newest consent link opened is the one checked.
  yield takeLatest(consentLinkOpened.type, consentLinkSaga);
  yield takeLeading(consentGiven.type, consentSaga);
}
