import crypto from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { API_ROUTES } from '../../src/shared/api';
import { statementTexts } from '../../src/shared/statementTexts';
import { ROUTES } from '../../src/shared/routes';
import { TEST_CLOCK_ROUTE } from '../../src/server/http/testClockRouter';
import { openPage, pageErrors, sharedBrowser, shootBothWidths } from '../../scripts/browser/browser';
import { axeViolations } from '../support/axe';
import { isolatedStore, type IsolatedStore } from '../support/isolatedStore';
import { stackBooks } from '../support/stackBooks';
import type { TestPlayer } from '../support/paymentsHarness';

/**
 * The player's statement in Chromium, on an isolated store (its own database, so the day's gift limits and the figures
 * are this test's): a player who bought, was refunded once, claimed two daily gifts and had a dispute reads six lines,
 * the last balance the header's, at a phone's width with no axe violation; the CSV they download has the same rows.
 */
jest.setTimeout(240_000);

const DAY_MS = 86_400_000;
const browser = sharedBrowser();
let store: IsolatedStore;
let staff: TestPlayer;

beforeAll(async () => {
  store = await isolatedStore('statement');
  staff = await store.newStaff();
});
afterAll(async () => {
  await store?.stop();
});

/** The store's clock, moved to claim on another store day. */
const moveClock = async (offsetMs: number) => {
  const response = await fetch(`${store.url}/api${TEST_CLOCK_ROUTE}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ offsetMs }) });
  if (response.status !== 200) throw new Error(`The test clock did not move: ${response.status}`);
};

describe('the statement, in the browser', () => {
  it('a purchase, two gifts, a refund, another purchase and a dispute: six lines at 375 px, the last balance the header’s, and the CSV the same rows', async () => {
    const player = await store.newPlayer();
    const { driver } = stackBooks(store, player, staff);
    const tiny = (await driver.buy(1, false))!;
    // Two daily gifts, on two store days, through the store's own route.
    try {
      for (const day of [0, 1]) {
        await moveClock(day * DAY_MS);
        const claimed = await store.call('POST', API_ROUTES.dailyGift, player.idToken, { deviceId: crypto.randomUUID() });
        expect(claimed.status).toBe(200);
      }
    } finally {
      await moveClock(0);
    }
    await driver.refund(tiny, false);
    const pouch = (await driver.buy(3, false))!;
    await driver.dispute(pouch, 'opened');

    const page = await openPage(browser(), { viewport: { width: 375, height: 812 } });
    await store.signInOnPage(page, player.email);
    await page.goto(`${store.url}${ROUTES.orders}`);
    const statement = page.getByTestId('gem-statement');
    await statement.getByTestId('statement-lines').waitFor();
    const lines = await statement.getByTestId('statement-line').allInnerTexts();
    expect(lines).toHaveLength(6);
    expect(lines.map((text) => text.split('\n')[0])).toEqual([
      `Taken back: your bank reversed order ${pouch}`,
      expect.stringMatching(new RegExp(`^Bought: Pouch of Gem, order ${pouch}$`)),
      `Taken back: order ${tiny} is refunded to you`,
      'Daily gift',
      'Daily gift',
      `Bought: Tiny of Gem, order ${tiny}`,
    ]);
    const header = await statement.getByTestId('statement-balance').innerText();
    const lastBalance = (await statement.getByTestId('statement-balance-after').first().innerText()).replace(/^Balance after: /, '').split(',')[0];
    expect(header).toBe(`Balance: ${lastBalance} gems`);
    expect(header).toBe('Balance: 40 gems');
    expect(await axeViolations(page)).toEqual([]);
    await statement.scrollIntoViewIfNeeded();
    await shootBothWidths(page, 'gem-statement');

    // The CSV, as the player downloads it: the same rows, newest first.
    const [download] = await Promise.all([page.waitForEvent('download'), statement.getByRole('button', { name: statementTexts.download }).click()]);
    expect(download.suggestedFilename()).toBe('wyrmcrown-gem-statement.csv');
    const rows = parse(await streamText(await download.createReadStream())) as string[][];
    expect(rows.slice(1).map((row) => row[1])).toEqual(lines.map((text) => text.split('\n')[0]));
    expect(rows.slice(1).map((row) => Number(row[3]))).toEqual([40, 3540, 40, 1040, 1020, 1000]);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
