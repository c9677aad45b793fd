import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, pageErrors, storeUrl, shootBothWidths } from '../support/browser';
import { completeInSandbox, newPlayer, postJson, sandboxControl, startPurchase, type TestPlayer } from '../support/paymentsHarness';
import { fillSignIn, nav } from '../support/storePages';

jest.setTimeout(180_000);

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

/** An order of `packId` for the player, paid or declined at the provider and confirmed by its return. */
async function finishedOrder(player: TestPlayer, packId: number, outcome: 'paid' | 'failed'): Promise<string> {
  const { orderId } = await startPurchase(player, packId);
  const parameters = await completeInSandbox(orderId, outcome);
  await postJson('/api/payments/return', parameters, player.idToken);
  return orderId;
}

const rowOf = (page: Page, orderId: string) => page.locator(`[data-order-id="${orderId}"]`);

describe('my orders and receipts, on the real stack', () => {
  it('lists paid and declined orders live, checks an unfinished one again, and prints a one-page tax invoice', async () => {
    const player = await newPlayer();
    const paid = await finishedOrder(player, 3, 'paid');
    const declined = await finishedOrder(player, 1, 'failed');

    const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(storeUrl('/signin-signup'));
    await fillSignIn(page, player.email);
    await page.waitForURL(storeUrl('/'));
    await nav(page).getByRole('link', { name: 'Account' }).click();
    await page.waitForURL(storeUrl('/account/orders'));
    await rowOf(page, paid).getByTestId('order-status').filter({ hasText: 'Gems added' }).waitFor();
    await rowOf(page, declined).getByTestId('order-status').filter({ hasText: 'Declined' }).waitFor();
    await expect(rowOf(page, paid).innerText()).resolves.toContain('A$45.99');
    // Newest first.
    const ids = await page.locator('[data-order-id]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-order-id')));
    expect(ids).toEqual([declined, paid]);

    // A new order appears live; paid at the provider with no callback, Check again finds it.
    const { orderId: waiting } = await startPurchase(player, 2);
    const row = rowOf(page, waiting);
    await row.getByTestId('order-status').filter({ hasText: 'Waiting for payment' }).waitFor();
    await sandboxControl('PUT', '/faults', { orderId: waiting, faults: { callback: { none: true } } });
    await completeInSandbox(waiting, 'paid');
    await shootBothWidths(page, 'orders');
    await row.getByRole('button', { name: 'Check again' }).click();
    await row.getByTestId('order-status').filter({ hasText: 'Gems added' }).waitFor();

    // The receipt: a tax invoice with the ABN, the GST of A$45.99, and the payment method.
    await rowOf(page, paid).getByRole('link', { name: 'Receipt' }).click();
    const invoice = page.getByTestId('tax-invoice');
    await invoice.getByRole('heading', { name: 'Tax invoice' }).waitFor();
    const text = await invoice.innerText();
    expect(text).toContain(paid);
    expect(text).toMatch(/ABN\s+\d{2} \d{3} \d{3} \d{3}/);
    expect(text).toContain('Pouch of Gem (3,500 gems)');
    await expect(page.getByTestId('invoice-total').innerText()).resolves.toBe('A$45.99');
    await expect(page.getByTestId('invoice-gst').innerText()).resolves.toBe('A$4.18');
    expect(text).toMatch(/Payment method\s+card/);
    await shootBothWidths(page, 'receipt');

    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    fs.writeFileSync('test-results/receipt.pdf', pdf);
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(1);
    await page.emulateMedia({ media: 'screen' });

    // Another player's order id shows not-found, never their order.
    const other = await newPlayer();
    const theirs = await finishedOrder(other, 6, 'paid');
    await page.goto(storeUrl(`/account/orders/${theirs}`));
    await page.getByRole('heading', { level: 1, name: 'Order not found' }).waitFor();
    await expect(page.getByText('Vault of Gem').count()).resolves.toBe(0);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('a player with no orders is pointed to the shop', async () => {
    const player = await newPlayer();
    const page = await openPage(browser);
    await page.goto(storeUrl('/signin-signup'));
    await fillSignIn(page, player.email);
    await page.waitForURL(storeUrl('/'));
    await page.goto(storeUrl('/account/orders'));
    await page.getByText('You have no orders yet.').waitFor();
    await expect(page.getByRole('link', { name: 'Visit the Gem Shop' }).getAttribute('href')).resolves.toBe('/shop');
    await page.context().close();
  });
});
