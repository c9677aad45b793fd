import { openPage, pageErrors, sharedBrowser, shootBothWidths, storeUrl } from '../../scripts/browser/browser';
import { fillPaymentForm, signInOnPage } from '../../scripts/browser/storePages';
import { startApiInstances, type ApiInstances } from '../../scripts/stack/testing/apiInstances';
import { todayOf } from '../../src/server/overview/overview';
import { firestoreStats } from '../../src/server/overview/statsRepository';
import { API_ROUTES, apiPath } from '../../src/shared/api';
import { STARTING_PACKS } from '../../src/shared/startingCatalogue';
import { gstOfCents } from '../../src/shared/money';
import { taxTexts } from '../../src/shared/tax/orderTax';
import { axeViolations } from '../support/axe';
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
});
