import { overviewTexts } from '../../src/client/features/support/overview/overviewTexts';
import { STARTING_PACKS } from '../../src/shared/startingCatalogue';
import { COLLECTIONS } from '../../src/shared/firestorePaths';
import { dateIn } from '../../src/shared/protections/age';
import { sharedStackSettings } from '../../scripts/stack/testing/sharedStackSettings';
import { openPage, pageErrors, sharedBrowser, storeUrl } from '../../scripts/browser/browser';
import { signInOnPage } from '../../scripts/browser/storePages';
import { ownerDb } from '../support/emulatorAdmin';
import { getJson, postJson, waitFor } from '../support/paymentsHarness';
import { newStaff } from '../support/staff';

/**
 * Field speed from players' browsers, on the shared stack: a visit's beacon counted in the day's /shop histogram, and
 * junk refused and stored nowhere (so this suite runs alone: the histogram counts every suite's visits).
 */
jest.setTimeout(120_000);

const zone = sharedStackSettings().STORE_TIME_ZONE;
const browser = sharedBrowser();
const tiny = STARTING_PACKS[0]!;

describe('players’ page speed, from their browsers', () => {
  it('a visit reports LCP, CLS and INP for its page when it is left, and the overview’s p75 reflects it; junk is refused and stored nowhere', async () => {
    const today = dateIn(zone, Date.now());
    const shop = ownerDb().doc(`${COLLECTIONS.rumDaily}/${today}~shop~desktop`);
    const samples = async () => {
      const data = (await shop.get()).data() ?? {};
      const total = (metric: string) => Object.values((data[metric] as Record<string, number> | undefined) ?? {}).reduce((sum, count) => sum + count, 0);
      return { LCP: total('LCP'), CLS: total('CLS'), INP: total('INP') };
    };
    const before = await samples();
    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await page.goto(storeUrl('/shop'));
    // An interaction slow enough to be one web-vitals counts (40 ms and more): Buy, on a CPU four times slower.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.getByRole('button', { name: `Buy ${tiny.title}` }).click();
    await page.waitForURL(/signin-signup/);
    await page.goto('about:blank');
    const after = await waitFor(samples, (now) => now.LCP > before.LCP && now.CLS > before.CLS && now.INP > before.INP);
    // At least this visit's (another test's page may be left meanwhile too).
    expect([after.LCP > before.LCP, after.CLS > before.CLS, after.INP > before.INP]).toEqual([true, true, true]);

    const staff = await newStaff();
    const { body } = await getJson('/api/support/overview?days=7', staff.idToken);
    const speed = body.speed.find((row: { page: string; device: string }) => row.page === '/shop' && row.device === 'desktop');
    expect(speed.samples.LCP).toBeGreaterThanOrEqual(after.LCP);
    expect(speed.p75.LCP).toEqual(expect.any(Number));
    expect(speed.p75.INP).toEqual(expect.any(Number));
    // What the figure rests on: the visits (each test's page is one) from this machine's one address, too few to act on.
    expect({ addresses: speed.addresses, tooFew: speed.tooFew }).toEqual({ addresses: 1, tooFew: true });
    expect(speed.visits).toBeGreaterThanOrEqual(1);
    await signInOnPage(page, staff.email);
    await page.goto(storeUrl('/support/overview'));
    await page.getByText(`${overviewTexts.speedHeading}: the figures as a table`).click();
    const shopRow = page.getByTestId('speed-table').getByRole('row').filter({ hasText: '/shop' }).filter({ hasText: 'desktop' });
    await expect(shopRow.innerText()).resolves.toMatch(/visits from about 1 addresses: too few to act on/);

    const junk = [
      { page: '/admin', device: 'desktop', metrics: [], funnel: [] },
      { page: '/', device: 'desktop', metrics: [{ name: 'LCP', value: -5 }], funnel: [] },
      { page: '/shop', device: 'desktop', metrics: [{ name: 'INP', value: 5_001 }], funnel: [] },
      'nonsense',
    ];
    for (const beacon of junk) {
      const response = await fetch(storeUrl('/api/rum'), { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: typeof beacon === 'string' ? beacon : JSON.stringify(beacon) });
      expect(response.status).toBe(400);
    }
    expect((await ownerDb().doc(`${COLLECTIONS.rumDaily}/${today}~admin~desktop`).get()).exists).toBe(false);
    expect((await samples()).LCP).toBe(after.LCP);
    expect((await postJson('/api/rum', { page: '/', device: 'desktop', metrics: [{ name: 'LCP', value: 1 }], funnel: [], uid: 'x' })).status).toBe(400);
    expect(pageErrors(page)).toEqual([]);
  });
});
