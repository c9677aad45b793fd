import { call, delay, put, race, select, take } from 'redux-saga/effects';
import type { ShelfResponse } from '../../../shared/api';
import { isPageHidden, readShelf } from './shelfApi';
import { selectShelf, selectShelfFromPage, shelfRead, shelfStale } from './shopSlice';

/** How often an open shop reads the published shelf again: a publish shows within this, without a reload. */
export const SHELF_READ_EVERY_MS = 60_000;
/** A schedule's change is read this long after its moment, so the server's clock has passed it too. */
const AFTER_SCHEDULE_MS = 1_000;

/** Reads the published shelf; one that cannot be read leaves the shelf shown as it is (the next read tries again). */
export function* readShelfSaga() {
  try {
    const shelf: ShelfResponse = yield call(readShelf);
    yield put(shelfRead(shelf));
  } catch {
    // Offline, or the server busy: the packs shown still sell as shown, and an order is priced by the server.
  }
}

/** How long until the shelf should be read again: the next schedule's change when it comes sooner than the regular read. */
export function untilNextRead(shelf: ShelfResponse, now: number): number {
  if (shelf.nextChangeAt === null) return SHELF_READ_EVERY_MS;
  return Math.min(SHELF_READ_EVERY_MS, Math.max(AFTER_SCHEDULE_MS, shelf.nextChangeAt - now + AFTER_SCHEDULE_MS));
}

/**
 * Keeps the shelf the published one while the shop is loaded: read at once when the page came without it, then every
 * minute, at each schedule's change (a weekend pack appears by itself), and whenever something showed it stale. A
 * background tab skips its regular reads.
 */
export function* keepShelfSaga() {
  const fromPage: boolean = yield select(selectShelfFromPage);
  if (!fromPage) yield call(readShelfSaga);
  for (;;) {
    const shelf: ShelfResponse = yield select(selectShelf);
    const { stale } = yield race({ due: delay(untilNextRead(shelf, Date.now())), stale: take(shelfStale.type) });
    const hidden: boolean = yield call(isPageHidden);
    if (stale || !hidden) yield call(readShelfSaga);
  }
}

