import type { CDPSession, Locator, Page } from 'playwright-core';
import { billingProfileTexts } from '../../src/shared/billingProfile';
import { STARTING_PACKS } from '../../src/shared/startingCatalogue';
import { ROUTES, shopItemPath } from '../../src/shared/routes';
import { fillPaymentForm, openCheckout } from '../browser/storePages';

/** The returning player's path as the bench measured it: presses from Buy Again to the provider's tab, and times. */
export interface BuyAgainFigures {
  presses: number;
  /** From the press on Buy Again to the provider's tab showing its checkout (ms, 4x CPU). */
  toProviderMs: number;
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
 * A returning player whose details are remembered: on their orders page, Buy Again on a paid order, then Submit on a
 * form that is already filled in, to the provider's tab, at 4x CPU. Each press is counted; a form that is not filled
 * by the time the player would press Submit is a failure, not a slow figure. The provider's tab is paid and closed
 * after, so the next run meets no open order.
 */
export async function measureBuyAgain(page: Page, cdp: CDPSession, press: (target: Locator) => Promise<void>): Promise<BuyAgainFigures> {
  const pack = STARTING_PACKS[0]!;
  await page.goto(`${process.env.STORE_URL}${ROUTES.orders}`);
  await page.waitForTimeout(1000);
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
    await checkout.waitForURL(/\/checkout\/[\w-]+$/);
    const toProviderMs = Date.now() - started;
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await checkout.getByRole('button', { name: 'Pay' }).click();
    await page.locator('[data-payment-phase="credited"]').waitFor({ timeout: 30_000 });
    await checkout.close();
    return { presses, toProviderMs };
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
}
