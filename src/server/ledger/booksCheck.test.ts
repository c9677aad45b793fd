import { BOOKS_SETTINGS, deliveredToStandIn, memoryBooks, memoryBooksReads } from '../../../test/support/memoryBooks';
import { dateIn } from '../../shared/protections/age';
import { checkBooks } from './booksCheck';

/** A player who bought two packs, spent some and claimed today's gift, every event of theirs taken by the game. */
async function dayOfMoves(uid = 'ana') {
  const books = await memoryBooks(uid);
  const paid = (await books.driver.buy(3, false))!;
  await books.driver.buy(1, false);
  await books.driver.spend(500, 'sword');
  await books.driver.gift(0);
  const wallets = deliveredToStandIn(books.memory, uid);
  return { ...books, paid, wallets, today: dateIn(BOOKS_SETTINGS.STORE_TIME_ZONE, Date.now()) };
}

describe('the nightly check of the books', () => {
  it('finds nothing apart in books that agree, and says the game answered', async () => {
    const { memory, wallets, today } = await dayOfMoves();
    const report = await checkBooks(memoryBooksReads(memory, wallets), today, Date.now());
    expect(report).toMatchObject({ date: today, players: 1, entries: 4, apart: [], game: { asked: true, answered: true } });
  });

  it('names the player and the gems when the game’s books lost an event they had taken', async () => {
    const { memory, wallets, today, paid } = await dayOfMoves();
    const lost = memory.gameEventRecords.find((event) => event.orderId === paid)!;
    wallets.lose('ana', lost.id);
    const report = await checkBooks(memoryBooksReads(memory, wallets), today, Date.now());
    // Its wallet is what the moves it still holds make: the one it lacks is what is apart.
    expect(report.apart).toEqual([{ kind: 'gameLacks', uid: 'ana', gems: 5250, entryId: lost.id, detail: `${lost.id}, entry 1 of the store's` }]);
  });

  it('finds a balance written past the door, an event left for support, a day uncounted, and a game that did not answer', async () => {
    const { memory, wallets, today, paid } = await dayOfMoves();
    memory.balances.set('ana', 9_999);
    memory.gameEventRecords.find((event) => event.orderId === paid)!.status = 'attention';
    memory.dayCounts.pop();
    const report = await checkBooks(memoryBooksReads(memory, wallets, 'fail'), today, Date.now());
    expect(report.apart.map((item) => [item.kind, item.uid, item.gems])).toEqual([
      // The gift's 20 gems, uncounted.
      ['dayCounts', null, -20],
      ['sum', 'ana', 9_999 - (5_250 + 1_000 - 500 + 20)],
      ['last', 'ana', 9_999 - 5_770],
      ['event', 'ana', 5_250],
    ]);
    expect(report.game).toEqual({ asked: true, answered: false, why: 'the game’s statement answered 503' });
  });

  it('takes a credit the game declined and the store took back as handled, and does not ask a game there is none of', async () => {
    const { memory, deps, today, paid } = await dayOfMoves();
    memory.gameEventRecords.find((event) => event.orderId === paid)!.status = 'declined';
    expect((await deps.refunds.beginDeclinedRefund(paid, { at: Date.now(), reason: 'banned', attemptId: 'a-1' })).decided).toBe(true);
    const report = await checkBooks(memoryBooksReads(memory, null), today, Date.now());
    expect(report).toMatchObject({ entries: 5, apart: [], game: { asked: false } });
  });
});
