import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { openPage, pageErrors, sharedBrowser, shootBothWidths, storeUrl } from '../../scripts/browser/browser';
import { spendInGame } from '../support/gameStandIn';
import { waitForMailsAbout } from '../support/mailbox';
import { completeInSandbox, gemsOf, newPlayer, paymentDetails, postJson, returnedOrder, sandboxControl, stackSettings, startPurchase, type TestPlayer } from '../support/paymentsHarness';
import { moneyOnPage, nav, signInOnPage } from '../../scripts/browser/storePages';

jest.setTimeout(180_000);

const browser = sharedBrowser();
afterEach(async () => {
  await sandboxControl('DELETE', '/faults');
});

/** The id of an order of `packId` for the player, paid or declined at the provider and confirmed by its return. */
const finishedOrder = async (player: TestPlayer, packId: number, outcome: 'paid' | 'failed') =>
  (await returnedOrder(player, packId, outcome)).orderId;

const rowOf = (page: Page, orderId: string) => page.locator(`[data-order-id="${orderId}"]`);

/** Waits until keyboard focus is on the order's status line (after Check again or Cancel order). */
const focusOnStatusOf = (page: Page, orderId: string) =>
  page.waitForFunction((id) => {
    const focused = document.activeElement;
    return focused?.closest('[data-order-id]')?.getAttribute('data-order-id') === id && focused.querySelector('[data-testid="order-status"]') !== null;
  }, orderId);

describe('my orders and receipts, on the real stack', () => {
  it('lists paid and declined orders live, checks an unfinished one again, prints a one-page tax invoice, emails it, and takes one refund request', async () => {
    const player = await newPlayer();
    const paid = await finishedOrder(player, 3, 'paid');
    const declined = await finishedOrder(player, 1, 'failed');

    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await signInOnPage(page, player.email);
    await nav(page).getByRole('link', { name: 'Account' }).click();
    await page.waitForURL(storeUrl('/account/orders'));
    await rowOf(page, paid).getByTestId('order-status').filter({ hasText: 'Gems added' }).waitFor();
    await rowOf(page, declined).getByTestId('order-status').filter({ hasText: 'Declined' }).waitFor();
    await expect(rowOf(page, paid).innerText()).resolves.toContain('A$45.99');
    // Newest first.
    const ids = await page.locator('[data-order-id]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-order-id')));
    expect(ids).toEqual([declined, paid]);

    // A declined order is still watched for a late payment: Check again is offered, and credits one that landed.
    const late = rowOf(page, declined);
    await expect(late.innerText()).resolves.toContain('The store keeps asking the payment provider for a week');
    await shootBothWidths(page, 'orders-late-payment-watch');
    await sandboxControl('PUT', '/faults', { orderId: declined, faults: { query: { status: 'paid' } } });
    await late.getByRole('button', { name: 'Check again' }).focus();
    await page.keyboard.press('Enter');
    await late.getByTestId('order-status').filter({ hasText: 'Gems added' }).waitFor();
    await expect(late.getByRole('button', { name: 'Check again' }).count()).resolves.toBe(0);
    // The button is gone with the answer: focus is on the order's status, where the answer shows.
    await focusOnStatusOf(page, declined);
    await sandboxControl('DELETE', '/faults');

    // A new order appears live; paid at the provider with no callback, Check again finds it. (The Cheast,
    // A$65.99, so the Pouch stays no more than the last transaction and may be refunded below.)
    const { orderId: waiting, checkoutUrl } = await startPurchase(player, 5);
    const row = rowOf(page, waiting);
    await row.getByTestId('order-status').filter({ hasText: 'Not paid yet' }).waitFor();
    // Not paid yet, not "waiting for the provider": until when, Resume payment (its own checkout) and Cancel order.
    await expect(row.getByTestId('unpaid-order').innerText()).resolves.toMatch(/You can pay for it until .+; after that it expires\./);
    await expect(row.getByRole('link', { name: 'Resume payment' }).getAttribute('href')).resolves.toBe(checkoutUrl);
    await expect(row.getByRole('button', { name: 'Cancel order' }).count()).resolves.toBe(1);
    await expect(page.getByText('Waiting for the payment provider').count()).resolves.toBe(0);
    await sandboxControl('PUT', '/faults', { orderId: waiting, faults: { callback: { none: true } } });
    await completeInSandbox(waiting, 'paid');
    await shootBothWidths(page, 'orders');
    await row.getByRole('button', { name: 'Check again' }).click();
    await row.getByTestId('order-status').filter({ hasText: 'Gems added' }).waitFor();

    // The receipt: a tax invoice with the ABN, the GST of A$45.99, and the payment method.
    await rowOf(page, paid).getByRole('link', { name: 'Receipt' }).click();
    const invoice = page.getByTestId('tax-invoice');
    await invoice.getByRole('heading', { name: 'Tax invoice' }).waitFor();
    // Its heading and number show before the order arrives; its figures with it.
    await page.getByTestId('invoice-total').waitFor();
    const text = await invoice.innerText();
    expect(text).toContain(paid);
    expect(text).toMatch(/ABN\s+\d{2} \d{3} \d{3} \d{3}/);
    expect(text).toContain('Pouch of Gem (3,500 gems)');
    await expect(page.getByTestId('invoice-total').innerText()).resolves.toBe('A$45.99');
    await expect(page.getByTestId('invoice-gst').innerText()).resolves.toBe('A$4.18');
    // The provider named the card it was paid with (the sandbox's test card).
    expect(text).toMatch(/Payment method\s+Visa •••• 4242/);
    expect((await moneyOnPage(page)).otherwise).toEqual([]);
    await shootBothWidths(page, 'receipt');

    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    fs.writeFileSync('test-results/receipt.pdf', pdf);
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(1);
    await page.emulateMedia({ media: 'screen' });

    // Its receipt email: exactly one, to the account's address, with the invoice's figures.
    await waitForMailsAbout(paid, (mails) => mails.length > 0);
    const receipts = (await waitForMailsAbout(paid, () => true)).filter((mail) => mail.subject.includes('receipt'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('GST included: A$4.18');

    // A refund request, as the policy allows: accepted once, then shown as requested, live in the list too.
    const refunds = page.getByRole('region', { name: 'Refunds' });
    // All three of the policy's conditions, as the refund policy page states them.
    await expect(refunds.innerText()).resolves.toMatch(/within \d+ days of purchase, while the pack's gems are unused and its amount is no more than your last transaction/);
    await refunds.getByRole('button', { name: 'Request a refund' }).click();
    await refunds.getByRole('button', { name: 'Send refund request' }).click();
    await refunds.getByText('Tell us briefly why you would like a refund.').waitFor();
    await refunds.getByLabel('Why would you like a refund?').fill('I meant to buy the Box of Gem.');
    await shootBothWidths(page, 'receipt-refund-form');
    await refunds.getByRole('button', { name: 'Send refund request' }).click();
    await refunds.getByRole('status').filter({ hasText: 'Thank you: your refund request is in.' }).waitFor();
    await expect(refunds.getByTestId('refund-state').innerText()).resolves.toMatch(/^You asked for a refund on .+\. Support will reply within 3 working days\.$/);
    await shootBothWidths(page, 'receipt-refund-requested');
    const again = await postJson(`/api/orders/${paid}/refund`, { reason: 'Once more' }, player.idToken);
    expect(again).toEqual({ status: 409, body: { error: 'A refund has already been requested for this order.' } });
    const toSupport = await waitForMailsAbout(paid, (mails) => mails.some((mail) => mail.subject.startsWith('Refund requested')));
    expect(toSupport.filter((mail) => mail.subject.startsWith('Refund requested')).map((mail) => mail.to[0]!.address)).toEqual(['support@wyrmcrown.example']);
    // And the player hears that their request is in.
    const toPlayer = (await waitForMailsAbout(paid, (mails) => mails.some((mail) => mail.subject.startsWith('We have your refund request')))).filter((mail) =>
      mail.subject.startsWith('We have your refund request'),
    );
    expect(toPlayer.map((mail) => mail.to[0]!.address)).toEqual([player.email]);
    expect(toPlayer[0]!.text).toContain('reply within 3 working days');
    await page.getByRole('link', { name: 'Back to your orders' }).click();
    await rowOf(page, paid).getByTestId('order-status').filter({ hasText: 'Refund requested' }).waitFor();

    // Once the Cheast's gems are spent in the game (one short, beside the Pouch's 3,500 its waiting request
    // would take back), its receipt says why no refund is offered.
    await spendInGame(player.uid, (await gemsOf(player.uid)) - (3_500 + 5_999));
    await rowOf(page, waiting).getByRole('link', { name: 'Receipt' }).click();
    await expect(page.getByTestId('refund-state').innerText()).resolves.toBe(
      'A refund is not available for this order. Refunds are for unused gems only. This pack added 6,000 gems and your balance is 9,499, of which your other refund requests would take back 3,500.',
    );
    await expect(refunds.getByRole('button', { name: 'Request a refund' }).count()).resolves.toBe(0);

    // Another player's order id shows not-found, never their order.
    const other = await newPlayer();
    const theirs = await finishedOrder(other, 6, 'paid');
    await page.goto(storeUrl(`/account/orders/${theirs}`));
    await page.getByRole('heading', { level: 1, name: 'Order not found' }).waitFor();
    await expect(page.getByText('Vault of Gem').count()).resolves.toBe(0);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('an unpaid order: Resume payment opens its checkout, Cancel order ends it at the provider, and the cap’s message links here', async () => {
    const player = await newPlayer();
    const page = await openPage(browser(), { viewport: { width: 375, height: 800 } });
    await signInOnPage(page, player.email);
    const { orderId, checkoutUrl } = await startPurchase(player, 2);
    await page.goto(storeUrl('/account/orders'));
    const row = rowOf(page, orderId);
    await row.getByTestId('unpaid-order').waitFor();
    await shootBothWidths(page, 'orders-unpaid');

    const resumed = page.context().waitForEvent('page');
    await row.getByRole('link', { name: 'Resume payment' }).click();
    const checkout = await resumed;
    await checkout.waitForURL(checkoutUrl);
    await checkout.close();

    // Unpaid orders fill the cap: the checkout's refusal links to them, where each can be resumed or cancelled.
    const cap = stackSettings.MAX_OPEN_ORDERS;
    for (let i = 1; i < cap; i += 1) await startPurchase(player, 1);
    const refused = await postJson('/api/payments', { packId: 1, ...paymentDetails }, player.idToken);
    expect([refused.status, refused.body.reason]).toEqual([409, 'openOrderCap']);
    await page.getByTestId('unpaid-order').nth(cap - 1).waitFor();
    expect((await moneyOnPage(page)).otherwise).toEqual([]);
    await expect(page.getByTestId('unpaid-order').count()).resolves.toBe(cap);

    await row.getByRole('button', { name: 'Cancel order' }).focus();
    await page.keyboard.press('Enter');
    await row.getByTestId('order-status').filter({ hasText: 'Cancelled' }).waitFor();
    await focusOnStatusOf(page, orderId);
    await expect(row.getByRole('button', { name: 'Cancel order' }).count()).resolves.toBe(0);
    expect((await sandboxControl('GET', `/orders/${orderId}`)).status).toBe('cancelled');
    await expect(page.getByTestId('unpaid-order').count()).resolves.toBe(cap - 1);
    await shootBothWidths(page, 'orders-cancelled');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('a player with no orders is pointed to the shop', async () => {
    const player = await newPlayer();
    const page = await openPage(browser());
    await signInOnPage(page, player.email);
    await page.goto(storeUrl('/account/orders'));
    await page.getByText('You have no orders yet.').waitFor();
    await expect(page.getByRole('link', { name: 'Visit the Gem Shop' }).getAttribute('href')).resolves.toBe('/shop');
    await page.context().close();
  });
});
