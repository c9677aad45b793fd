import fc from 'fast-check';
import { BOOKS_SEED, booksSequence, runBooksSequence } from '../../../test/support/booksSequences';
import { BOOKS_SETTINGS, deliveredToStandIn, memoryBooks, memoryBooksReads } from '../../../test/support/memoryBooks';
import { dayCountsIn, playerGemsIn } from '../../../test/support/memory/memoryState';
import { dateIn } from '../../shared/protections/age';
import { sumOfEntries, tellsTheGame } from '../../shared/ledger';
import { checkBooks, ledgerApart } from './booksCheck';
import { countsOfEntries, LEDGER_COUNTERS } from './ledgerCounts';

/**
 * The books' property, on the in-memory fakes: 1,000 random runs of every move (a purchase with its first-purchase
 * bonus, a late transfer landing, a refund made or refused, a dispute opened, won, lost or accepted, a write-off, a
 * daily gift, a spend in the game), and after each, for the player: the balance less the debt is the sum of the
 * entries, each entry follows from the one before, neither ever below 0, one game event per entry the game is told of,
 * the stand-in game's wallet fed those events gives the same balance and debt, the day's counts are the entries', and
 * the nightly check finds nothing apart. A failure is shrunk to its shortest run and printed with its seed.
 */
jest.setTimeout(300_000);

describe('the books, by 1,000 random runs of every move through the in-memory fakes', () => {
  it('balance = sum of entries, never below 0, one game event per entry, the game’s wallet agrees, the day’s counts agree, nothing apart', async () => {
    let runs = 0;
    const kindsSeen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(booksSequence, async (commands) => {
        const { memory, driver, uid } = await memoryBooks();
        await runBooksSequence(driver, commands);
        const entries = memory.ledgerEntries.get(uid) ?? [];
        const gems = playerGemsIn(memory, uid);
        runs += 1;
        for (const entry of entries) kindsSeen.set(entry.kind, (kindsSeen.get(entry.kind) ?? 0) + 1);

        expect(sumOfEntries(entries)).toBe(gems.balance - gems.debt);
        expect(entries.every((entry) => entry.balanceAfter >= 0 && entry.debtAfter >= 0)).toBe(true);
        expect(ledgerApart(uid, entries, gems)).toEqual([]);
        expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);
        const told = entries.filter((entry) => tellsTheGame(entry.kind)).map((entry) => entry.id);
        expect(memory.gameEventRecords.filter((event) => event.uid === uid).map((event) => event.id)).toEqual(told);

        const wallets = deliveredToStandIn(memory, uid);
        expect(wallets.walletOf(uid)).toEqual(gems);
        const counted = dayCountsIn(memory);
        expect(Object.fromEntries(LEDGER_COUNTERS.map((counter) => [counter, counted[counter] ?? 0]))).toEqual(countsOfEntries(entries));

        // The nightly check of each day the run touched, every event taken by the game: nothing apart.
        for (const date of new Set(entries.map((entry) => dateIn(BOOKS_SETTINGS.STORE_TIME_ZONE, entry.at)))) {
          const report = await checkBooks(memoryBooksReads(memory, wallets), date, Date.now());
          expect(report.apart).toEqual([]);
          expect(report.game).toEqual({ asked: true, answered: true });
        }
      }),
      { numRuns: 1_000, seed: BOOKS_SEED },
    );
    // The runs made every kind of move, many times: a property over empty ledgers would prove nothing.
    expect(runs).toBe(1_000);
    const kinds = Object.fromEntries(['purchase', 'daily_gift', 'refund', 'refund_refused', 'dispute', 'dispute_won', 'write_off', 'spent'].map((kind) => [kind, (kindsSeen.get(kind) ?? 0) >= 25]));
    expect({ kindsSeen: Object.fromEntries(kindsSeen), kinds }).toEqual({ kindsSeen: Object.fromEntries(kindsSeen), kinds: Object.fromEntries(Object.keys(kinds).map((kind) => [kind, true])) });
  });
});
