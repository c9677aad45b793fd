import { API_BASE, API_ROUTES, apiPath, type SupportCatalogueResponse } from '../../src/shared/api';
import { STARTING_PACKS } from '../../src/shared/startingCatalogue';
import { CATALOGUE_DOCS, COLLECTIONS } from '../../src/shared/firestorePaths';
import type { GemPack } from '../../src/shared/catalogue';
import { ROUTES, shopItemPath } from '../../src/shared/routes';
import { storeTimeFormat } from '../../src/shared/storeTime';
import { dayAfter, wallTimeIn, wallTimeOf } from '../../src/shared/wallTime';
import { ambiguousTimeMessage } from '../../src/shared/validation/schedule';
import { PACK_IMAGE_MESSAGE, type PackForm } from '../../src/shared/validation/catalogue';
import { catalogueTexts } from '../../src/client/features/support/catalogue/catalogueTexts';
import { startApiInstances, type ApiInstances } from '../../scripts/stack/testing/apiInstances';
import { openPage, pageErrors, sharedBrowser, shootBothWidths, storeUrl } from '../../scripts/browser/browser';
import { signInOnPage } from '../../scripts/browser/storePages';
import { axeViolations, axeViolationsAtBothWidths } from '../support/axe';
import { ownerDb } from '../support/emulatorAdmin';
import { completeInSandbox, gemsOf, newPlayer, paymentDetails, postJson, returnedOrder, signInAgain, stackSettings, startPurchase, transactionOf, waitFor, type TestPlayer } from '../support/paymentsHarness';
import { newStaff, supportCommand } from '../support/staff';

/**
 * The live catalogue on the shared stack: staff edit a draft and publish it, and every shop, order and instance follows,
 * while every order made before keeps what it was sold as. The catalogue is the stack's own, so the last step puts the
 * starting packs back (published as a new version) for the suites that follow.
 */
jest.setTimeout(300_000);

const browser = sharedBrowser();
const ZONE = stackSettings.STORE_TIME_ZONE;
let staff: TestPlayer;

const call = async (method: 'GET' | 'PUT' | 'POST', path: string, idToken: string, body?: unknown, base = process.env.STORE_URL!) => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${idToken}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
};
const consoleView = async (idToken = staff.idToken) => (await call('GET', apiPath(API_ROUTES.supportCatalogue), idToken)).body as SupportCatalogueResponse;

/**
 * Saves the draft as `edit` makes it from the one saved, and publishes it: what a staff member does in the console.
 * `beforePublishing` runs between the two (its answer is given back with the console's view).
 */
async function publish<T = undefined>(
  edit: (packs: PackForm[]) => PackForm[],
  beforePublishing?: () => Promise<T>,
): Promise<SupportCatalogueResponse & { beforePublishing: T }> {
  const view = await consoleView();
  const saved = await call('PUT', apiPath(API_ROUTES.supportCatalogueDraft), staff.idToken, { revision: view.draft.revision, packs: edit(view.draft.packs) });
  if (saved.status !== 200) throw new Error(`The draft was not saved: ${saved.status} ${JSON.stringify(saved.body)}`);
  const answer = (await beforePublishing?.()) as T;
  const published = await call('POST', apiPath(API_ROUTES.supportCataloguePublish), staff.idToken, { version: saved.body.published.version, revision: saved.body.draft.revision });
  if (published.status !== 200) throw new Error(`The draft was not published: ${published.status} ${JSON.stringify(published.body)}`);
  return { ...published.body, beforePublishing: answer };
}

/** The shelf a base answers now: its version and its packs' titles with their prices. */
const shelfOf = async (base = process.env.STORE_URL!) => {
  const shelf = (await (await fetch(`${base}${API_BASE}${API_ROUTES.catalogue}`)).json()) as { version: number; packs: Array<{ title: string; priceCents: number }> };
  return { version: shelf.version, packs: shelf.packs.map((pack) => `${pack.title} ${pack.priceCents}`) };
};
/** The shop's first paint as a base serves it: prerendered (no JavaScript run), or null while it is being rendered for a new shelf. */
const firstPaintOf = async (base = process.env.STORE_URL!) => {
  const html = await (await fetch(`${base}${ROUTES.shop}`)).text();
  return /<div id="root"><[a-z]/.test(html) ? html : null;
};

beforeAll(async () => {
  staff = await newStaff();
});

afterAll(async () => {
  // The starting packs back for the suites that follow: version 1's packs restored, and published as the next version.
  const view = await consoleView();
  const restored = await call('POST', apiPath(API_ROUTES.supportCatalogueRestore, { version: '1' }), staff.idToken, { revision: view.draft.revision });
  if (restored.body.changes?.length) {
    await call('POST', apiPath(API_ROUTES.supportCataloguePublish), staff.idToken, { version: restored.body.published.version, revision: restored.body.draft.revision });
  }
});

describe('the catalogue’s edits', () => {
  it('are refused to a player (403), to revoked staff (401, then 403 signed in again), and from a stale version or draft (409); bad fields change nothing', async () => {
    const [player, revoked] = await Promise.all([newPlayer(), newStaff()]);
    for (const [method, route] of [
      ['GET', API_ROUTES.supportCatalogue],
      ['PUT', API_ROUTES.supportCatalogueDraft],
      ['POST', API_ROUTES.supportCataloguePublish],
    ] as const) {
      expect([route, (await call(method, apiPath(route), player.idToken, method === 'GET' ? undefined : {})).status]).toEqual([route, 403]);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // revocation counts whole seconds
    await supportCommand('revoke', revoked.email);
    expect((await call('GET', apiPath(API_ROUTES.supportCatalogue), revoked.idToken)).status).toBe(401);
    expect((await call('GET', apiPath(API_ROUTES.supportCatalogue), (await signInAgain(revoked)).idToken)).status).toBe(403);

    const view = await consoleView();
    const stalePublish = await call('POST', apiPath(API_ROUTES.supportCataloguePublish), staff.idToken, { version: view.published.version - 1 || 99, revision: view.draft.revision });
    expect([stalePublish.status, stalePublish.body.reason]).toEqual([409, 'staleVersion']);
    const staleDraft = await call('PUT', apiPath(API_ROUTES.supportCatalogueDraft), staff.idToken, { revision: view.draft.revision + 1, packs: view.draft.packs });
    expect([staleDraft.status, staleDraft.body.reason]).toEqual([409, 'staleDraft']);
    const withPouch = (change: Partial<PackForm>) => view.draft.packs.map((pack) => (pack.id === 3 ? { ...pack, ...change } : pack));
    for (const [change, field] of [
      [{ price: '0' }, 'price'],
      [{ price: '1000.01' }, 'price'],
      [{ price: '45.999' }, 'price'],
      [{ gems: '0' }, 'gems'],
      [{ gems: '1000001' }, 'gems'],
      [{ title: '' }, 'title'],
      [{ title: 'x'.repeat(61) }, 'title'],
      [{ startsAt: '2026-12-05T10:00', endsAt: '2026-12-05T09:00' }, 'endsAt'],
      // Text that reorders what players read, and a time the clocks repeat that does not say which of the two.
      [{ title: 'Pouch \u202Emeg fo' }, 'title'],
      [{ badge: '\u2067Best value' }, 'badge'],
      [{ startsAt: '2027-04-04T02:30' }, 'startsAt'],
    ] as const) {
      const refused = await call('PUT', apiPath(API_ROUTES.supportCatalogueDraft), staff.idToken, { revision: view.draft.revision, packs: withPouch(change) });
      expect([field, refused.status, refused.body.error]).toEqual([field, 400, expect.stringMatching(new RegExp(`^packs\\.\\d\\.${field}: `))]);
    }
    // A picture the store never took: refused in words, nothing saved.
    const unheld = await call('PUT', apiPath(API_ROUTES.supportCatalogueDraft), staff.idToken, { revision: view.draft.revision, packs: withPouch({ image: `upload:${'ab'.repeat(32)}` }) });
    expect([unheld.status, unheld.body.error]).toEqual([400, 'Pack 3 names a picture that was never uploaded. Choose a picture, or upload it again.']);
    expect((await consoleView()).draft.revision).toBe(view.draft.revision);
  });

  it('in the console, a time the clocks repeat asks which of the two is meant, and keeps the answer', async () => {
    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await signInOnPage(page, staff.email);
    await page.goto(storeUrl(ROUTES.supportCatalogue));
    const starts = page.getByLabel(catalogueTexts.fields.startsAt).first();
    await starts.fill('2027-04-04T02:30');
    const which = page.getByRole('group', { name: 'Which 2:30 am?' }).first();
    await which.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, 'catalogue-which-2-30');
    const before = await consoleView();
    // Saved unanswered, the field says the time happens twice; answered, the draft keeps the second 2:30.
    await page.getByRole('button', { name: catalogueTexts.save }).click();
    await page.getByText(ambiguousTimeMessage(ZONE)).first().waitFor();
    await which.getByLabel(/^The second, after the clocks go back/).check();
    await page.getByRole('button', { name: catalogueTexts.save }).click();
    await page.getByText(catalogueTexts.saved).waitFor();
    const saved = await consoleView();
    const second = wallTimeIn(ZONE, '2027-04-04T02:30+10:00');
    expect(second - wallTimeIn(ZONE, '2027-04-04T02:30+11:00')).toBe(3_600_000);
    expect(saved.draftShelf[0]!.startsAt).toBe(second);
    expect(saved.draft.packs[0]!.startsAt).toBe('2027-04-04T02:30+10:00');
    // The draft back as it was, for the suites after.
    await call('PUT', apiPath(API_ROUTES.supportCatalogueDraft), staff.idToken, { revision: saved.draft.revision, packs: before.draft.packs });
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('in the console, a start time and a badge are named in words in what publishing changes, and the preview set to a moment shows the shelf of that moment', async () => {
    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await signInOnPage(page, staff.email);
    await page.goto(storeUrl(ROUTES.supportCatalogue));
    const before = await consoleView();
    try {
      // The Pouch goes on the shelf two days from now, at 12:06 pm, with a badge.
      const startsAt = wallTimeIn(ZONE, `${dayAfter(dayAfter(wallTimeOf(ZONE, Date.now()).slice(0, 10)))}T12:06`);
      const pouch = page.getByRole('group', { name: /^Pack 3: Pouch of Gem$/ });
      await pouch.getByLabel(catalogueTexts.fields.startsAt).fill(wallTimeOf(ZONE, startsAt));
      await pouch.getByLabel(catalogueTexts.fields.badge).fill('Dragon Week');
      await page.getByRole('button', { name: catalogueTexts.save }).click();
      await page.getByRole('status').filter({ hasText: catalogueTexts.saved }).waitFor();
      const when = storeTimeFormat(ZONE).dateTime(startsAt);
      await expect(page.getByTestId('catalogue-changes').innerText()).resolves.toBe(`Pouch of Gem: badge none → Dragon Week\nPouch of Gem: start always on → ${when}`);
      expect(when).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, 12:06 pm A[EC][DS]T$/);

      // Now, the preview's shelf has no Pouch; at its start, it has.
      const phoneShop = page.frameLocator(`iframe[title="${catalogueTexts.previewFrame(375)}"]`);
      const pouchShown = () => phoneShop.locator('main article').filter({ hasText: 'Pouch of Gem' }).count();
      await waitFor(() => phoneShop.locator('main article').count(), (count) => count === 5, 20_000);
      await expect(pouchShown()).resolves.toBe(0);
      await page.getByLabel(catalogueTexts.previewAtLabel(ZONE)).fill(wallTimeOf(ZONE, startsAt));
      await page.getByTestId('preview-moment').filter({ hasText: catalogueTexts.previewShownAt(when) }).waitFor();
      await waitFor(pouchShown, (count) => count === 1, 20_000);
      expect(await axeViolationsAtBothWidths(page)).toEqual([]);
      await shootBothWidths(page, 'catalogue-preview-at-a-moment');
    } finally {
      // The draft back as it was, for the suites after.
      const saved = await consoleView();
      await call('PUT', apiPath(API_ROUTES.supportCatalogueDraft), staff.idToken, { revision: saved.draft.revision, packs: before.draft.packs });
    }
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('quota a staff member’s uploads: the hour’s CATALOGUE_UPLOADS_PER_HOUR, then a refusal in words', async () => {
    const uploader = await newStaff();
    const png = (index: number) =>
      Buffer.concat([Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'), Buffer.from(`#${index}`)]);
    const upload = (index: number) =>
      fetch(`${process.env.STORE_URL}${apiPath(API_ROUTES.supportCatalogueImages)}`, { method: 'POST', headers: { Authorization: `Bearer ${uploader.idToken}`, 'Content-Type': 'image/png' }, body: new Uint8Array(png(index)) });
    const statuses: number[] = [];
    for (let index = 0; index <= stackSettings.CATALOGUE_UPLOADS_PER_HOUR; index += 1) statuses.push((await upload(index)).status);
    expect(statuses).toEqual([...Array(stackSettings.CATALOGUE_UPLOADS_PER_HOUR).fill(201), 429]);
    expect(((await (await upload(99)).json()) as { error: string }).error).toMatch(/the most an hour takes/);
  });

  it('take an image only by its bytes (PNG, WebP or JPEG, under 500 KB), served from the store’s own origin for good', async () => {
    const upload = async (bytes: Buffer, type: string) => {
      const response = await fetch(`${process.env.STORE_URL}${apiPath(API_ROUTES.supportCatalogueImages)}`, { method: 'POST', headers: { Authorization: `Bearer ${staff.idToken}`, 'Content-Type': type }, body: new Uint8Array(bytes) });
      return { status: response.status, body: (await response.json()) as any };
    };
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    expect(await upload(Buffer.from('GIF89a tiny'), 'image/png')).toEqual({ status: 400, body: { error: PACK_IMAGE_MESSAGE, reason: 'badImage' } });
    expect(await upload(Buffer.concat([png, Buffer.alloc(520 * 1024)]), 'image/png')).toEqual({ status: 413, body: { error: PACK_IMAGE_MESSAGE, reason: 'badImage' } });
    const stored = await upload(png, 'application/octet-stream');
    expect(stored).toEqual({ status: 201, body: { image: expect.stringMatching(/^upload:[0-9a-f]{64}$/) } });
    const served = await fetch(`${process.env.STORE_URL}${apiPath(API_ROUTES.catalogueImage, { imageId: stored.body.image.slice('upload:'.length) })}`);
    expect([served.status, served.headers.get('content-type'), served.headers.get('cache-control')]).toEqual([200, 'image/png', 'public, max-age=31536000, immutable']);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect((await fetch(`${process.env.STORE_URL}${apiPath(API_ROUTES.catalogueImage, { imageId: '0'.repeat(64) })}`)).status).toBe(404);
  });
});

describe('a price changed in the console', () => {
  it('reaches every shop within a minute, prices the orders made since, and leaves every order made before as sold', async () => {
    const [buyer, latePayer] = await Promise.all([newPlayer(), newPlayer()]);
    // Before the change: a paid Pouch at A$45.99, and one started then and paid only after.
    const { orderId: paidBefore } = await returnedOrder(buyer, 3);
    const { orderId: paidLate } = await startPurchase(latePayer, 3);
    const openShop = await openPage(browser(), { viewport: { width: 375, height: 812 } });
    await openShop.goto(storeUrl(ROUTES.shop));
    const pouchCard = (shop = openShop) => shop.getByRole('article', { name: 'Pouch of Gem' }).innerText();
    await expect(pouchCard()).resolves.toContain('A$45.99');

    // Staff change the Pouch's price in the console, see the change, and publish it.
    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await signInOnPage(page, staff.email);
    await page.goto(storeUrl(ROUTES.supportCatalogue));
    const pouchPrice = page.getByRole('group', { name: /^Pack 3: Pouch of Gem$/ }).getByLabel(catalogueTexts.fields.price);
    // A price of nothing is a field error, and nothing is saved.
    const revision = (await consoleView()).draft.revision;
    await pouchPrice.fill('0');
    await page.getByRole('button', { name: catalogueTexts.save }).click();
    await page.getByRole('alert').filter({ hasText: catalogueTexts.fixFields(1) }).waitFor();
    await expect(pouchPrice.getAttribute('aria-invalid')).resolves.toBe('true');
    expect((await consoleView()).draft.revision).toBe(revision);
    await pouchPrice.fill('39.99');
    await page.getByRole('button', { name: catalogueTexts.save }).click();
    await page.getByRole('status').filter({ hasText: catalogueTexts.saved }).waitFor();
    await expect(page.getByTestId('catalogue-changes').innerText()).resolves.toBe('Pouch of Gem: price A$45.99 → A$39.99');
    // The preview at a phone's width shows the saved draft whole: every pack, the frame as tall as the shop down to its last.
    const phoneFrame = page.locator(`iframe[title="${catalogueTexts.previewFrame(375)}"]`);
    await phoneFrame.scrollIntoViewIfNeeded();
    const phoneShop = page.frameLocator(`iframe[title="${catalogueTexts.previewFrame(375)}"]`);
    await waitFor(() => phoneShop.locator('main article').filter({ hasText: 'A$39.99' }).count(), (count) => count === 1, 20_000);
    expect(await phoneShop.locator('main article').count()).toBe(6);
    const lastPackBottom = await phoneShop.locator('main article').last().evaluate((pack) => pack.getBoundingClientRect().bottom);
    await waitFor(async () => (await phoneFrame.boundingBox())!.height, (height) => height >= lastPackBottom, 10_000).then((height) => expect(height).toBeGreaterThanOrEqual(lastPackBottom));
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, 'support-catalogue');
    const version = (await consoleView()).published.version + 1;
    await page.getByRole('button', { name: catalogueTexts.publish(version) }).click();
    await page.getByRole('status').filter({ hasText: catalogueTexts.published(version) }).waitFor();
    const publishedAt = Date.now();

    // A fresh visit's first paint (the page as served, before any JavaScript) shows the new price within a minute.
    const firstPaint = await waitFor(firstPaintOf, (html) => html !== null && html.includes('A$39.99'), 60_000);
    expect(firstPaint).toContain('A$39.99');
    expect(firstPaint).not.toContain('A$45.99');
    expect(Date.now() - publishedAt).toBeLessThan(60_000);
    const visitor = await openPage(browser(), { viewport: { width: 375, height: 812 } });
    await visitor.goto(storeUrl(ROUTES.shop));
    await expect(pouchCard(visitor)).resolves.toContain('A$39.99');
    // The shop already open shows it after a reload.
    await openShop.reload();
    await expect(pouchCard()).resolves.toContain('A$39.99');
    await shootBothWidths(visitor, 'shop-repriced');

    // An order made now charges A$39.99; one made with the old price in view is refused, nothing charged.
    const { orderId: paidAfter } = await startPurchase(buyer, 3);
    expect(await transactionOf(paidAfter)).toMatchObject({ amount: '39.99', product_name: 'Pouch of Gem', gemCount: 3500, catalogueVersion: version });
    const oldPrice = await postJson('/api/payments', { packId: 3, priceCents: 4599, ...paymentDetails }, buyer.idToken);
    expect([oldPrice.status, oldPrice.body.reason]).toEqual([409, 'priceChanged']);

    // The order made before still shows, invoices and refunds A$45.99.
    expect(await transactionOf(paidBefore)).toMatchObject({ amount: '45.99', catalogueVersion: version - 1 });
    const receipt = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await signInOnPage(receipt, buyer.email);
    await receipt.goto(storeUrl(`/account/orders/${paidBefore}`));
    await expect(receipt.getByTestId('invoice-total').innerText()).resolves.toBe('A$45.99');
    const refund = await postJson(`/api/orders/${paidBefore}/refund`, { reason: 'Bought it the day before the sale.' }, buyer.idToken);
    expect(refund.status).toBe(201);
    expect((await ownerDb().doc(`${COLLECTIONS.refundRequests}/${paidBefore}`).get()).data()).toMatchObject({ amount: '45.99', gemCount: 3500 });

    // The order started before and paid after credits what it was sold with, once.
    await completeInSandbox(paidLate);
    await waitFor(() => gemsOf(latePayer.uid), (gems) => gems === 3500, 20_000);
    expect(await transactionOf(paidLate)).toMatchObject({ status: 'paid', checked: 1, amount: '45.99', gemCount: 3500 });

    // The audit names the publish: who, when, what changed.
    const [latest] = (await consoleView()).history;
    expect(latest).toMatchObject({ version, publishedBy: staff.email, changes: ['Pouch of Gem: price A$45.99 → A$39.99'] });
    expect(latest!.publishedAt).toBeGreaterThanOrEqual(publishedAt - 60_000);
    // Restore puts the version before back in the draft, to be published (the suite's end publishes the starting packs).
    await page.getByRole('button', { name: catalogueTexts.restore(version - 1) }).click();
    await page.getByRole('status').filter({ hasText: catalogueTexts.restored(version - 1) }).waitFor();
    await expect(page.getByTestId('catalogue-changes').innerText()).resolves.toBe('Pouch of Gem: price A$39.99 → A$45.99');
    for (const each of [openShop, page, visitor, receipt]) expect(pageErrors(each)).toEqual([]);
    await Promise.all([openShop, page, visitor, receipt].map((each) => each.context().close()));
  });
});

describe('a schedule and a per-player limit, on three instances', () => {
  let instances: ApiInstances;
  beforeAll(async () => {
    instances = await startApiInstances(3, { CATALOGUE_REFRESH_MS: '1000' });
  });
  afterAll(async () => {
    await instances?.stop();
  });

  it('a pack scheduled to start appears by itself on each instance and in an open shop; a pack once per player sells once, racing tries included', async () => {
    // Saved in the console an hour ahead (it takes times to the minute), then the stored draft's start moved to 15 s from
    // now, to the second (the store keeps any moment): room for what must happen before it, a few seconds here, without
    // waiting for a whole minute.
    const pouch = STARTING_PACKS.find((pack) => pack.id === 3)!;
    const startsAt = await publish(
      (packs) => [
        ...packs,
        { id: null, title: 'Dragon Hoard', gems: '25000', price: '149.99', image: 'vault', badge: 'New', startsAt: wallTimeOf(ZONE, Math.ceil(Date.now() / 60_000) * 60_000 + 3_600_000), endsAt: '', limitCount: '', limitPer: 'ever' },
        { id: null, title: 'Starter Hoard', gems: String(pouch.gemCount), price: '4.99', image: 'pouch', badge: 'Once per player', startsAt: '', endsAt: '', limitCount: '1', limitPer: 'ever' },
      ],
      async () => {
        const draft = ownerDb().doc(`${COLLECTIONS.catalogue}/${CATALOGUE_DOCS.draft}`);
        const soon = Date.now() + 15_000;
        const packs = (await draft.get()).get('packs') as GemPack[];
        await draft.update({ packs: packs.map((pack) => (pack.title === 'Dragon Hoard' ? { ...pack, startsAt: soon } : pack)) });
        return soon;
      },
    ).then(({ beforePublishing }) => beforePublishing);
    const view = await consoleView();
    const hoardId = view.published.packs.find((pack) => pack.title === 'Dragon Hoard')!.id;
    const starterId = view.published.packs.find((pack) => pack.title === 'Starter Hoard')!.id;

    // Every instance takes the version up; none shows the hoard before its time, and none sells it.
    for (const base of instances.urls) {
      const shelf = await waitFor(() => shelfOf(base), (each) => each.version === view.published.version, 10_000);
      expect(shelf.packs).not.toContain('Dragon Hoard 14999');
    }
    const player = await newPlayer();
    const early = await call('POST', '/api/payments', player.idToken, { packId: hoardId, ...paymentDetails }, instances.urls[0]);
    expect([early.status, early.body.error]).toEqual([400, 'That gem pack is not on sale.']);

    // A shop opened before the start shows the hoard at its time without a reload.
    const shop = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await shop.goto(`${instances.urls[2]}${ROUTES.shop}`);
    await shop.getByRole('article', { name: 'Starter Hoard' }).waitFor();
    expect(await shop.getByRole('article', { name: 'Dragon Hoard' }).count()).toBe(0);

    // Once per player: three tries at once over the instances make one order; a fourth later is refused too.
    const tries = await Promise.all(instances.urls.map((base) => call('POST', '/api/payments', player.idToken, { packId: starterId, ...paymentDetails }, base)));
    expect(tries.map((each) => each.status).sort()).toEqual([201, 409, 409]);
    for (const refused of tries.filter((each) => each.status === 409)) expect(refused.body.reason).toBe('packLimit');
    const again = await call('POST', '/api/payments', player.idToken, { packId: starterId, ...paymentDetails }, instances.urls[1]);
    expect([again.status, again.body.error]).toEqual([409, 'You have bought this pack as often as it allows: once per player. Nothing was charged.']);
    const starterOrders = await ownerDb().collection(COLLECTIONS.transactions).where('userId', '==', player.uid).where('packId', '==', starterId).get();
    expect(starterOrders.size).toBe(1);

    // All of the above happened before the start (else the hoard was on sale during it): the room left, for a slower machine.
    console.log(`The scheduled pack's start came ${((startsAt - Date.now()) / 1000).toFixed(1)} s after the checks before it.`);
    expect(Date.now()).toBeLessThan(startsAt);
    await shop.getByRole('article', { name: 'Dragon Hoard' }).waitFor({ timeout: startsAt - Date.now() + 15_000 });
    expect(Date.now()).toBeGreaterThanOrEqual(startsAt);
    // Each instance serves it, in its shelf and in its shop's first paint.
    for (const base of instances.urls) {
      expect((await shelfOf(base)).packs).toContain('Dragon Hoard 14999');
      await waitFor(() => firstPaintOf(base), (html) => html?.includes('Dragon Hoard') ?? false, 20_000).then((html) => expect(html).toContain('A$149.99'));
    }
    const bought = await call('POST', '/api/payments', player.idToken, { packId: hoardId, ...paymentDetails }, instances.urls[0]);
    expect(bought.status).toBe(201);
    await shop.goto(`${instances.urls[2]}${shopItemPath(hoardId)}`);
    await shootBothWidths(shop, 'shop-scheduled-pack');
    expect(pageErrors(shop)).toEqual([]);
    await shop.context().close();
  });
});
