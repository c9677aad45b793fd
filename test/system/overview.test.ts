import { FieldPath, type Firestore } from 'firebase-admin/firestore';
import { overviewTexts } from '../../src/client/features/support/overview/overviewTexts';
import { STARTING_PACKS } from '../../src/shared/startingCatalogue';
import { COLLECTIONS } from '../../src/shared/firestorePaths';
import { dateIn } from '../../src/shared/protections/age';
import { startApiInstances, type ApiInstances } from '../../scripts/stack/testing/apiInstances';
import { sharedStackSettings } from '../../scripts/stack/testing/sharedStackSettings';
import { openPage, pageErrors, resizeViewport, sharedBrowser, shootBothWidths, sidewaysSpill, storeUrl } from '../../scripts/browser/browser';
import { signInOnPage } from '../../scripts/browser/storePages';
import { TEST_ADULT_BIRTH_DATE } from '../fixtures/samples';
import { axeViolations } from '../support/axe';
import { namedDb } from '../support/emulatorAdmin';
import { completeInSandbox, newPlayer, paymentDetails, sandboxControl, signInAgain, waitFor, type TestPlayer } from '../support/paymentsHarness';
import { supportCommand } from '../support/staff';

/**
 * The operators' overview. Its figures are the store's own, so the staff test runs an API instance on a Firestore
 * database of its own: today's orders made through it (paid, declined, refunded, disputed) count in the commits that
 * make them; the days before are a year of rollups written as those commits would have.
 */
jest.setTimeout(180_000);

const settings = sharedStackSettings();
const browser = sharedBrowser();
const zone = settings.STORE_TIME_ZONE;
const [tiny, , pouch] = [STARTING_PACKS[0]!, STARTING_PACKS[1]!, STARTING_PACKS[2]!];

describe('the overview, as staff', () => {
  const databaseId = `overview-${process.pid}`;
  const own = { FIRESTORE_DATABASE_ID: databaseId, PUBLIC_BASE_URL: '', API_PUBLIC_URL: '' };
  let instance: ApiInstances;
  let db: Firestore;
  let sharedStoreUrl: string | undefined;
  beforeAll(async () => {
    instance = await startApiInstances(1, own);
    db = namedDb(databaseId);
    sharedStoreUrl = process.env.STORE_URL;
    process.env.STORE_URL = instance.urls[0];
  });
  afterAll(async () => {
    process.env.STORE_URL = sharedStoreUrl;
    await instance?.stop();
  });

  const api = (path: string) => `${instance.urls[0]}${path}`;
  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await fetch(api(path), { method, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: (await response.json().catch(() => null)) as any };
  };
  /** An order of `packId` through the instance, paid or declined at the sandbox, and its callback applied. */
  const order = async (player: TestPlayer, packId: number, outcome: 'paid' | 'failed') => {
    const started = await call('POST', '/api/payments', player.idToken, { packId, ...paymentDetails });
    expect(started.status).toBe(201);
    const { orderId } = started.body as { orderId: string };
    // The player's return brings the provider's word (a declined payment has no callback).
    expect((await call('POST', '/api/payments/return', player.idToken, await completeInSandbox(orderId, outcome))).status).toBe(200);
    await waitFor(() => db.doc(`transactions/${orderId}`).get(), (snapshot) => snapshot.data()?.status === (outcome === 'paid' ? 'paid' : 'failed'));
    if (outcome === 'paid') await waitFor(() => db.doc(`transactions/${orderId}`).get(), (snapshot) => snapshot.data()?.checked === 1);
    return orderId;
  };

  it('shows the revenue, rates and funnel the seeded days and today’s orders make, in the charts’ tables and the CSV, with 0 axe violations', async () => {
    // A year of days before today, as the commits would have counted them: 2 paid pouches and 1 declined order each.
    const today = dateIn(zone, Date.now());
    const noon = Date.parse(`${today}T12:00:00Z`);
    const earlier = Array.from({ length: 365 }, (_unused, index) => new Date(noon - (index + 1) * 86_400_000).toISOString().slice(0, 10));
    for (let start = 0; start < earlier.length; start += 200) {
      const batch = db.batch();
      for (const date of earlier.slice(start, start + 200)) {
        batch.set(db.collection(COLLECTIONS.statsDaily).doc(date), { ordersMade: 3, paid: 2, paidCents: 2 * pouch.priceCents, credited: 2, declined: 1 });
        batch.set(db.collection(COLLECTIONS.funnelDaily).doc(date), { shopVisit: 10, buy: 5, submit: 4 });
      }
      await batch.commit();
    }

    // Today, through the instance: three paid orders (one refunded, one disputed) and one declined.
    const player = await newPlayer();
    await db.doc(`player_protections/${player.uid}`).set({ birthDate: TEST_ADULT_BIRTH_DATE, updatedAt: 1 });
    await order(player, pouch.id, 'paid');
    const refunded = await order(player, tiny.id, 'paid');
    const disputed = await order(player, tiny.id, 'paid');
    await order(player, tiny.id, 'failed');
    expect((await call('POST', `/api/orders/${refunded}/refund`, player.idToken, { reason: 'Bought by mistake.' })).status).toBe(201);
    // Staff of this database: the role granted on it, in a token minted since.
    const member = await newPlayer();
    expect((await supportCommand('grant', member.email, own)).output).toContain('is support staff');
    const staff = await signInAgain(member);
    expect((await call('POST', `/api/support/refunds/${refunded}/approve`, staff.idToken)).status).toBe(200);
    await sandboxControl('POST', `/orders/${disputed}/dispute`, { stage: 'opened' });
    await waitFor(() => db.doc(`transactions/${disputed}`).get(), (snapshot) => snapshot.data()?.dispute?.status === 'opened');

    // Funnel steps from a visitor's browser, on this instance: the shop seen, Buy, then the page left.
    const visitor = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await visitor.goto(storeUrl('/shop'));
    await visitor.getByRole('button', { name: `Buy ${tiny.title}` }).click();
    await visitor.goto('about:blank');
    await waitFor(() => db.doc(`${COLLECTIONS.funnelDaily}/${today}`).get(), (snapshot) => snapshot.data()?.buy >= 1);
    // The beacons keep off the documents the orders' commits write (today's shards of the counts).
    const todaysShards = await db.collection(COLLECTIONS.statsDaily).where(FieldPath.documentId(), '>=', today).where(FieldPath.documentId(), '<=', `${today}~\uf8ff`).get();
    expect(todaysShards.size).toBeGreaterThan(0);
    expect(todaysShards.docs.flatMap((doc) => Object.keys(doc.data())).filter((field) => ['shopVisit', 'buy', 'submit', 'funnel'].includes(field))).toEqual([]);

    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await signInOnPage(page, staff.email);
    const started = Date.now();
    await page.goto(storeUrl('/support/overview'));
    await page.getByRole('radio', { name: overviewTexts.days(90) }).check();
    const revenueTable = page.getByTestId('revenue-table');
    await revenueTable.locator('tbody tr').nth(89).waitFor({ state: 'attached' });
    console.log(`The overview of 90 days, with a year of rollups, shown ${Date.now() - started} ms after it was asked for.`);
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, 'support-overview');
    await page.getByText(`${overviewTexts.revenueHeading}: the figures as a table`).click();
    const rowOf = async (table: string, date: string) => (await page.getByTestId(`${table}-table`).locator('tbody tr').filter({ hasText: date }).locator('td').allTextContents());
    const paidToday = pouch.priceCents + 2 * tiny.priceCents;
    const net = paidToday - tiny.priceCents;
    const aud = (cents: number) => `A$${(cents / 100).toFixed(2)}`;
    // Every sale here is Australian: no GST-free exports, the whole net Australia's.
    expect(await rowOf('revenue', today)).toEqual([today, '3', aud(paidToday), aud(tiny.priceCents), aud(0), aud(0), aud(net), aud(0), aud(Math.round(net / 11)), `AU ${aud(net)}`]);
    expect(await rowOf('revenue', earlier[0]!)).toEqual([
      earlier[0],
      '2',
      aud(2 * pouch.priceCents),
      aud(0),
      aud(0),
      aud(0),
      aud(2 * pouch.priceCents),
      aud(0),
      aud(Math.round((2 * pouch.priceCents) / 11)),
      `AU ${aud(2 * pouch.priceCents)}`,
    ]);
    expect(await rowOf('outcomes', today)).toEqual([today, '4', '1', '0', '0', '1', '1']);
    expect((await rowOf('funnel', today)).slice(0, 3)).toEqual([today, '1', '1']);
    // Submit is the orders made (3), whatever beacons said (an old day's funnel document says 4).
    expect(await rowOf('funnel', earlier[0]!)).toEqual([earlier[0], '10', '5', '3', '2', '2']);
    // 89 earlier days and today: 267 + 4 orders made, 178 + 3 paid.
    expect(await page.getByTestId('rate-declined').textContent()).toBe(`${((90 / 271) * 100).toLocaleString('en-AU', { maximumFractionDigits: 2 })} %`);
    expect(await page.getByTestId('rate-refunded').textContent()).toBe(`${((1 / 181) * 100).toLocaleString('en-AU', { maximumFractionDigits: 2 })} %`);
    expect(await page.getByTestId('rate-disputed').textContent()).toBe(`${((1 / 181) * 100).toLocaleString('en-AU', { maximumFractionDigits: 2 })} %`);

    // The CSV is the table's rows, as plain figures.
    const csv = decodeURIComponent((await page.getByTestId('revenue-csv').getAttribute('href'))!.replace(/^data:text\/csv;charset=utf-8,/, ''));
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(91);
    expect(lines[0]).toBe('Day,Paid orders,Paid,Refunded,Charged back,Chargebacks reversed,Net of refunds and chargebacks,GST-free exports (net),GST in the net,Net by country');
    expect(lines.at(-1)).toBe(
      [today, 3, (paidToday / 100).toFixed(2), (tiny.priceCents / 100).toFixed(2), '0.00', '0.00', (net / 100).toFixed(2), '0.00', (Math.round(net / 11) / 100).toFixed(2), `AU ${(net / 100).toFixed(2)}`].join(','),
    );
    const tableRows = await page.getByTestId('revenue-table').locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)));
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(tableRows.map((row) => row[0]));

    // With the table open too.
    expect(await axeViolations(page)).toEqual([]);

    // On a phone, every table open: each scrolls inside its card, the charts follow the card's width, nothing spills.
    const closed = page.locator('details:not([open]) summary');
    while ((await closed.count()) > 0) await closed.first().click();
    expect(await page.locator('details[open]').count()).toBe(await page.locator('details').count());
    const chartWidths = () => page.locator('[role="img"] canvas').evaluateAll((canvases) => canvases.map((canvas) => canvas.getBoundingClientRect().width));
    for (const width of [375, 320]) {
      await resizeViewport(page, { width, height: 740 });
      // The charts are redrawn at the new width a frame after their box changes.
      await waitFor(chartWidths, (widths) => widths.every((drawn) => drawn <= width));
      expect([width, await sidewaysSpill(page)]).toEqual([width, []]);
    }
    // axe at the narrowest (a run over every table open is the suite's heaviest step; 375 px lays out as 320 does).
    expect(await axeViolations(page)).toEqual([]);
    await page.emulateMedia({ forcedColors: 'active' });
    expect(await axeViolations(page, { forcedColours: true })).toEqual([]);
    await page.emulateMedia({ forcedColors: 'none' });
    await page.getByTestId('revenue-table').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/support-overview-320-tables-open.png' });
    expect(pageErrors(page)).toEqual([]);
  });
});
