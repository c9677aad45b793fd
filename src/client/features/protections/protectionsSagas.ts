import { call, fork, put, race, select, take } from 'redux-saga/effects';
import { protectionsOf, type PlayerProtections, type ProtectionsView } from '../../../shared/protections/playerProtections';
import { playerProtectionsPath } from '../../../shared/firestorePaths';
import { ledgerMoved } from '../../wiring/ledgerActions';
import { documentHeldSaga } from '../../lib/firestoreDocumentChannel';
import { pause } from '../../lib/pause';
import { readSpendingLimit } from '../../lib/protectionsApi';
import { authActionsChangingUser, selectUser, type PublicUser } from '../auth';
import { balanceUpdated } from '../balance';
import { protectionsAnswered, selectLimitView } from './limitsView';
import { guardianAnswered, selectAskedOf } from './protectionsSlice';

/** Without live updates, the wait for a guardian's consent asks the server this often, for at most CONSENT_POLL_FOR_MS. */
export const CONSENT_POLL_MS = 5_000;
export const CONSENT_POLL_FOR_MS = 30 * 60_000;

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
export function awaitedGuardian(view: ProtectionsView | null, askedOf: string | null): { after: number | null } | null {
  if (view?.purchaseBlock === 'guardianConsentNeeded') return { after: null };
  if (view?.guardianConsent && askedOf) return { after: view.guardianConsent.at };
  return null;
}

/**
 * While a player waits for their guardian, the protections are watched: a young player's payment form opens by itself
 * once the guardian consents, and a new limit shows once they set it (the view read again), without a reload. A
 * change of account stops the watch.
 */
export function* consentWatchSaga() {
  while (true) {
    yield take(protectionsAnswered);
    const awaited: ReturnType<typeof awaitedGuardian> = awaitedGuardian(yield select(selectLimitView), yield select(selectAskedOf));
    const user: PublicUser | null = yield select(selectUser);
    if (!awaited || !user) continue;
    const { answered }: { answered?: boolean } = yield race({ answered: call(waitForConsentSaga, user.uid, awaited.after), userChanged: take(authActionsChangingUser) });
    if (!answered) continue;
    yield put(guardianAnswered());
    yield put(ledgerMoved());
  }
}

/**
 * A payment credited or a refund taken back moves the balance, and the month's spending with it: the ledger moved. The
 * balance's first word after sign-in (or a reload) is no move.
 */
export function* ledgerFollowsBalanceSaga() {
  let known: number | null = null;
  while (true) {
    const action: { type: string; payload?: unknown } = yield take([balanceUpdated.type, ...authActionsChangingUser]);
    if (!balanceUpdated.match(action)) {
      known = null;
      continue;
    }
    if (known !== null && action.payload !== known) yield put(ledgerMoved());
    known = action.payload;
  }
}

export function* protectionsSaga() {
  yield fork(consentWatchSaga);
  yield fork(ledgerFollowsBalanceSaga);
}
