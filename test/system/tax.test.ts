import { openPage, pageErrors, sharedBrowser, shootBothWidths, storeUrl } from '../../scripts/browser/browser';
import type { Page } from 'playwright-core';
import { fillPaymentForm, openCheckout, signInOnPage } from '../../scripts/browser/storePages';
import { startApiInstances, type ApiInstances } from '../../scripts/stack/testing/apiInstances';
import { todayOf } from '../../src/server/overview/overview';
import { firestoreStats } from '../../src/server/overview/statsRepository';
import { API_BASE, API_ROUTES, apiPath } from '../../src/shared/api';
import { STARTING_PACKS } from '../../src/shared/startingCatalogue';
import { gstNote, gstOfCents } from '../../src/shared/money';
import { taxTexts } from '../../src/shared/tax/orderTax';
import { paymentTexts } from '../../src/client/features/payment/paymentTexts';
import { priceTexts } from '../../src/shared/tax/priceNote';
import { axeViolations, axeViolationsAtBothWidths } from '../support/axe';
import { waitForMailsAbout } from '../support/mailbox';
import { completeInSandbox, gemsOf, getJson, newPlayer, ownerDb, paymentDetails, stackSettings, waitFor, type TestPlayer } from '../support/paymentsHarness';

/**
 * Tax by where the buyer is, on the real stack: API instances whose trusted front says where each request comes from
 * (CLIENT_COUNTRY_HEADER, as a load balancer's header would), one selling worldwide and one in Australia only.
 */
jest.setTimeout(180_000);

const COUNTRY_HEADER = 'X-Test-Client-Country';
const pouch = STARTING_PACKS[2]!;
const browser = sharedBrowser();
let worldwide: ApiInstances;
let australiaOnly: ApiInstances;
beforeAll(async () => {
  [worldwide, australiaOnly] = await Promise.all([
    startApiInstances(1, { CLIENT_COUNTRY_HEADER: COUNTRY_HEADER, SALES_COUNTRIES: 'worldwide' }),
    startApiInstances(1, { CLIENT_COUNTRY_HEADER: COUNTRY_HEADER }),
  ]);
});
afterAll(async () => {
  await Promise.all([worldwide?.stop(), australiaOnly?.stop()]);
});

/** POST /api/payments to an instance, the request coming from `from` and billed to `billedTo`. */
async function pay(instance: ApiInstances, player: TestPlayer, from: string, billedTo: string) {
  const response = await fetch(`${instance.urls[0]}/api/payments`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${player.idToken}`, [COUNTRY_HEADER]: from },
    body: JSON.stringify({ packId: pouch.id, ...paymentDetails, country: billedTo }),
  });
  return { status: response.status, body: (await response.json()) as { orderId?: string; error?: string; reason?: string } };
}

const ordersOf = async (uid: string) => (await ownerDb().collection('transactions').where('userId', '==', uid).get()).docs.map((doc) => doc.data());
const today = () => todayOf({ stats: firestoreStats(ownerDb()), timeZone: stackSettings.STORE_TIME_ZONE });

describe('tax by where the buyer is', () => {
  it('a buyer in New Zealand by both signals, the store selling worldwide: paid and credited at the same A$ price, a GST-free invoice, and the day’s GST leaves it out', async () => {
    const player = await newPlayer();
    const before = await today();
    const made = await pay(worldwide, player, 'NZ', 'NZ');
    expect(made.status).toBe(201);
    const orderId = made.body.orderId!;
    expect((await ordersOf(player.uid))[0]).toMatchObject({ amount: '45.99', tax: { treatment: 'gstFreeExport', country: 'NZ', billingCountry: 'NZ', addressCountry: 'NZ' } });

    await completeInSandbox(orderId);
    expect(await waitFor(() => gemsOf(player.uid), (gems) => gems > 0, 20_000)).toBe(pouch.gemCount);
    // The receipt email is the export's invoice: no GST line, and why.
    const [receipt] = (await waitForMailsAbout(orderId, (mails) => mails.some((mail) => mail.subject.includes('receipt')))).filter((mail) => mail.subject.includes('receipt'));
    expect(receipt!.text).toContain('Invoice (GST-free export)');
    expect(receipt!.text).toContain('Total: A$45.99');
    expect(receipt!.text).not.toContain('GST included');
    expect(receipt!.text).not.toContain('Tax invoice');
    // The day counts it as New Zealand's, without GST (other tests' Australian sales may land meanwhile: the GST is
    // one eleventh of the net less the exports', whatever they add).
    const after = await today();
    expect((after.exportNetCents.NZ ?? 0) - (before.exportNetCents.NZ ?? 0)).toBe(pouch.priceCents);
    expect(after.gstCents).toBe(gstOfCents(after.netCents - after.gstFreeNetCents));

    // The receipt page says it, at a phone's width and a desktop's, with nothing for axe to find.
    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await signInOnPage(page, player.email);
    await page.goto(storeUrl(`/account/orders/${orderId}`));
    await page.getByRole('heading', { level: 1, name: 'Invoice (GST-free export)' }).waitFor();
    await expect(page.getByTestId('invoice-total').innerText()).resolves.toBe('A$45.99');
    await expect(page.getByTestId('invoice-gst').count()).resolves.toBe(0);
    await expect(page.getByTestId('invoice-export-reason').innerText()).resolves.toBe(taxTexts.exportReason('NZ'));
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, 'receipt-gst-free-export');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('the same buyer with the store selling in Australia only: refused before the provider is asked, with where the store sells, and nothing stored', async () => {
    const player = await newPlayer();
    const refused = await pay(australiaOnly, player, 'NZ', 'NZ');
    expect(refused).toEqual({ status: 422, body: { error: taxTexts.notSoldThere('NZ'), reason: 'salesCountry' } });
    expect(refused.body.error).toContain('Australia only');
    expect(await ordersOf(player.uid)).toEqual([]);
    expect((await ownerDb().doc(`open_order_slots/${player.uid}`).get()).data()?.slots ?? {}).toEqual({});
  });

  it('signals that disagree (an Australian connection, a New Zealand billing address) are taxed as an Australian sale, on either setting', async () => {
    const player = await newPlayer();
    for (const instance of [worldwide, australiaOnly]) expect((await pay(instance, player, 'AU', 'NZ')).status).toBe(201);
    const orders = await ordersOf(player.uid);
    expect(orders.map((order) => order.tax)).toEqual([
      { treatment: 'gst', country: 'AU', billingCountry: 'NZ', addressCountry: 'AU' },
      { treatment: 'gst', country: 'AU', billingCountry: 'NZ', addressCountry: 'AU' },
    ]);
    // The player's order reads as taxed in Australia.
    const { body } = await getJson(apiPath(API_ROUTES.order, { orderId: orders[0]!.order_id as string }), player.idToken);
    expect(body.tax).toEqual({ treatment: 'gst', country: 'AU' });
  });

  it('the payment form tells a buyer billed outside Australia of their bank’s international fee before Submit', async () => {
    const player = await newPlayer();
    const page = await openPage(browser(), { viewport: { width: 375, height: 812 } });
    await signInOnPage(page, player.email);
    await page.goto(storeUrl(`/shop?item=${pouch.id}`));
    await fillPaymentForm(page);
    // Australia, on this stack's own connection (an address no database places): no note.
    await expect(page.getByTestId('international-fee').count()).resolves.toBe(0);
    await page.getByLabel('Country', { exact: true }).selectOption('NZ');
    await expect(page.getByTestId('international-fee').innerText()).resolves.toBe(taxTexts.internationalFee);
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, 'payment-form-international-fee');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('worldwide, a buyer in New Zealand reads no "incl. GST" before Submit, the invoice’s own words, and GST again with Country Australia', async () => {
    const player = await newPlayer();
    const page = await openPage(browser(), { viewport: { width: 375, height: 812 } });
    await connectFrom(page, worldwide, 'NZ');
    await signInOnPage(page, player.email);
    await page.goto(storeUrl('/shop'));
    await page.getByTestId('prices-note').filter({ hasText: priceTexts.pricesNote.gstFreeExport }).waitFor();
    await page.getByText(priceTexts.gstFreePrice).first().waitFor();
    expect(await page.locator('main').innerText()).not.toContain('incl.');

    await page.goto(storeUrl(`/shop?item=${pouch.id}`));
    const priceTax = page.getByTestId('price-tax');
    await priceTax.filter({ hasText: priceTexts.gstFreePrice }).waitFor();
    await fillPaymentForm(page);
    await priceTax.filter({ hasText: gstNote(pouch.priceCents) }).waitFor();
    await page.getByLabel('Country', { exact: true }).selectOption('NZ');
    await priceTax.filter({ hasText: priceTexts.gstFreePrice }).waitFor();
    expect(await page.locator('main').innerText()).not.toContain('incl.');
    expect(await axeViolationsAtBothWidths(page)).toEqual([]);
    await shootBothWidths(page, 'payment-form-gst-free');

    // Submit: the order is the export the page said, and its invoice says GST-free as the price line did.
    const checkout = await openCheckout(page);
    await checkout.close();
    const [order] = await ordersOf(player.uid);
    expect(order!.tax).toEqual({ treatment: 'gstFreeExport', country: 'NZ', billingCountry: 'NZ', addressCountry: 'NZ' });
    expect(taxTexts.exportReason('NZ')).toContain('GST-free');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('Australia only, a connection in New Zealand: told above the form before typing, refused under Country within a second of choosing New Zealand, Submit disabled, and no request made', async () => {
    const player = await newPlayer();
    const page = await openPage(browser(), { viewport: { width: 375, height: 812 } });
    await connectFrom(page, australiaOnly, 'NZ');
    const paymentPosts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === apiPath(API_ROUTES.payments)) paymentPosts.push(request.url());
    });
    await signInOnPage(page, player.email);
    await page.goto(storeUrl(`/shop?item=${pouch.id}`));
    await page.getByTestId('sold-in-australia-only').filter({ hasText: paymentTexts.soldInAustraliaOnly('New Zealand') }).waitFor();
    await fillPaymentForm(page);
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit.isEnabled()).resolves.toBe(true);
    await page.getByLabel('Country', { exact: true }).selectOption('NZ');
    await page.getByText(taxTexts.notSoldThere('NZ')).waitFor({ timeout: 1_000 });
    await expect(page.getByLabel('Country', { exact: true }).getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(submit.isDisabled()).resolves.toBe(true);
    // Enter in a field submits no more than the button does.
    await page.getByLabel('City', { exact: true }).press('Enter');
    expect(await axeViolationsAtBothWidths(page)).toEqual([]);
    await shootBothWidths(page, 'payment-form-australia-only');
    // Australia again: the refusal goes, and Submit is live.
    await page.getByLabel('Country', { exact: true }).selectOption('AU');
    await page.getByText(taxTexts.notSoldThere('NZ')).waitFor({ state: 'detached' });
    await expect(submit.isEnabled()).resolves.toBe(true);
    expect(paymentPosts).toEqual([]);
    expect(await ordersOf(player.uid)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

/** The page's API requests go to `instance`, from a connection its trusted front places in `country`. */
async function connectFrom(page: Page, instance: ApiInstances, country: string): Promise<void> {
  await page.context().route(
    (url) => url.pathname.startsWith(API_BASE),
    (route) => {
      const { pathname, search } = new URL(route.request().url());
      void route.continue({ url: `${instance.urls[0]}${pathname}${search}`, headers: { ...route.request().headers(), [COUNTRY_HEADER.toLowerCase()]: country } });
    },
  );
}

