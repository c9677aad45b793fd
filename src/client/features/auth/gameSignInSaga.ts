import type { Action, PayloadAction } from '@reduxjs/toolkit';
import { call, put, race, select, take, takeLatest } from 'redux-saga/effects';
import type { RedeemLinkResponse, StartLinkResponse } from '../../../shared/api';
import { linkSignalPath } from '../../../shared/firestorePaths';
import { accountNameOf, playerTagOf } from '../../../shared/playerTag';
import { toApiError } from '../../lib/apiClient';
import { documentHeldSaga } from '../../lib/firestoreDocumentChannel';
import { navigate } from '../../lib/navigation';
import { pause } from '../../lib/pause';
import { selectUser, signedIn } from './authSlice';
import type { LinkPurpose } from '../../../shared/gameSignIn/linkSession';
import {
  gameAccountAsked,
  gameAccountKept,
  gameAccountReplaced,
  gameCodeExpired,
  gameCodeShown,
  gameSignInConfirmed,
  gameSignInFailed,
  gameSignInLeft,
  gameSignInStarted,
  personalDataConfirmed,
  type GameCodeRequest,
} from './gameSignInSlice';
import { hashVerifier, newVerifier, redeemGameSignIn, signInWithToken, startGameSignIn } from './gameSignInService';
import { describeAuthError } from './authSagas';
import { pathAfterSignIn } from './redirects';
import { writeStoredUser, type PublicUser } from './storedUser';

/** Should live updates fail, how often the confirmation is asked for instead (the page still learns within a second). */
export const CONFIRMATION_POLL_MS = 1_000;

/** "Guest · #K7Q2M4XD" */
const accountLabel = (account: { uid: string; displayName: string | null; email: string | null }) => `${accountNameOf(account)} · #${playerTagOf(account.uid)}`;

/** The session as the game left it once it confirmed (the browser may read its signal). */
const isConfirmed = (data: Record<string, unknown> | undefined) => data?.state === 'confirmed';

/** The confirmed sign-in, taken up with this browser's verifier: at once when the session was heard confirmed, else asked every second. */
export function* redeemWhenConfirmed(sessionId: string, verifier: string, purpose: LinkPurpose = 'signIn') {
  // Listens to the session: false should live updates fail.
  const heard: boolean = yield call(documentHeldSaga, linkSignalPath(sessionId), isConfirmed);
  while (true) {
    try {
      const redeemed: RedeemLinkResponse = yield call(redeemGameSignIn, sessionId, verifier, purpose);
      return redeemed;
    } catch (error) {
      // 409: not confirmed yet (only while asking instead of listening); anything else ends the wait.
      if (heard || toApiError(error).status !== 409) throw error;
    }
    yield call(pause, CONFIRMATION_POLL_MS);
  }
}

/** Answers true once the code's time is up (a race reads its winner by a value it can tell). */
export function* codeExpiry(ms: number) {
  yield call(pause, ms);
  return true;
}

/**
 * Sign in with the game: a verifier only this saga holds, a session started with its hash, its code shown; then the
 * game's confirmation heard live (or the code's expiry, or the player leaving), the sign-in redeemed with the
 * verifier, a question first if this browser is signed in as someone else, and the sign-in with the custom token.
 */
export function* gameSignInSaga(action: PayloadAction<GameCodeRequest>) {
  const purpose = action.payload.purpose ?? 'signIn';
  const verifier: string = yield call(newVerifier);
  let started: StartLinkResponse;
  try {
    const verifierHash: string = yield call(hashVerifier, verifier);
    started = yield call(startGameSignIn, verifierHash, purpose);
  } catch (error) {
    yield put(gameSignInFailed(toApiError(error).message));
    return;
  }
  const shownAt: number = yield call(Date.now);
  yield put(gameCodeShown({ code: started.code, gameLink: started.gameLink, expiresAt: shownAt + started.expiresInMs }));

  let redeemed: RedeemLinkResponse | undefined;
  try {
    const outcome: { redeemed?: RedeemLinkResponse; expired?: true; left?: Action } = yield race({
      redeemed: call(redeemWhenConfirmed, started.sessionId, verifier, purpose),
      expired: call(codeExpiry, started.expiresInMs),
      left: take(gameSignInLeft.type),
    });
    if (outcome.expired) yield put(gameCodeExpired());
    redeemed = outcome.redeemed;
  } catch (error) {
    yield put(gameSignInFailed(toApiError(error).message));
    return;
  }
  if (!redeemed) return;
  if (purpose === 'personalData') {
    yield call(confirmedForPersonalData, redeemed);
    return;
  }
  yield put(gameSignInConfirmed());

  // Whose account this browser is about to become, by the tag of its uid, asked before anything changes: a code
  // confirmed by someone else's game (sent to them, or read over a shoulder) must not sign this browser in unseen.
  const current: PublicUser | null = yield select(selectUser);
  if (!current || current.uid !== redeemed.account.uid) {
    yield put(gameAccountAsked({ current: current && accountLabel(current), next: accountLabel(redeemed.account) }));
    const answer: Action = yield take([gameAccountReplaced.type, gameAccountKept.type, gameSignInLeft.type]);
    if (!gameAccountReplaced.match(answer)) return;
  }
  try {
    const user: PublicUser = yield call(signInWithToken, redeemed.customToken);
    yield call(writeStoredUser, user);
    yield put(signedIn(user));
  } catch (error) {
    yield put(gameSignInFailed(yield call(describeAuthError, error)));
    return;
  }
  yield put(gameSignInLeft());
  yield call(navigate, pathAfterSignIn(action.payload.item));
}

/**
 * The game confirmed this browser's store session for the account's personal data: the same session, its token now
 * saying so, signed in again in place (nothing to ask: it is the account this browser already is).
 */
export function* confirmedForPersonalData(redeemed: RedeemLinkResponse) {
  try {
    const user: PublicUser = yield call(signInWithToken, redeemed.customToken);
    yield call(writeStoredUser, user);
    yield put(signedIn(user));
    yield put(personalDataConfirmed());
  } catch (error) {
    yield put(gameSignInFailed(yield call(describeAuthError, error)));
  }
}

export function* gameSignInWatcher() {
  // takeLatest: a new code cancels the wait for the last one (its code no longer shown).
  yield takeLatest(gameSignInStarted.type, gameSignInSaga);
}
