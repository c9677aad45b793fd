import type { EventChannel } from 'redux-saga';
import type { Task } from 'redux-saga';
import { call, cancel, fork, put, select, take } from 'redux-saga/effects';
import { authActionsChangingUser, selectUser, type PublicUser } from '../auth';
import { firestoreDocumentChannel, type DocumentEvent } from '../../lib/firestoreDocumentChannel';
import { gemCountOf, userDocumentPath } from './balanceService';
import { balanceCleared, balanceUnavailable, balanceUpdated } from './balanceSlice';

export function* watchGemBalance(uid: string) {
  const channel: EventChannel<DocumentEvent> = yield call(firestoreDocumentChannel, userDocumentPath(uid));
  try {
    while (true) {
      const event: DocumentEvent = yield take(channel);
      if ('data' in event) yield put(balanceUpdated(gemCountOf(event.data)));
      else {
        console.error('Gem balance unavailable:', event.error);
        yield put(balanceUnavailable());
      }
    }
  } finally {
    channel.close();
  }
}

/** Keeps one balance listener for whoever is signed in: started at sign-in, stopped at sign-out. */
export function* balanceSaga() {
  let watchedUid: string | null = null;
  let watcher: Task | null = null;
  while (true) {
    const user: PublicUser | null = yield select(selectUser);
    const uid = user?.uid ?? null;
    if (uid !== watchedUid) {
      if (watcher) yield cancel(watcher);
      yield put(balanceCleared());
      watcher = uid ? yield fork(watchGemBalance, uid) : null;
      watchedUid = uid;
    }
    yield take(authActionsChangingUser);
  }
}
