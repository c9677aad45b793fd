import type { Page } from 'playwright-core';
import { focusedText, openPage, pageErrors, sharedBrowser, shootBothWidths, storeUrl } from '../../scripts/browser/browser';
import { paymentTexts } from '../../src/client/features/payment/paymentTexts';
import { DETAILS, fillPaymentForm, openCheckout, signInOnPage, waitForBalance } from '../../scripts/browser/storePages';
import { billingProfileTexts } from '../../src/shared/billingProfile';
import { AUSTRALIAN_POST_CODE_MESSAGE } from '../../src/shared/validation/paymentForm';
import { STARTING_PACKS } from '../../src/shared/startingCatalogue';
import { formatGemCount } from '../../src/shared/money';
import { axeViolations, axeViolationsAtBothWidths } from '../support/axe';
import { newPlayer, ownerDb, paymentDetails, postJson, putJson, returnedOrder, sandboxControl, stackSettings, type TestPlayer } from '../support/paymentsHarness';
import { startApiInstances } from '../../scripts/stack/testing/apiInstances';
import { API_ROUTES, apiPath } from '../../src/shared/api';
import { overLimitMessage } from '../../src/shared/protections/spendingLimit';
import { disputeTexts } from '../../src/shared/disputes/dispute';
import { ordersTexts } from '../../src/client/features/orders/ordersTexts';

/**
 * The second purchase in two presses, in Chromium on the real stack: a player who ticked "Remember these details"
 * buys again from their orders with Buy Again and Submit, no typing; Forget deletes the details at once.
 */
jest.setTimeout(180_000);

const browser = sharedBrowser();
const [tiny, mini] = STARTING_PACKS;
const profileOf = (uid: string) => ownerDb().doc(`billing_profiles/${uid}`).get();
const ordersOf = async (uid: string) => (await ownerDb().collection('transactions').where('userId', '==', uid).orderBy('createdAt').get()).docs.map((doc) => doc.data());

/** A first purchase through the form, paid in the provider's tab; `remember` ticks the box. */
async function firstPurchase(page: Page, player: TestPlayer, remember: boolean): Promise<void> {
  await page.goto(storeUrl(`/shop?item=${tiny!.id}`));
  await fillPaymentForm(page);
  const box = page.getByLabel(billingProfileTexts.remember);
  await expect(box.isChecked()).resolves.toBe(false);
  if (remember) await box.check();
  const checkout = await openCheckout(page);
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await waitForBalance(page, formatGemCount(tiny!.gemCount));
  await checkout.close();
  expect((await ordersOf(player.uid)).length).toBe(1);
}

describe('Buy Again with remembered details', () => {
  it('a player who ticked Remember edits the details on their orders page, buys a second pack with Buy Again and Submit only, and after Forget the next form is empty and the details are gone', async () => {
    const player = await newPlayer();
    const page = await openPage(browser(), { viewport: { width: 375, height: 812 } });
    await signInOnPage(page, player.email);
    await firstPurchase(page, player, true);
    const kept = (await profileOf(player.uid)).data();
    expect(kept?.details).toMatchObject({ firstName: DETAILS['First Name'], address: DETAILS.Address, country: 'AU', postCode: DETAILS['Post Code'] });
    expect(Object.keys(kept?.details ?? {}).sort()).toEqual(['address', 'city', 'country', 'email', 'firstName', 'lastName', 'phone', 'postCode', 'state']);

    // The orders page shows what is kept, with Forget.
    await page.goto(storeUrl('/account/orders'));
    const panel = page.getByTestId('remembered-details');
    await panel.getByText(billingProfileTexts.heading).click();
    await panel.getByText(`${DETAILS['First Name']} ${DETAILS['Last Name']}`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, 'orders-remembered-details');
    // Edit: the payment form's fields and rules; a wrong field is said and saves nothing, a right one is kept.
    await panel.getByRole('button', { name: billingProfileTexts.edit }).click();
    const phone = panel.getByLabel('Phone', { exact: true });
    await phone.fill('');
    await panel.getByRole('button', { name: billingProfileTexts.save }).click();
    await panel.locator('[aria-invalid="true"]').first().waitFor();
    expect((await profileOf(player.uid)).data()?.details.phone).toBe(DETAILS.Phone);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 812 });
    await phone.fill('+61 2 9000 1111');
    await panel.getByRole('button', { name: billingProfileTexts.save }).click();
    await panel.getByText(billingProfileTexts.saved).waitFor();
    expect((await profileOf(player.uid)).data()?.details.phone).toBe('+61 2 9000 1111');

    // Press one: Buy Again on the paid order; the form is filled in (nothing typed), as a summary with Submit in view
    // on the phone's one screen; press two: Submit.
    await page.getByRole('link', { name: `Buy Again: ${tiny!.title}` }).click();
    const summary = page.getByTestId('remembered-summary');
    await summary.getByText(`${DETAILS['First Name']} ${DETAILS['Last Name']}`).waitFor();
    await summary.getByText('+61 2 9000 1111', { exact: false }).waitFor();
    await expect(page.getByLabel(billingProfileTexts.remember).isChecked()).resolves.toBe(true);
    await expect(submitBottomOnScreen(page)).resolves.toBe(true);
    expect(await axeViolationsAtBothWidths(page)).toEqual([]);
    await shootBothWidths(page, 'checkout-remembered-details');
    const checkout = await openCheckout(page);
    await checkout.close();
    const [, again] = await ordersOf(player.uid);
    expect(again).toMatchObject({ packId: tiny!.id, firstname: DETAILS['First Name'], lastname: DETAILS['Last Name'], address: DETAILS.Address, postcode: DETAILS['Post Code'], phone: '+61 2 9000 1111' });

    // Forget: the document is gone at once, and the next form starts empty.
    await page.goto(storeUrl('/account/orders'));
    await panel.getByText(billingProfileTexts.heading).click();
    await panel.getByRole('button', { name: billingProfileTexts.forget }).click();
    await panel.getByText(billingProfileTexts.forgotten).waitFor();
    // Gone: what stays is only how many times they were forgotten, so a Submit under way keeps nothing either.
    expect((await profileOf(player.uid)).get('details')).toBeNull();
    const answered = page.waitForResponse((response) => response.url().includes('/api/account/billing-details'));
    await page.goto(storeUrl(`/shop?item=${mini!.id}`));
    await page.getByLabel('First Name', { exact: true }).waitFor();
    // The store's answer (none kept) has come and been drawn: the form stays empty.
    expect(await (await answered).json()).toEqual({ details: null, generation: 1 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(page.getByLabel('First Name', { exact: true }).inputValue()).resolves.toBe('');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('a player who never ticked it has no remembered details, ever', async () => {
    const player = await newPlayer();
    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await signInOnPage(page, player.email);
    await firstPurchase(page, player, false);
    expect((await profileOf(player.uid)).exists).toBe(false);
    await page.goto(storeUrl('/account/orders'));
    await page.getByTestId('remembered-details').getByText(billingProfileTexts.heading).click();
    await page.getByTestId('remembered-details').getByText(billingProfileTexts.none).waitFor();
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it.each(['over the monthly limit', 'buying paused by a dispute'] as const)('Buy Again %s is refused with the form’s words, and stores nothing', async (why) => {
    const player = await newPlayer();
    const page = await openPage(browser(), { viewport: { width: 375, height: 812 } });
    await signInOnPage(page, player.email);
    await firstPurchase(page, player, true);
    const [paid] = await ordersOf(player.uid);
    let words: string;
    if (why === 'over the monthly limit') {
      expect((await postJson(apiPath(API_ROUTES.spendingLimit), { monthlyLimit: '20' }, player.idToken)).status).toBe(200);
      words = overLimitMessage(2_000 - tiny!.priceCents);
    } else {
      await sandboxControl('POST', `/orders/${paid!.order_id as string}/dispute`, { stage: 'opened' });
      await waitForDispute(player.uid);
      words = disputeTexts.paused(stackSettings.SUPPORT_EMAIL);
    }
    await page.goto(storeUrl('/account/orders'));
    await page.getByRole('link', { name: ordersTexts.receipt }).first().waitFor();
    if (why === 'buying paused by a dispute') {
      // Paused: the orders page offers no Buy Again at all (its notice says why), and the pack's page says it too.
      await page.getByTestId('shop-dispute-paused').waitFor();
      await expect(page.getByRole('link', { name: `Buy Again: ${tiny!.title}` }).count()).resolves.toBe(0);
      await page.goto(storeUrl(`/shop?item=${tiny!.id}`));
    } else {
      await page.getByRole('link', { name: `Buy Again: ${tiny!.title}` }).click();
    }
    // The checkout says it at once where it knows (the pack over the limit, buying paused), else at Submit.
    // (The form may show for a moment before what the page reads of the player takes it away: then no Submit is pressed.)
    const refusal = page.getByText(words).first();
    const submitWhileOffered = page
      .getByTestId('remembered-summary')
      .waitFor()
      .then(() => page.getByRole('button', { name: 'Submit' }).click())
      .catch(() => undefined);
    await Promise.race([refusal.waitFor(), submitWhileOffered]);
    await refusal.waitFor();
    // No tab was opened for a refusal the store knew of.
    expect(page.context().pages()).toHaveLength(1);
    expect(await ordersOf(player.uid)).toHaveLength(1);
    // Refused, not forgotten: the details are still kept.
    expect((await profileOf(player.uid)).exists).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('by keyboard alone: Buy Again from the orders, Edit on the form lands on its first field; on the orders page Edit does too, and Forget lands on its news', async () => {
    const player = await newPlayer();
    await returnedOrder(player, tiny!.id);
    expect((await putJson(apiPath(API_ROUTES.billingDetails), paymentDetails, player.idToken)).status).toBe(200);
    const page = await openPage(browser(), { viewport: { width: 375, height: 812 } });
    await signInOnPage(page, player.email);
    await page.goto(storeUrl('/account/orders'));
    await tabTo(page, `Buy Again: ${tiny!.title}`);
    await page.keyboard.press('Enter');
    await page.getByTestId('remembered-summary').waitFor();
    await expect(submitBottomOnScreen(page)).resolves.toBe(true);
    await tabTo(page, billingProfileTexts.editLabel);
    await page.keyboard.press('Enter');
    await expect(focusedName(page)).resolves.toBe('firstName');
    await expect(page.getByLabel('First Name', { exact: true }).inputValue()).resolves.toBe(paymentDetails.firstName);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(storeUrl('/account/orders'));
    await tabTo(page, billingProfileTexts.heading);
    await page.keyboard.press('Enter');
    await tabTo(page, billingProfileTexts.edit);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'firstName');
    await tabTo(page, billingProfileTexts.cancel);
    await page.keyboard.press('Enter');
    await expect(focusedText(page)).resolves.toBe(billingProfileTexts.edit);
    await tabTo(page, billingProfileTexts.forget);
    await page.keyboard.press('Enter');
    await page.getByText(billingProfileTexts.forgotten).waitFor();
    await expect(focusedText(page)).resolves.toBe(billingProfileTexts.forgotten);
    expect((await profileOf(player.uid)).get('details')).toBeNull();
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('a Submit the server refuses (the limit lowered in another tab since the form showed) leaves no blank tab: the tab says nothing was charged, and the form says why', async () => {
    const player = await newPlayer();
    await returnedOrder(player, tiny!.id);
    const page = await openPage(browser(), { viewport: { width: 375, height: 812 } });
    await signInOnPage(page, player.email);
    await page.goto(storeUrl(`/shop?item=${tiny!.id}`));
    await fillPaymentForm(page);
    // Elsewhere, the player lowers their limit to A$20: this pack no longer fits what is left of it.
    expect((await postJson(apiPath(API_ROUTES.spendingLimit), { monthlyLimit: '20' }, player.idToken)).status).toBe(200);
    const words = overLimitMessage(2_000 - tiny!.priceCents);
    const opened = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Submit' }).click();
    const tab = await opened;
    await page.getByText(words).first().waitFor();
    await tab.getByText(paymentTexts.refusedTabText).waitFor();
    await expect(tab.getByText(words).count()).resolves.toBe(1);
    await expect(tab.title()).resolves.toBe(paymentTexts.refusedTabHeading);
    expect(await axeViolations(tab)).toEqual([]);
    // Every page of the browser says something: none is blank.
    for (const shown of page.context().pages()) expect((await shown.locator('body').innerText()).trim()).not.toBe('');
    expect(await ordersOf(player.uid)).toHaveLength(1);
    // Its button closes it (the close may come before the click's own answer: both are awaited together).
    await Promise.all([tab.waitForEvent('close'), tab.getByRole('button', { name: paymentTexts.closeThisTab }).click({ noWaitAfter: true }).catch(() => undefined)]);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('an Australian post code of "20" is refused under Post Code with Remember ticked: nothing is sent, nothing kept', async () => {
    const player = await newPlayer();
    const page = await openPage(browser(), { viewport: { width: 375, height: 812 } });
    const paymentPosts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === apiPath(API_ROUTES.payments)) paymentPosts.push(request.url());
    });
    await signInOnPage(page, player.email);
    await page.goto(storeUrl(`/shop?item=${tiny!.id}`));
    await fillPaymentForm(page);
    await page.getByLabel('Post Code', { exact: true }).fill('20');
    await page.getByLabel(billingProfileTexts.remember).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(AUSTRALIAN_POST_CODE_MESSAGE).waitFor();
    // The Submit's answer: focus on the field to fix (its error shows already, since the field was left).
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'postCode');
    expect(page.context().pages()).toHaveLength(1);
    expect(paymentPosts).toEqual([]);
    expect((await profileOf(player.uid)).exists).toBe(false);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('Forget pressed while a Submit with Remember is under way leaves nothing kept, in 10 of 10, over three instances', async () => {
    const instances = await startApiInstances(3);
    try {
      const rounds = await Promise.all(
        Array.from({ length: 10 }, async (_unused, round) => {
          const player = await newPlayer();
          // The provider takes its time with this player's payments, so the Submit is still under way when its Forget arrives.
          await sandboxControl('PUT', '/faults', { email: player.email, faults: { payment: { latencyMs: 600 } } });
          const details = { ...paymentDetails, email: player.email };
          const at = (offset: number) => instances.urls[(round + offset) % instances.urls.length]!;
          const call = (base: string, method: string, route: string, body?: unknown) =>
            fetch(`${base}${apiPath(route as never)}`, {
              method,
              headers: { Authorization: `Bearer ${player.idToken}`, 'Content-Type': 'application/json' },
              ...(body === undefined ? {} : { body: JSON.stringify(body) }),
            }).then(async (response) => ({ status: response.status, body: (await response.json()) as any }));
          const kept = await call(at(0), 'PUT', API_ROUTES.billingDetails, details);
          expect(kept.status).toBe(200);
          // The form was filled from these details; its Submit (Remember ticked) and the orders page's Forget race.
          const submit = call(at(1), 'POST', API_ROUTES.payments, { packId: tiny!.id, ...details, phone: '+61 2 9000 2222', rememberDetails: true, rememberedGeneration: kept.body.generation });
          await new Promise((resolve) => setTimeout(resolve, 100));
          const forget = await call(at(2), 'DELETE', API_ROUTES.billingDetails);
          expect(forget.status).toBe(200);
          expect((await submit).status).toBe(201);
          return (await profileOf(player.uid)).get('details') ?? null;
        }),
      );
      expect(rounds).toEqual(Array(10).fill(null));
    } finally {
      await sandboxControl('DELETE', '/faults');
      await instances.stop();
    }
  });
});

/** Presses Tab until focus is on the control named `name` (its label, or its text), at most 80 times. */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let presses = 0; presses < 80; presses += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return element ? (element.getAttribute('aria-label') ?? element.innerText ?? '').trim() : '';
    });
    if (focused === name) return;
  }
  throw new Error(`Tab never reached ${name}.`);
}

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name') ?? null);

/** Whether the Submit button's bottom edge is on the screen as it is, without a scroll. */
async function submitBottomOnScreen(page: Page): Promise<boolean> {
  return page.getByRole('button', { name: 'Submit' }).evaluate((button) => window.scrollY === 0 && button.getBoundingClientRect().bottom <= window.innerHeight);
}

/** The store has paused the player's buying: their dispute is recorded open. */
async function waitForDispute(uid: string): Promise<void> {
  for (let tries = 0; tries < 100; tries += 1) {
    if (!(await ownerDb().collection('disputes').where('userId', '==', uid).get()).empty) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The dispute never reached the store.');
}
