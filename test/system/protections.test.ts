import { checkoutTexts } from '../../src/client/features/payment/checkoutTexts';
import { limitsTexts } from '../../src/client/features/limits/limitsTexts';
import { GEM_PACKS } from '../../src/shared/catalogue';
import { ROUTES, shopItemPath } from '../../src/shared/routes';
import { openPage, pageErrors, sharedBrowser, shootBothWidths, storeUrl } from '../support/browser';
import { uniqueEmail } from '../support/emulatorAdmin';
import { fillPaymentForm, nav, openCheckout, signUp, waitForBalance } from '../support/storePages';

jest.setTimeout(90_000);

const browser = sharedBrowser();
const tiny = GEM_PACKS[0]!;

describe('a monthly spending limit, in the browser', () => {
  it('an adult with a A$20 limit buys a A$15.99 pack, and the next one is refused with A$4.01 left, opening no checkout', async () => {
    const page = await openPage(browser(), { viewport: { width: 1280, height: 1000 } });
    await signUp(page, uniqueEmail('limited'));
    await waitForBalance(page, '0');

    // The limits page: set A$20, counted at once.
    await nav(page).getByRole('link', { name: 'Account' }).click();
    await page.getByRole('link', { name: 'Set a monthly spending limit' }).click();
    await page.waitForURL(storeUrl(ROUTES.limits));
    await page.getByLabel(limitsTexts.field).fill('20');
    await page.getByRole('button', { name: limitsTexts.save }).click();
    await page.getByText(limitsTexts.current('A$20.00')).waitFor();
    await expect(page.getByTestId('limit-standing').innerText()).resolves.toContain('A$20.00 left this month');

    // The shop says what is left, and the first pack is bought as ever.
    await nav(page).getByRole('link', { name: 'Shop' }).click();
    await expect(page.getByTestId('left-this-month').innerText()).resolves.toBe('A$20.00 left this month');
    await page.getByRole('button', { name: `Buy ${tiny.title}` }).click();
    await fillPaymentForm(page);
    const checkout = await openCheckout(page);
    await checkout.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('heading', { name: checkoutTexts.successHeading }).waitFor({ timeout: 20_000 });
    await checkout.close();

    // The next is refused before any checkout: what is left is named, and no tab stays open.
    await page.goto(storeUrl(ROUTES.shop));
    await expect(page.getByTestId('left-this-month').innerText()).resolves.toBe('A$4.01 left this month');
    await page.goto(storeUrl(shopItemPath(tiny.id)));
    await fillPaymentForm(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'monthly spending limit' });
    await expect(refusal.innerText()).resolves.toContain('A$4.01 left this month');
    expect(page.context().pages()).toHaveLength(1);
    await shootBothWidths(page, 'checkout-over-limit');

    // The order history shows the month's total; the limits page the same figures.
    await page.goto(storeUrl(ROUTES.orders));
    await expect(page.getByTestId('month-total').innerText()).resolves.toBe('This month you spent A$15.99.');
    await page.goto(storeUrl(ROUTES.limits));
    await expect(page.getByTestId('limit-standing').innerText()).resolves.toContain('A$4.01 left this month');
    // Raising it waits 24 hours, and the page says from when.
    await page.getByLabel(limitsTexts.field).fill('50');
    await page.getByRole('button', { name: limitsTexts.save }).click();
    await page.getByText(/Your new limit of A\$50\.00 counts from .+ (AEDT|AEST)\./).waitFor();
    await expect(page.getByTestId('limit-standing').innerText()).resolves.toContain('A$4.01 left this month');
    await shootBothWidths(page, 'limits');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
