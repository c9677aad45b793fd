import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { navigate } from '../../lib/navigation';
import { authSlice, type PublicUser } from '../auth';
import { throwError } from 'redux-saga-test-plan/providers';
import type { ShelfResponse } from '../../../shared/api';
import { STARTING_PACKS } from '../../../shared/startingCatalogue';
import { isPageHidden, readShelf } from './shelfApi';
import { buySaga } from './shopSagas';
import { keepShelfSaga, readShelfSaga, SHELF_READ_EVERY_MS, untilNextRead } from './shelfSaga';
import { buyClicked, shelfRead, shelfStale } from './shopSlice';
import { samplePlayer } from '../../../../test/fixtures/samples';

const player = samplePlayer;
const stateWith = (user: PublicUser | null) => ({ auth: { ...authSlice.getInitialState(), user } });

describe('buySaga', () => {
  it('takes a signed-in player to the pack form', () =>
    expectSaga(buySaga, buyClicked({ packId: 3 }))
      .withState(stateWith(player))
      .provide([[matchers.call.fn(navigate), undefined]])
      .call(navigate, '/shop?item=3')
      .run());

  it('sends an anonymous visitor to sign in, carrying the pack', () =>
    expectSaga(buySaga, buyClicked({ packId: 3 }))
      .withState(stateWith(null))
      .provide([[matchers.call.fn(navigate), undefined]])
      .call(navigate, '/signin-signup?item=3')
      .run());
});

describe('the shelf', () => {
  const shelf = (version: number, nextChangeAt: number | null = null): ShelfResponse => ({ version, packs: STARTING_PACKS.slice(0, version), nextChangeAt });
  const shopState = (fromPage: boolean, shown = shelf(1)) => ({ shop: { shelf: shown, fromPage } });

  it('is read again as a schedule changes it, or within the regular minute, and never sooner than a second', () => {
    expect(untilNextRead(shelf(1), 1_000)).toBe(SHELF_READ_EVERY_MS);
    expect(untilNextRead(shelf(1, 21_000), 1_000)).toBe(21_000);
    expect(untilNextRead(shelf(1, 10 * SHELF_READ_EVERY_MS), 0)).toBe(SHELF_READ_EVERY_MS);
    expect(untilNextRead(shelf(1, 500), 1_000)).toBe(1_000);
  });

  it('takes the published shelf up as read', () =>
    expectSaga(readShelfSaga)
      .provide([[matchers.call.fn(readShelf), shelf(2)]])
      .put(shelfRead(shelf(2)))
      .run());

  it('keeps the shelf shown when it cannot be read', () =>
    expectSaga(readShelfSaga)
      .provide([[matchers.call.fn(readShelf), throwError(new Error('offline'))]])
      .not.put.actionType(shelfRead.type)
      .run());

  it('reads the shelf at once when the page came without one, and again when it is shown stale', () =>
    expectSaga(keepShelfSaga)
      .withState(shopState(false))
      .provide([
        [matchers.call.fn(readShelf), shelf(3)],
        [matchers.call.fn(isPageHidden), true],
      ])
      .dispatch(shelfStale())
      .put(shelfRead(shelf(3)))
      .call(readShelfSaga)
      .silentRun(50)
      .then(({ effects }) => expect(effects.call!.filter((effect) => effect.payload.fn === readShelf)).toHaveLength(2)));

  it('does not read a shelf the page brought until it is due', () =>
    expectSaga(keepShelfSaga)
      .withState(shopState(true))
      .provide([[matchers.call.fn(readShelf), shelf(3)]])
      .not.call.fn(readShelf)
      .silentRun(50));
});
