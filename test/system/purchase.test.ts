import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { paymentTexts } from '../../src/client/features/payment/paymentTexts';
import { ordersTexts } from '../../src/client/features/orders/ordersTexts';
import { STARTING_PACKS } from '../../src/shared/startingCatalogue';
import { formatGemCount } from '../../src/shared/money';
import { ROUTES } from '../../src/shared/routes';
import { focusedHeading, openPage, pageErrors, sharedBrowser, shootBothWidths, storeUrl } from '../../scripts/browser/browser';
import { installDevToolsRecorder, readDevToolsRecording, type DevToolsRecording } from '../support/devToolsRecorder';
import { uniqueEmail } from '../support/emulatorAdmin';
import { gemsOf, ownerDb, sandboxControl, transactionOf, waitFor } from '../support/paymentsHarness';
import { DETAILS, fillPaymentForm, moneyOnPage, nav, openCheckout, signInOnPage, signUp, waitForBalance } from '../../scripts/browser/storePages';
import { TEST_PASSWORD } from '../fixtures/samples';

jest.setTimeout(180_000);

const browser = sharedBrowser();
afterEach(async () => {
  await sandboxControl('DELETE', '/faults');
});

/** The form still holds what the player typed. */
async function expectDetailsKept(page: Page): Promise<void> {
  for (const [label, value] of Object.entries(DETAILS)) {
    await expect(page.getByLabel(label, { exact: true }).inputValue()).resolves.toBe(value);
  }
  await expect(page.getByLabel('Country', { exact: true }).inputValue()).resolves.toBe('AU');
}

interface Shopper {
  page: Page;
  context: BrowserContext;
  uid: string;
  /** The account's email, which the form sends as the buyer's (a fault for this buyer alone names it). */
  email: string;
}

/** A new player, signed up, on the checkout of the pack at `packIndex` with the form filled in. */
async function shopperOnForm(packIndex: number, options: { record?: boolean } = {}): Promise<Shopper> {
  const page = await openPage(browser(), { viewport: { width: 1280, height: 1000 } });
  if (options.record) await installDevToolsRecorder(page);
  const email = uniqueEmail('buyer');
  await signUp(page, email);
  const uid = JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? 'null').uid as string;
  await waitForBalance(page, '0');
  await nav(page).getByRole('link', { name: 'Shop' }).click();
  await page.getByRole('button', { name: `Buy ${STARTING_PACKS[packIndex]!.title}` }).click();
  await page.waitForURL(storeUrl(`/shop?item=${STARTING_PACKS[packIndex]!.id}`));
  await fillPaymentForm(page);
  return { page, context: page.context(), uid, email };
}

const orderNumberIn = async (page: Page) => (await page.getByTestId('order-number').first().innerText()).trim();

/** Submit asks about `orderId` first, before any tab opens: the starting tab is still the only one. */
async function submitAndExpectQuestion(page: Page, orderId: string): Promise<void> {
  await page.getByRole('button', { name: 'Submit' }).click();
  const question = page.getByTestId('second-order-question');
  await question.waitFor();
  await expect(question.innerText()).resolves.toContain(orderId);
  expect(page.context().pages()).toHaveLength(1);
}

describe('one order’s checkout, watched from the tab the player started in', () => {
  it('while the checkout starts, its tab says so in the store’s look', async () => {
    const { page, context, email } = await shopperOnForm(0);
    // A slow provider (within the API's patience) for this buyer keeps the new tab on its interstitial long enough to look at it.
    await sandboxControl('PUT', '/faults', { email, faults: { payment: { latencyMs: 1200 } } });
    const tabOpened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Submit' }).click();
    const tab = await tabOpened;
    await tab.getByRole('heading', { name: paymentTexts.interstitialHeading }).waitFor();
    await expect(tab.title()).resolves.toBe(paymentTexts.interstitialTitle);
    await expect(tab.getByRole('status').innerText()).resolves.toBe(paymentTexts.interstitialText);
    await expect(tab.evaluate(() => getComputedStyle(document.body).backgroundColor)).resolves.toBe('rgb(11, 13, 23)');
    await tab.setViewportSize({ width: 375, height: 700 });
    await tab.screenshot({ path: 'test-results/checkout-interstitial-375.png' });
    await tab.waitForURL(/\/checkout\/[\w-]+$/);
    await context.close();
  });

  it('pay: the success card in the original tab, Submit gone; /payment-success?order=… survives a reload', async () => {
    const pouch = STARTING_PACKS[2]!;
    const { page, uid } = await shopperOnForm(2, { record: true });
    // One way to write money, on every screen of a purchase: the form, the provider's page, the paid card, the orders.
    const pricesEveryWhere: string[] = [];
    const noteMoney = async (on: Page) => {
      const { amounts, otherwise } = await moneyOnPage(on);
      expect(otherwise).toEqual([]);
      pricesEveryWhere.push(...amounts);
    };
    await noteMoney(page);
    const checkout = await openCheckout(page);
    const orderId = await orderNumberIn(page);
    expect(orderId).toMatch(/^WC[0-9A-Z]+$/);
    await noteMoney(checkout);
    await expect(checkout.getByText(orderId).count()).resolves.toBe(1);
    await shootBothWidths(page, 'checkout-awaiting-payment');

    // Hold the provider's answers back a little, so the confirming state can be seen in the checkout tab.
    await sandboxControl('PUT', '/faults', { orderId, faults: { callback: { delayMs: 2500 }, query: { latencyMs: 1200 } } });
    await checkout.getByRole('button', { name: 'Pay' }).click();
    await checkout.waitForURL(storeUrl(`/payment-success?order=${orderId}`));
    // The order's page: confirming, or already paid where the provider's callback credited it first (a busy
    // machine can load the page after that); the paid end is checked below either way.
    await checkout.locator('[data-payment-view="confirming"], [data-payment-view="paid"]').first().waitFor();

    // The original tab ends on the success card, live: +N gems, the amount, the order, the new balance.
    const card = page.getByTestId('order-card');
    await card.getByRole('heading', { name: paymentTexts.successHeading }).waitFor({ timeout: 20_000 });
    await expect(card.innerText()).resolves.toContain(`+${formatGemCount(pouch.gemCount)} gems`);
    await expect(card.innerText()).resolves.toContain('A$45.99');
    await expect(card.innerText()).resolves.toContain(orderId);
    await waitForBalance(page, formatGemCount(pouch.gemCount));
    await expect(page.getByRole('button', { name: 'Submit' }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: paymentTexts.continueShopping }).getAttribute('href')).resolves.toBe('/shop');
    await expect(page.title()).resolves.toContain(paymentTexts.successHeading);
    await noteMoney(page);
    await shootBothWidths(page, 'checkout-paid');

    // The checkout tab: "Payment is Successful" with the same card, and again after a reload.
    await checkout.getByRole('heading', { level: 1, name: paymentTexts.successHeading }).waitFor();
    await expect(checkout.getByTestId('order-card').innerText()).resolves.toContain(orderId);
    await checkout.reload();
    await checkout.getByRole('heading', { level: 1, name: paymentTexts.successHeading }).waitFor();
    await expect(checkout.getByTestId('order-card').innerText()).resolves.toContain(`+${formatGemCount(pouch.gemCount)} gems`);
    await expect(checkout.title()).resolves.toContain(paymentTexts.successHeading);
    await shootBothWidths(checkout, 'payment-success');
    expect(await gemsOf(uid)).toBe(pouch.gemCount);
    // Continue Shopping, by keyboard: the shop, with focus on its heading.
    await checkout.getByRole('link', { name: paymentTexts.continueShopping }).focus();
    await checkout.keyboard.press('Enter');
    await checkout.waitForURL(storeUrl(ROUTES.shop));
    await expect(focusedHeading(checkout)).resolves.toBe('Gem Shop');

    // From the paid card to the order history, where the order is listed paid.
    await page.getByRole('link', { name: paymentTexts.yourOrders }).click();
    await page.waitForURL(storeUrl('/account/orders'));
    // The address changes as the move starts; the history itself shows once its page is in.
    await page.getByRole('heading', { level: 1, name: ordersTexts.heading }).waitFor();
    await page.getByText(orderId).first().waitFor();
    await noteMoney(page);
    expect(pricesEveryWhere).toEqual(expect.arrayContaining(['A$45.99', 'A$4.18']));

    // Redux DevTools saw the whole purchase, step by step, with nothing secret in it.
    const recording = await readDevToolsRecording(page);
    expectPurchaseSteps(recording);
    const raw = JSON.stringify(recording.rawLog);
    expect(raw).not.toContain(TEST_PASSWORD);
    expect(raw).not.toMatch(/eyJ[\w-]{10,}\.[\w-]{10,}\./);
    fs.mkdirSync('test-results', { recursive: true });
    fs.writeFileSync('test-results/purchase.devtools.json', JSON.stringify(recording.exported, null, 2));
    if (process.env.RECORD_FIXTURES === '1') {
      fs.writeFileSync(path.join(__dirname, '../fixtures/purchase.devtools.json'), `${JSON.stringify(recording.exported)}\n`);
    }
    expect(pageErrors(page)).toEqual([]);
    expect(pageErrors(checkout)).toEqual([]);
    await page.context().close();
  });

  it('decline: nothing charged, and the form back with the details typed', async () => {
    const { page, uid } = await shopperOnForm(0);
    const checkout = await openCheckout(page);
    await checkout.getByRole('button', { name: 'Decline' }).click();
    await checkout.getByRole('heading', { level: 1, name: paymentTexts.notPaidHeading }).waitFor();

    await page.getByText(paymentTexts.declined).waitFor({ timeout: 20_000 });
    await expectDetailsKept(page);
    await expect(page.getByRole('button', { name: 'Submit' }).isEnabled()).resolves.toBe(true);
    await shootBothWidths(page, 'checkout-declined');
    await shootBothWidths(checkout, 'payment-not-completed');
    expect(await gemsOf(uid)).toBe(0);
    await page.context().close();
  });

  it('cancel on the provider’s page: the checkout tab sends the player back, and the first tab has the message and the details', async () => {
    const { page, uid } = await shopperOnForm(0);
    const checkout = await openCheckout(page);
    const orderId = await orderNumberIn(page);
    await checkout.getByRole('button', { name: 'Cancel' }).click();
    await checkout.waitForURL(storeUrl('/shop?item=1'));
    // The checkout tab: nothing charged, go back to the first tab; not a second filled-in form with a live Submit.
    await checkout.getByRole('heading', { name: paymentTexts.cancelledHereHeading }).waitFor();
    await expect(checkout.getByRole('button', { name: 'Submit' }).count()).resolves.toBe(0);
    await shootBothWidths(checkout, 'checkout-cancelled-return');
    const closed = checkout.waitForEvent('close');
    // The click closes the very page it is on: Playwright may find the page gone before the click returns.
    await checkout
      .getByRole('button', { name: paymentTexts.closeThisTab })
      .click()
      .catch((error: unknown) => {
        if (!checkout.isClosed()) throw error;
      });
    await closed;

    await page.getByText(paymentTexts.cancelled).waitFor({ timeout: 20_000 });
    await expectDetailsKept(page);
    await shootBothWidths(page, 'checkout-cancelled');
    expect(await transactionOf(orderId)).toMatchObject({ status: 'cancelled', checked: 0 });
    expect(await gemsOf(uid)).toBe(0);
    await page.context().close();
  });

  it('closing the checkout tab: Reopen (same checkout), Start over, and a second Submit that asks first', async () => {
    const { page } = await shopperOnForm(1);
    const checkout = await openCheckout(page);
    const checkoutUrl = checkout.url();
    const firstOrder = await orderNumberIn(page);
    await checkout.close();
    await page.getByRole('heading', { name: paymentTexts.tabClosedHeading }).waitFor();
    await shootBothWidths(page, 'checkout-tab-closed');

    const reopened = await openCheckout(page, paymentTexts.reopen);
    expect(reopened.url()).toBe(checkoutUrl);
    await reopened.close();
    await page.getByRole('heading', { name: paymentTexts.tabClosedHeading }).waitFor();

    await page.getByRole('button', { name: paymentTexts.startOver }).focus();
    await page.keyboard.press('Enter');
    await expectDetailsKept(page);
    await expect(focusedHeading(page)).resolves.toBe(paymentTexts.heading);
    await submitAndExpectQuestion(page, firstOrder);
    await shootBothWidths(page, 'checkout-second-order');

    const second = await openCheckout(page, paymentTexts.startNew);
    expect(second.url()).not.toBe(checkoutUrl);
    expect(await orderNumberIn(page)).not.toBe(firstOrder);
    await page.context().close();
  });

  it('Resume reopens the waiting order’s checkout instead of making another', async () => {
    const { page } = await shopperOnForm(1);
    const checkout = await openCheckout(page);
    const checkoutUrl = checkout.url();
    await checkout.close();
    await page.getByRole('button', { name: paymentTexts.startOver }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    const resumed = await openCheckout(page, paymentTexts.resume);
    expect(resumed.url()).toBe(checkoutUrl);
    await page.context().close();
  });

  it('a reload of the starting tab keeps its order: paying in the checkout tab still ends at the paid card there', async () => {
    const { page, context, uid } = await shopperOnForm(2);
    const checkout = await openCheckout(page);
    const orderId = await orderNumberIn(page);
    await page.reload();
    // The order, not a blank form: not paid yet (its checkout tab may still be open, so not "closed"), and
    // followed live again.
    await page.getByRole('heading', { name: paymentTexts.tabUnknownHeading }).waitFor();
    await expect(page.getByText(paymentTexts.tabClosedHeading).count()).resolves.toBe(0);
    expect(await orderNumberIn(page)).toBe(orderId);
    await expect(page.getByRole('form', { name: 'Payment details' }).count()).resolves.toBe(0);
    await shootBothWidths(page, 'checkout-restored-after-reload');

    await checkout.getByRole('button', { name: 'Pay' }).click();
    const card = page.getByTestId('order-card');
    await card.getByRole('heading', { name: paymentTexts.successHeading }).waitFor({ timeout: 20_000 });
    await expect(card.innerText()).resolves.toContain(orderId);
    await waitForBalance(page, formatGemCount(STARTING_PACKS[2]!.gemCount));
    // Reloaded again once paid: the same paid card, read from the server.
    await page.reload();
    await page.getByTestId('order-card').getByRole('heading', { name: paymentTexts.successHeading }).waitFor();
    expect(await gemsOf(uid)).toBe(STARTING_PACKS[2]!.gemCount);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('after a reload and Start over, the order started before it is asked about first; Resume reopens its checkout, and paying there ends at the paid card', async () => {
    const { page, context, uid } = await shopperOnForm(1);
    const checkout = await openCheckout(page);
    const checkoutUrl = checkout.url();
    const firstOrder = await orderNumberIn(page);
    await checkout.close();
    await page.reload();
    await page.getByRole('button', { name: paymentTexts.startOver }).click();
    await expectDetailsKept(page);
    await submitAndExpectQuestion(page, firstOrder);
    await shootBothWidths(page, 'checkout-second-order-after-reload');

    const resumed = await openCheckout(page, paymentTexts.resume);
    expect(resumed.url()).toBe(checkoutUrl);
    expect(await orderNumberIn(page)).toBe(firstOrder);
    await resumed.getByRole('button', { name: 'Pay' }).click();
    await page.getByTestId('order-card').getByRole('heading', { name: paymentTexts.successHeading }).waitFor({ timeout: 20_000 });
    await waitForBalance(page, formatGemCount(STARTING_PACKS[1]!.gemCount));
    expect(await gemsOf(uid)).toBe(STARTING_PACKS[1]!.gemCount);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('from a second tab, an order waiting in the first is asked about; Start a new order opens exactly one checkout', async () => {
    const { page, context } = await shopperOnForm(1);
    const checkout = await openCheckout(page);
    const firstOrder = await orderNumberIn(page);

    const second = await context.newPage();
    await second.goto(storeUrl(`/shop?item=${STARTING_PACKS[3]!.id}`));
    await fillPaymentForm(second);
    await second.getByRole('button', { name: 'Submit' }).click();
    const question = second.getByTestId('second-order-question');
    await question.waitFor();
    await expect(question.innerText()).resolves.toContain(firstOrder);
    await expect(question.innerText()).resolves.toContain(STARTING_PACKS[1]!.title);
    expect(context.pages()).toHaveLength(3);

    const newCheckout = await openCheckout(second, paymentTexts.startNew);
    expect(newCheckout.url()).not.toBe(checkout.url());
    expect(await orderNumberIn(second)).not.toBe(firstOrder);
    expect(context.pages()).toHaveLength(4);
    expect(pageErrors(second)).toEqual([]);
    await context.close();
  });

  it('from another device, with its form open before the order was started: the server refuses, and the question comes instead of a second checkout', async () => {
    const { page, context, uid } = await shopperOnForm(1);
    // The same player's other device, on a form since before the first order existed.
    const device = await openPage(browser(), { viewport: { width: 375, height: 800 } });
    const email = JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? 'null').email as string;
    await signInOnPage(device, email);
    await device.goto(storeUrl(`/shop?item=${STARTING_PACKS[2]!.id}`));
    await fillPaymentForm(device);

    await openCheckout(page);
    const firstOrder = await orderNumberIn(page);
    await device.getByRole('button', { name: 'Submit' }).click();
    const question = device.getByTestId('second-order-question');
    await question.waitFor();
    await expect(question.innerText()).resolves.toContain(firstOrder);
    // The blank tab the click opened has closed again, and no second order was recorded.
    await waitFor(async () => device.context().pages().length, (count) => count === 1);
    expect(device.context().pages()).toHaveLength(1);
    const orders = await ownerDb().collection('transactions').where('userId', '==', uid).get();
    expect(orders.docs.map((doc) => doc.id)).toEqual([firstOrder]);
    await shootBothWidths(device, 'checkout-second-order-other-device');
    expect(pageErrors(device)).toEqual([]);
    await device.context().close();
    await context.close();
  });

  it('an anonymous visitor on /shop?item=3 is offered sign-in that comes back to the pack, not a form', async () => {
    const page = await openPage(browser(), { viewport: { width: 375, height: 812 } });
    await page.goto(storeUrl('/shop?item=3'));
    const link = page.getByRole('link', { name: paymentTexts.signInToBuy });
    await link.waitFor();
    await expect(link.getAttribute('href')).resolves.toBe('/signin-signup?item=3');
    await expect(page.getByRole('form', { name: 'Payment details' }).count()).resolves.toBe(0);
    await shootBothWidths(page, 'checkout-sign-in-to-buy');
    await page.context().close();
  });
});

/** The recorded purchase went through the machine's steps in order, each a readable action. */
function expectPurchaseSteps(recording: DevToolsRecording): void {
  const types = recording.rawLog.map((entry) => entry.action.type);
  // Paid in the checkout tab: the original tab never says that tab was closed.
  expect(types).not.toContain('payment/tabClosed');
  const order = [
    'payment/submitted',
    'payment/opening',
    'payment/orderCreated',
    'payment/tabOpened',
    'payment/gemsCredited',
    'transactions/ordersOpened',
    'transactions/pageUpdated',
  ];
  const positions = order.map((type) => types.indexOf(type));
  expect(positions.every((position) => position >= 0)).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
}
