import type { CDPSession, Locator, Page } from 'playwright-core';
import { billingProfileTexts } from '../../src/shared/billingProfile';
import { STARTING_PACKS } from '../../src/shared/startingCatalogue';
import { ROUTES, shopItemPath } from '../../src/shared/routes';
import { fillPaymentForm, openCheckout } from '../browser/storePages';

/** The returning player's path as the bench measured it: presses from Buy Again to the provider's tab, and times. */
export interface BuyAgainFigures {
  presses: number;
  /** The store's time from Buy Again to the provider's checkout (ms, 4x CPU): Buy Again to the form, plus Submit to the provider's page. */
  toProviderMs: number;
  /** The same, with the time between the two presses (the harness's, a player's pause) in it. */
  withPressesMs: number;
  /** Its two parts: Buy Again to the form shown, and Submit to the provider's page. */
  toFormMs: number;
  submitToProviderMs: number;
}

/** A purchase with "Remember these details" ticked, paid: the returning player's details are kept from then on. */
export async function rememberDetails(page: Page): Promise<void> {
  await page.goto(`${process.env.STORE_URL}${shopItemPath(STARTING_PACKS[0]!.id)}`);
  await fillPaymentForm(page);
  await page.getByLabel(billingProfileTexts.remember).check();
  const checkout = await openCheckout(page);
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await page.locator('[data-payment-phase="credited"]').waitFor({ timeout: 30_000 });
  await checkout.close();
}

/**
 * Notes, in the page, when each press lands and when the form shows the remembered details (epoch ms, the page's own
 * clock). Given as text: the bench's own functions, compiled for Node, do not run in the page as they are.
 */
const WATCH_PRESSES = `(() => {
  const marks = {};
  window.benchMarks = marks;
  const at = (stamp) => performance.timeOrigin + stamp;
  document.addEventListener('click', (event) => { const key = event.target.closest('a') ? 'buyAgain' : 'submit'; marks[key] ??= at(event.timeStamp); }, true);
  new MutationObserver(() => {
    if (!marks.summary && document.querySelector('[data-testid="remembered-summary"]')) marks.summary = at(performance.now());
  }).observe(document, { subtree: true, childList: true });
})()`;

/**
 * A returning player whose details are remembered: on their orders page, Buy Again on a paid order, then Submit on a
 * form that is already filled in, to the provider's tab, at 4x CPU. Each press is counted; a form that is not filled
 * by the time the player would press Submit is a failure, not a slow figure. The store's time is what the player
 * waits: from Buy Again to the form shown, and from Submit to the provider's page (its DOMContentLoaded), each on the
 * browser's own clocks; the time between the presses is the player's (here the harness's), and is printed apart.
 * The provider's tab is paid and closed after, so the next run meets no open order.
 */
export async function measureBuyAgain(page: Page, cdp: CDPSession, press: (target: Locator) => Promise<void>): Promise<BuyAgainFigures> {
  const pack = STARTING_PACKS[0]!;
  await page.goto(`${process.env.STORE_URL}${ROUTES.orders}`);
  await page.waitForTimeout(1000);
  await page.evaluate(WATCH_PRESSES);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let presses = 0;
  try {
    const started = Date.now();
    presses += 1;
    await press(page.getByRole('link', { name: `Buy Again: ${pack.title}` }).first());
    // The form filled from the remembered details shows them as a summary, Submit in view.
    await page.getByTestId('remembered-summary').waitFor({ timeout: 10_000 });
    const tabOpened = page.context().waitForEvent('page');
    presses += 1;
    await press(page.getByRole('button', { name: 'Submit' }));
    const checkout = await tabOpened;
    await checkout.waitForURL(/\/checkout\/[\w-]+$/, { waitUntil: 'domcontentloaded' });
    const withPressesMs = Date.now() - started;
    const providerShown = (await checkout.evaluate("performance.timeOrigin + performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")) as number;
    const marks = (await page.evaluate('window.benchMarks')) as Record<string, number>;
    const toFormMs = marks.summary! - marks.buyAgain!;
    const submitToProviderMs = providerShown - marks.submit!;
    const toProviderMs = toFormMs + submitToProviderMs;
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await checkout.getByRole('button', { name: 'Pay' }).click();
    await page.locator('[data-payment-phase="credited"]').waitFor({ timeout: 30_000 });
    await checkout.close();
    return { presses, toProviderMs, withPressesMs, toFormMs, submitToProviderMs };
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
}
