import type { Action } from '@reduxjs/toolkit';
import type { EventChannel, Task } from 'redux-saga';
import { call, cancel, fork, put, race, select, take, takeLatest } from 'redux-saga/effects';
import { COLLECTIONS } from '../../../shared/firestorePaths';
import { toOrderView, type OrderView } from '../../../shared/orders/orderView';
import { firestoreQueryChannel, type QueryEvent, type QuerySpec } from '../../lib/firestoreQueryChannel';
import { selectUser, type PublicUser } from '../auth';
import { olderRequested, ordersClosed, ordersFailed, ordersOpened, ORDERS_PAGE_SIZE, pageUpdated, selectOrders } from './transactionsSlice';

/**
 * One page of the player's orders, newest first, after `startAfter` (the last createdAt of the page before). A browser
 * signed in with the game lists the orders it made, until the game confirms it for the account's personal data (the
 * rules let it read no other: firestore.rules).
 */
export function ordersPageQuery(user: Pick<PublicUser, 'uid' | 'storeSession'>, startAfter?: number): QuerySpec {
  const session = user.storeSession;
  return {
    collection: COLLECTIONS.transactions,
    where: session && !session.personalData ? [['userId', user.uid], ['madeBy', session.sessionUid]] : [['userId', user.uid]],
    orderBy: ['createdAt', 'desc'],
    limit: ORDERS_PAGE_SIZE,
    ...(startAfter === undefined ? {} : { startAfter }),
  };
}

/** Follows one page of the history live. */
export function* watchPageSaga(index: number, spec: QuerySpec) {
  const channel: EventChannel<QueryEvent> = yield call(firestoreQueryChannel, spec);
  try {
    while (true) {
      const event: QueryEvent = yield take(channel);
      if ('error' in event) {
        console.error('Orders unavailable:', event.error);
        yield put(ordersFailed('We could not load your orders. Please reload the page.'));
        return;
      }
      yield put(pageUpdated({ index, orders: event.docs.map((doc) => toOrderView(doc.id, doc.data)) }));
    }
  } finally {
    channel.close();
  }
}

/** /account/orders while it is open: the first page, and each older page the player asks for. */
export function* ordersPageSaga() {
  const user: PublicUser | null = yield select(selectUser);
  if (!user) return;
  const pages: Task[] = [yield fork(watchPageSaga, 0, ordersPageQuery(user))];
  try {
    while (true) {
      yield take(olderRequested.type);
      const shown: OrderView[] = yield select(selectOrders);
      const oldest = shown[shown.length - 1];
      if (oldest) pages.push(yield fork(watchPageSaga, pages.length, ordersPageQuery(user, oldest.createdAt)));
    }
  } finally {
    yield cancel(pages);
  }
}

export function* ordersSaga() {
  // takeLatest: opening the orders again restarts the live pages.
  yield takeLatest(ordersOpened.type, function* session() {
    yield race({ open: call(ordersPageSaga), closed: take((action: Action) => ordersClosed.match(action)) });
  });
}
