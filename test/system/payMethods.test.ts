import { openPage, pageErrors, sharedBrowser, shootBothWidths, storeUrl } from '../../scripts/browser/browser';
import { fillPaymentForm, openCheckout, signInOnPage } from '../../scripts/browser/storePages';
import { paymentTexts } from '../../src/client/features/payment/paymentTexts';
import { ROUTES } from '../../src/shared/routes';
import { API_ROUTES, apiPath } from '../../src/shared/api';
import { STARTING_PACKS } from '../../src/shared/startingCatalogue';
import { PAYID_WAITING } from '../../src/shared/payMethod';
import { axeViolations, axeViolationsAtBothWidths } from '../support/axe';
import { waitForMailsAbout } from '../support/mailbox';
import { completeInSandbox, gemsOf, getJson, newPlayer, ownerDb, paymentDetails, postCallback, postJson, sandboxControl, sandboxUrl, signedCallback, startPurchase, waitFor } from '../support/paymentsHarness';
import { newStaff } from '../support/staff';

/**
 * The ways Australians pay, on the provider's page (the sandbox's): a card, a wallet, PayPal and PayID, each paying an
 * order, named on the receipt and in the support console; PayID settling hours later and credited once.
 */
jest.setTimeout(180_000);

const browser = sharedBrowser();
const tiny = STARTING_PACKS[0]!;
const HOURS_2 = 2 * 3_600_000;

describe('payment methods', () => {
  it.each([
    ['card', 'Visa •••• 4242'],
    ['wallet', 'Apple Pay or Google Pay'],
    ['paypal', 'PayPal'],
  ] as const)('paid by %s: credited, and the receipt, its email and support name the method (%s)', async (method, named) => {
    const player = await newPlayer();
    const { orderId } = await startPurchase(player, tiny.id);
    const returned = await completeInSandbox(orderId, 'paid', method);
    await postJson(apiPath(API_ROUTES.paymentReturn), returned, player.idToken);
    expect(await waitFor(() => gemsOf(player.uid), (gems) => gems > 0)).toBe(tiny.gemCount);
    const { body: order } = await getJson(apiPath(API_ROUTES.order, { orderId }), player.idToken);
    expect(order.payMethod).toBe(returned.pay_method);
    const receipt = (await waitForMailsAbout(orderId, (mails) => mails.some((mail) => mail.subject.includes('receipt')))).find((mail) => mail.subject.includes('receipt'))!;
    expect(receipt.text).toContain(`Payment method: ${named}`);
    const staff = await newStaff();
    const { body: detail } = await getJson(apiPath(API_ROUTES.supportOrder, { orderId }), staff.idToken);
    expect(detail.order.payMethod).toBe(returned.pay_method);
    if (method !== 'paypal') return;
    // The support console's page of the order says it.
    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await signInOnPage(page, staff.email);
    await page.goto(storeUrl(`/support/orders/${orderId}`));
    await expect(page.getByTestId('order-method').innerText()).resolves.toBe('Paid by PayPal');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('PayID: a bank transfer under way is said honestly, stays watched past the reconcile window, and when it lands two hours later is credited once and emailed once', async () => {
    const player = await newPlayer();
    const { orderId } = await startPurchase(player, tiny.id);
    const returned = await completeInSandbox(orderId, 'paid', 'payid');
    expect(returned).toMatchObject({ status: 'processing', pay_method: 'payid' });
    const { body: view } = await postJson(apiPath(API_ROUTES.paymentReturn), returned, player.idToken);
    expect(view).toMatchObject({ status: 'pending', payMethod: 'payid' });

    // The player's orders say so, and offer nothing to resume: only to stop waiting.
    const page = await openPage(browser(), { viewport: { width: 375, height: 812 } });
    await signInOnPage(page, player.email);
    await page.goto(storeUrl('/account/orders'));
    const row = page.locator(`[data-order-id="${orderId}"]`);
    await row.getByText(PAYID_WAITING).waitFor();
    await expect(row.getByRole('button').allInnerTexts()).resolves.toEqual(['Stop Waiting']);
    await expect(row.getByRole('link', { name: 'Resume payment' }).count()).resolves.toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 812 });
    await shootBothWidths(page, 'orders-payid-waiting');
    // The provider's page of this order shows its transfer under way.
    const { nonce } = (await sandboxControl('GET', `/orders/${orderId}`)) as { nonce: string };
    const providerPage = await page.context().newPage();
    await providerPage.goto(sandboxUrl(`/checkout/${nonce}`));
    await providerPage.getByText('Your PayID transfer is on its way').waitFor();
    await providerPage.close();

    // Two hours on, at the store and at the bank: the money lands, the provider tells the store.
    await ownerDb().doc(`transactions/${orderId}`).update({ createdAt: Date.now() - HOURS_2 });
    await sandboxControl('POST', `/orders/${orderId}/age`, { ms: HOURS_2 });
    expect(await waitFor(() => gemsOf(player.uid), (gems) => gems > 0, 20_000)).toBe(tiny.gemCount);
    // Asked again (a sweep, a reconcile), nothing more is credited or sent.
    await postJson(apiPath(API_ROUTES.orderCheck, { orderId }), {}, player.idToken);
    expect(await gemsOf(player.uid)).toBe(tiny.gemCount);
    expect((await ownerDb().collection(`transactions/${orderId}/events`).where('type', '==', 'credited').get()).size).toBe(1);
    const mails = await waitForMailsAbout(orderId, (caught) => caught.some((mail) => mail.subject.includes('receipt')));
    expect(mails.filter((mail) => mail.subject.includes('receipt'))).toHaveLength(1);
    expect(mails.find((mail) => mail.subject.includes('receipt'))!.text).toContain('Payment method: PayID');
    await page.goto(storeUrl('/account/orders'));
    await row.getByText('Paid by PayID').waitFor();
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('PayID in the browser: both tabs say "Waiting for your bank transfer" within 5 s, with the order number and no Start over or Reopen, and the paid card within 10 s of the money landing', async () => {
    const player = await newPlayer();
    const page = await openPage(browser(), { viewport: { width: 375, height: 812 } });
    await signInOnPage(page, player.email);
    await page.goto(storeUrl(`/shop?item=${tiny.id}`));
    await fillPaymentForm(page);
    const checkout = await openCheckout(page);
    const orderId = (await page.getByTestId('order-number').innerText()).trim();
    await checkout.getByRole('radio', { name: 'PayID (bank transfer)' }).check();
    await checkout.getByRole('button', { name: 'Pay' }).click();

    // Within 5 s of Pay, in the store's tab and in the provider's (back at the store), the same truth.
    const transferHeading = { name: paymentTexts.transferHeading };
    await Promise.all([page.getByRole('heading', transferHeading).waitFor({ timeout: 5_000 }), checkout.getByRole('heading', transferHeading).waitFor({ timeout: 5_000 })]);
    for (const tab of [page, checkout]) {
      await tab.getByText(PAYID_WAITING).waitFor();
      await expect(tab.getByTestId('order-number').innerText()).resolves.toBe(orderId);
      await expect(tab.getByRole('link', { name: paymentTexts.transferOrders }).getAttribute('href')).resolves.toBe(ROUTES.orders);
      for (const offer of [paymentTexts.startOver, paymentTexts.reopen, paymentTexts.showCheckout]) await expect(tab.getByRole('button', { name: offer }).count()).resolves.toBe(0);
      await expect(tab.getByText(paymentTexts.tabClosedHeading).count()).resolves.toBe(0);
      expect(await axeViolationsAtBothWidths(tab)).toEqual([]);
    }
    await shootBothWidths(page, 'checkout-payid-waiting');
    // Some time on (past a poll or two), still the transfer, never "the checkout tab was closed".
    await page.waitForTimeout(4_000);
    await page.getByRole('heading', transferHeading).waitFor({ timeout: 1_000 });

    // The bank's money lands: the paid card in both tabs within 10 s.
    await sandboxControl('POST', `/orders/${orderId}/age`, { ms: HOURS_2 });
    const paid = { name: paymentTexts.successHeading };
    await Promise.all([page.getByRole('heading', paid).waitFor({ timeout: 10_000 }), checkout.getByRole('heading', paid).waitFor({ timeout: 10_000 })]);
    expect(await gemsOf(player.uid)).toBe(tiny.gemCount);
    expect(pageErrors(page)).toEqual([]);
    expect(pageErrors(checkout)).toEqual([]);
    await page.context().close();
  });

  it('PayID never blocks another way to pay: three transfers under way and a card purchase still starts; the player may stop waiting for one, and it is credited once when it lands', async () => {
    const player = await newPlayer();
    const transfers: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const { orderId } = await startPurchase(player, tiny.id);
      const returned = await completeInSandbox(orderId, 'paid', 'payid');
      await postJson(apiPath(API_ROUTES.paymentReturn), returned, player.idToken);
      transfers.push(orderId);
    }
    // None of them is an open order to resume, and none holds a place: a card purchase starts.
    expect((await getJson(apiPath(API_ROUTES.openOrders), player.idToken)).body.orders).toEqual([]);
    const card = await postJson(apiPath(API_ROUTES.payments), { packId: tiny.id, ...paymentDetails, openOrdersSeen: [] }, player.idToken);
    expect(card.status).toBe(201);
    const paidByCard = await completeInSandbox(card.body.orderId, 'paid', 'card');
    await postJson(apiPath(API_ROUTES.paymentReturn), paidByCard, player.idToken);
    await waitFor(() => gemsOf(player.uid), (gems) => gems === tiny.gemCount);

    // On the orders page the player stops waiting for the first transfer.
    const page = await openPage(browser(), { viewport: { width: 375, height: 812 } });
    await signInOnPage(page, player.email);
    await page.goto(storeUrl('/account/orders'));
    const row = page.locator(`[data-order-id="${transfers[0]}"]`);
    await row.getByText(PAYID_WAITING).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await row.getByRole('button', { name: 'Stop Waiting' }).click();
    await row.getByTestId('order-status').filter({ hasText: 'Cancelled' }).waitFor();
    expect((await ownerDb().doc(`transactions/${transfers[0]}`).get()).get('status')).toBe('cancelled');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();

    // Two hours on, the bank's money lands all the same: a late payment, credited once.
    await ownerDb().doc(`transactions/${transfers[0]}`).update({ createdAt: Date.now() - HOURS_2 });
    await sandboxControl('POST', `/orders/${transfers[0]}/age`, { ms: HOURS_2 });
    expect(await waitFor(() => gemsOf(player.uid), (gems) => gems >= 2 * tiny.gemCount, 20_000)).toBe(2 * tiny.gemCount);
    expect((await ownerDb().doc(`transactions/${transfers[0]}`).get()).get('status')).toBe('paid');
    expect((await ownerDb().collection(`transactions/${transfers[0]}/events`).where('type', '==', 'credited').get()).size).toBe(1);
  });

  it('a paid order’s method is written once: a later signed notice naming PayID is kept in the history, and the order and its receipt still say the card', async () => {
    const player = await newPlayer();
    const { orderId } = await startPurchase(player, tiny.id);
    const returned = await completeInSandbox(orderId, 'paid', 'card');
    await postJson(apiPath(API_ROUTES.paymentReturn), returned, player.idToken);
    await waitFor(() => gemsOf(player.uid), (gems) => gems === tiny.gemCount);
    const { signature: _unused, ...outcome } = returned;
    const relabel = signedCallback({ ...outcome, payment_method: 'payid', pay_method: 'payid' });
    // Delivered twice, as a provider retrying would.
    expect((await postCallback(relabel)).status).toBe(200);
    expect((await postCallback(relabel)).status).toBe(200);
    const order = (await ownerDb().doc(`transactions/${orderId}`).get()).data()!;
    expect({ payMethod: order.payMethod, paymentMethod: order.paymentMethod, methodsNamedLater: order.methodsNamedLater }).toEqual({
      payMethod: returned.pay_method,
      paymentMethod: 'card',
      methodsNamedLater: ['payid'],
    });
    expect((await getJson(apiPath(API_ROUTES.order, { orderId }), player.idToken)).body.payMethod).toBe(returned.pay_method);
    const history = (await ownerDb().collection(`transactions/${orderId}/events`).where('type', '==', 'methodNamedLater').get()).docs.map((doc) => doc.get('detail'));
    expect(history).toEqual([`it said payid; the order keeps ${returned.pay_method}`]);
    expect(await gemsOf(player.uid)).toBe(tiny.gemCount);
  });

  it('the provider’s page offers a card, a wallet, PayPal and PayID', async () => {
    const player = await newPlayer();
    const { orderId } = await startPurchase(player, tiny.id);
    const { nonce } = (await sandboxControl('GET', `/orders/${orderId}`)) as { nonce: string };
    // A plain page of the browser: the provider's is not the store's app.
    const page = await (await openPage(browser(), { viewport: { width: 375, height: 812 } })).context().newPage();
    await page.goto(sandboxUrl(`/checkout/${nonce}`));
    for (const method of ['Card', 'Apple Pay or Google Pay', 'PayPal', 'PayID (bank transfer)']) await page.getByRole('radio', { name: method }).waitFor();
    await page.getByRole('radio', { name: 'PayPal' }).check();
    await Promise.all([page.waitForURL((url) => url.searchParams.get('pay_method') === 'paypal'), page.getByRole('button', { name: 'Pay' }).click()]);
    await page.context().close();
  });
});
