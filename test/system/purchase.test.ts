import type { Browser, Page } from 'playwright-core';
import { paymentTexts } from '../../src/client/features/payment/paymentTexts';
import { GEM_PACKS } from '../../src/shared/catalogue';
import { launchBrowser, openPage, pageErrors, saveScreenshot, storeUrl } from '../support/browser';
import { uniqueEmail } from '../support/emulatorAdmin';
import { gemsOf, sandboxControl } from '../support/paymentsHarness';
import { nav, signUp, waitForBalance } from '../support/storePages';

jest.setTimeout(120_000);

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await sandboxControl('DELETE', '/faults');
});

async function fillPaymentForm(page: Page): Promise<void> {
  await page.waitForFunction(() => (document.querySelector('#field-country') as HTMLSelectElement)?.options.length > 200);
  await page.getByLabel('First Name', { exact: true }).fill('Aria');
  await page.getByLabel('Last Name', { exact: true }).fill('Stormborn');
  await page.getByLabel('Address', { exact: true }).fill('1 Castle Road');
  await page.getByLabel('Country', { exact: true }).selectOption('AU');
  await page.getByLabel('State', { exact: true }).fill('NSW');
  await page.getByLabel('City', { exact: true }).fill('Sydney');
  await page.getByLabel('Post Code', { exact: true }).fill('2000');
  await page.getByLabel('Phone', { exact: true }).fill('+61 2 9876 5432');
}

/** Sign up, Buy the pack, fill the form, Submit: answers the store page and the checkout tab. */
async function startCheckout(packIndex: number, width = 1280): Promise<{ page: Page; checkout: Page; uid: string }> {
  const page = await openPage(browser, { viewport: { width, height: 1000 } });
  await signUp(page, uniqueEmail('buyer'));
  const uid = JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? 'null').uid as string;
  await waitForBalance(page, '0');

  await nav(page).getByRole('link', { name: 'Shop' }).click();
  await page.getByRole('article').nth(packIndex).getByRole('button', { name: 'Buy' }).click();
  await page.waitForURL(storeUrl(`/shop?item=${GEM_PACKS[packIndex]!.id}`));
  await fillPaymentForm(page);

  const tabOpened = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Submit' }).click();
  const checkout = await tabOpened;
  await checkout.waitForURL(/\/checkout\/[\w-]+$/);
  await page.getByText(paymentTexts.completeInTab).waitFor();
  return { page, checkout, uid };
}

describe('buying gems in Chromium, from npm start’s stack', () => {
  it('sign up → Buy → form → Submit → the sandbox tab → Pay → /payment-success → the balance grows by the pack', async () => {
    const pouch = GEM_PACKS[2]!;
    const { page, checkout, uid } = await startCheckout(2);

    await expect(checkout.getByText('Pouch of Gem').count()).resolves.toBe(1);
    await expect(checkout.getByText(`45.99 AUD`).count()).resolves.toBe(1);
    await saveScreenshot(checkout, 'purchase-checkout-tab');

    // Hold the provider's answers back a little, so the confirming state can be seen.
    const orderId = await checkout.getByText(/^WC[0-9A-Z]+$/).innerText();
    await sandboxControl('PUT', '/faults', { orderId, faults: { callback: { delayMs: 4000 }, query: { latencyMs: 1500 } } });

    await checkout.getByRole('button', { name: 'Pay' }).click();
    await checkout.waitForURL(storeUrl('/payment-success'));
    await checkout.locator('[data-payment-view="confirming"]').waitFor();
    await saveScreenshot(checkout, 'purchase-confirming');

    await checkout.getByRole('heading', { level: 1, name: paymentTexts.successHeading }).waitFor();
    await expect(checkout.getByRole('link', { name: paymentTexts.continueShopping }).getAttribute('href')).resolves.toBe('/shop');
    expect(checkout.url()).toBe(storeUrl('/payment-success'));
    await waitForBalance(checkout, new Intl.NumberFormat('en-AU').format(pouch.gemCount));
    await saveScreenshot(checkout, 'purchase-success');

    // The store tab follows along live: the order is paid and the nav shows the new balance.
    await page.getByText(paymentTexts.paidInCheckout).waitFor();
    await waitForBalance(page, new Intl.NumberFormat('en-AU').format(pouch.gemCount));
    expect(await gemsOf(uid)).toBe(pouch.gemCount);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('Decline credits nothing and says the payment was not completed', async () => {
    const { page, checkout, uid } = await startCheckout(0, 375);
    await checkout.getByRole('button', { name: 'Decline' }).click();
    await checkout.waitForURL(storeUrl('/payment-success'));
    await checkout.getByRole('heading', { level: 1, name: paymentTexts.notPaidHeading }).waitFor();
    await page.getByText(paymentTexts.notCompleted).waitFor();
    await waitForBalance(page, '0');
    expect(await gemsOf(uid)).toBe(0);
    await page.context().close();
  });
});
