import fc from 'fast-check';
import { mapWithConcurrency } from '../../src/server/lib/mapWithConcurrency';
import { ledgerApart } from '../../src/server/ledger/booksCheck';
import { API_ROUTES } from '../../src/shared/api';
import { COLLECTIONS } from '../../src/shared/firestorePaths';
import { dateIn } from '../../src/shared/protections/age';
import { BOOKS_SEED, booksSequence, ledgerShape, runBooksSequence, type BooksCommand } from '../support/booksSequences';
import { isolatedStore, type IsolatedStore } from '../support/isolatedStore';
import { memoryBooks } from '../support/memoryBooks';
import { stackBooks, startBooksOffer } from '../support/stackBooks';
import { stackSettings, type TestPlayer } from '../support/paymentsHarness';
import { openPage, pageErrors, sharedBrowser, shootBothWidths } from '../../scripts/browser/browser';
import { axeViolations } from '../support/axe';
import { ROUTES } from '../../src/shared/routes';
import { formatGemCount } from '../../src/shared/money';

/**
 * The books on the real stack (an isolated store: its own Firestore database and game stand-in, on the shared
 * emulators and sandbox): the same random runs of every move as the property test's leave the same ledger, gems and
 * game wallet as they leave on the fakes; and the nightly check finds nothing apart in them, then names the player and
 * the gems of an event the game's books lost.
 */
jest.setTimeout(900_000);

const RUNS = 50;
const browser = sharedBrowser();
let store: IsolatedStore;
let staff: TestPlayer;
const players: Array<{ player: TestPlayer; commands: BooksCommand[] }> = [];

beforeAll(async () => {
  store = await isolatedStore('books');
  await startBooksOffer(store);
  staff = await store.newStaff();
});
afterAll(async () => {
  await store?.stop();
});

describe('the books on the stack', () => {
  it(`the property test's first ${RUNS} runs leave the same ledger, gems and game wallet on the stack as on the fakes`, async () => {
    const runs = fc.sample(booksSequence, { numRuns: RUNS, seed: BOOKS_SEED });
    const outcomes = await mapWithConcurrency(runs, 5, async (commands) => {
      const player = await store.newPlayer();
      players.push({ player, commands });
      const stack = stackBooks(store, player, staff);
      await runBooksSequence(stack.driver, commands);
      await stack.delivered();
      const fake = await memoryBooks(player.uid);
      await runBooksSequence(fake.driver, commands);
      const [entries, gems, wallet] = await Promise.all([stack.entries(), stack.driver.gems(), store.game(`/wallets/${player.uid}`)]);
      const fakeGems = await fake.driver.gems();
      return {
        commands,
        stack: { ledger: ledgerShape(entries), gems, wallet: { balance: wallet.gems, debt: wallet.debt }, apart: ledgerApart(player.uid, entries, gems) },
        fakes: { ledger: ledgerShape(fake.memory.ledgerEntries.get(player.uid) ?? []), gems: fakeGems, wallet: fakeGems, apart: [] },
      };
    });
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    const results = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    // Each run as a whole, its commands beside it, so a difference names the run that made it.
    for (const { commands, stack, fakes } of results) expect({ commands, ...stack }).toEqual({ commands, ...fakes });
    // The runs moved gems, of every kind.
    const kinds = new Set(results.flatMap((result) => result.stack.ledger.map((entry) => entry.kind)));
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['daily_gift', 'dispute', 'dispute_won', 'purchase', 'refund', 'spent']));
  });

  it('the nightly check finds nothing apart in these books; an event the game lost is named, with its player and gems, on support’s health view', async () => {
    expect(players).toHaveLength(RUNS);
    const today = dateIn(stackSettings.STORE_TIME_ZONE, Date.now());
    const clean = await store.checkBooks(today);
    expect(clean.status).toBe(200);
    expect(clean.body).toMatchObject({ date: today, apart: [], game: { asked: true, answered: true } });
    expect(clean.body.players).toBeGreaterThan(RUNS / 2);

    // The game's books lose an event they had taken (restored from an old backup, say).
    const events = await store.db.collection(COLLECTIONS.gameEvents).where('status', '==', 'delivered').where('body.data.reason', '==', 'purchase').limit(1).get();
    const lost = events.docs[0]!.data();
    expect((await store.game(`/lose/${lost.id}`, 'POST')).lost).toBe(lost.id);
    const found = await store.checkBooks(today);
    const gems = lost.body.data.gems + lost.body.data.bonusGems;
    expect(found.body.apart).toEqual([{ kind: 'gameLacks', uid: lost.uid, gems, entryId: lost.id, detail: expect.stringContaining(lost.id) }]);
    const health = await store.call('GET', API_ROUTES.supportHealth, staff.idToken);
    expect(health.body.books).toMatchObject({ date: today, apart: [{ kind: 'gameLacks', uid: lost.uid, gems }] });

    // As support reads it, in the console.
    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await store.signInOnPage(page, staff.email);
    await page.goto(`${store.url}${ROUTES.support}`);
    const books = page.getByTestId('books-health');
    await books.waitFor();
    const shown = await books.innerText();
    expect(shown).toContain(`${today}: `);
    expect(shown).toContain('1 apart');
    // A purchase's credit the game lost: the gems it lacks, signed as the statement signs them.
    expect(shown).toContain(`${lost.uid}, +${formatGemCount(gems)} gems: The game's books lack a move`);
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, 'books-health');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
