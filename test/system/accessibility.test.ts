import type { Page } from 'playwright-core';
import { firestoreStaffRecords, setSupportRole } from '../../src/server/auth/supportRole';
import { receiptPath, ROUTES, shopItemPath, supportOrderPath } from '../../src/shared/routes';
import {
  openPage,
  pageErrors,
  resizeViewport,
  saveScreenshot,
  sharedBrowser,
  shootBothWidths,
  sidewaysSpill,
  storeUrl,
} from '../../scripts/browser/browser';
import { axeViolations } from '../support/axe';
import { ownerAuth, ownerDb } from '../support/emulatorAdmin';
import { newPlayer, returnedOrder, type TestPlayer } from '../support/paymentsHarness';
import { nav, signInOnPage } from '../../scripts/browser/storePages';

jest.setTimeout(240_000);

const browser = sharedBrowser();

/** Each page, with what shows once it has loaded what it shows. */
const PUBLIC_PAGES: Array<[string, string]> = [
  [ROUTES.home, 'main h1'],
  [ROUTES.shop, 'main h1'],
  [shopItemPath(3), 'main h1'],
  [ROUTES.signInSignUp, 'main h1'],
  [ROUTES.resetPassword, 'main h1'],
  [ROUTES.guardianConsent, '[data-testid="consent-refused"]'],
  [ROUTES.limits, 'main h1'],
  [ROUTES.aboutUs, 'main h1'],
  [ROUTES.privacyPolicy, 'main h1'],
  [ROUTES.refundPolicy, 'main h1'],
  [ROUTES.termsOfService, 'main h1'],
  [ROUTES.orders, 'main h1'],
  [ROUTES.support, 'main h1'],
  ['/dragons-lair', 'main h1'],
];

/** A player with a paid and credited order (for the orders page and its receipt). */
async function playerWithOrder(): Promise<{ player: TestPlayer; orderId: string }> {
  const player = await newPlayer();
  const { orderId } = await returnedOrder(player, 3);
  return { player, orderId };
}

async function violationsOn(page: Page, pages: Array<[string, string]>): Promise<string[]> {
  const found: string[] = [];
  for (const [path, ready] of pages) {
    const errorsBefore = pageErrors(page).length;
    await page.goto(storeUrl(path));
    await page.locator(ready).first().waitFor();
    found.push(...(await axeViolations(page)).map((violation) => `${path}: ${violation}`));
    // A script error or a hydration mismatch, with the page it happened on.
    found.push(...pageErrors(page).slice(errorsBefore).map((error) => `${path}: ${error.split('\n')[0]}`));
  }
  return found;
}

describe('axe (WCAG 2.2 AA and best practices) on every page', () => {
  it('finds nothing for a visitor who is not signed in', async () => {
    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    expect(await violationsOn(page, PUBLIC_PAGES)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('finds nothing for a signed-in player, their orders and receipt included', async () => {
    const { player, orderId } = await playerWithOrder();
    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await signInOnPage(page, player.email);
    const found = await violationsOn(page, [
      ...PUBLIC_PAGES,
      [receiptPath(orderId), '[data-testid="invoice-total"]'],
      [ROUTES.orders, `[data-order-id="${orderId}"]`],
      [`${ROUTES.paymentSuccess}?order=${orderId}`, 'main h1'],
    ]);
    expect(found).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('finds nothing in the support console, for staff', async () => {
    const { orderId } = await playerWithOrder();
    const staff = await newPlayer();
    await setSupportRole(ownerAuth(), firestoreStaffRecords(ownerDb()), staff.email, true);
    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await signInOnPage(page, staff.email);
    // Staff reach the console from the header.
    await nav(page).getByRole('link', { name: 'Support' }).click();
    await page.getByTestId('health').waitFor();
    expect(await violationsOn(page, [[ROUTES.support, '[data-testid="health"]'], [supportOrderPath(orderId), '[data-testid="timeline"] li']])).toEqual([]);
    await page.context().close();
  });

  it('under forced colours: axe finds nothing on the payment form, Submit keeps a border, and invalid fields stand out', async () => {
    const { player } = await playerWithOrder();
    const page = await openPage(browser(), { viewport: { width: 375, height: 812 } });
    await signInOnPage(page, player.email);
    await page.emulateMedia({ forcedColors: 'active' });
    await page.goto(storeUrl(shopItemPath(3)));
    await page.getByRole('form', { name: 'Payment details' }).waitFor();
    expect(await axeViolations(page, { forcedColours: true })).toEqual([]);
    const submit = page.getByRole('button', { name: 'Submit' });
    const borderOf = (locator: typeof submit) =>
      locator.evaluate((element) => {
        const style = getComputedStyle(element);
        return { style: style.borderTopStyle, width: style.borderTopWidth };
      });
    await expect(borderOf(submit)).resolves.toEqual({ style: 'solid', width: '2px' });
    await page.getByLabel('City', { exact: true }).fill('Sydney');
    await submit.click();
    // A submit's errors render deferred (useValidatedForm): wait for the first one, as a player would see it.
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await expect(page.getByLabel('First Name', { exact: true }).getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(borderOf(page.getByLabel('First Name', { exact: true }))).resolves.toEqual({ style: 'dashed', width: '4px' });
    await expect(borderOf(page.getByLabel('City', { exact: true }))).resolves.toEqual({ style: 'solid', width: '2px' });
    await shootBothWidths(page, 'payment-form-forced-colours');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('finds nothing in the phone header, its menu open, in both states', async () => {
    const { player } = await playerWithOrder();
    const page = await openPage(browser(), { viewport: { width: 375, height: 812 } });
    for (const signedIn of [false, true]) {
      if (signedIn) await signInOnPage(page, player.email);
      await page.goto(storeUrl(ROUTES.home));
      await nav(page).getByRole('button', { name: 'Menu' }).click();
      await nav(page).getByRole('link', { name: 'Shop' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    }
    await page.context().close();
  });
});

describe('on a phone, by keyboard', () => {
  it('the signed-in header is one row with the balance and a menu that Escape closes', async () => {
    const { player } = await playerWithOrder();
    const page = await openPage(browser(), { viewport: { width: 375, height: 812 } });
    await signInOnPage(page, player.email);
    await page.goto(storeUrl(ROUTES.shop));
    const header = page.locator('header').first();
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(72);
    await expect(sidewaysSpill(page)).resolves.toEqual([]);
    await expect(nav(page).getByTestId('gem-balance').isVisible()).resolves.toBe(true);
    await expect(nav(page).getByRole('link', { name: 'Account' }).isVisible()).resolves.toBe(false);
    const menu = nav(page).getByRole('button', { name: 'Menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Home');
    await shootBothWidths(page, 'header-menu-open');
    await page.keyboard.press('Escape');
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toContain('Menu');
    await resizeViewport(page, { width: 375, height: 812 });
    await saveScreenshot(page, 'shop-signed-in-375');
    // Nothing spills sideways even on the narrowest phones.
    await resizeViewport(page, { width: 320, height: 700 });
    await expect(sidewaysSpill(page)).resolves.toEqual([]);
    await expect(header.boundingBox().then((box) => box!.height)).resolves.toBeLessThanOrEqual(72);
    await page.context().close();
  });

  it('tabbing backwards through the payment form, every focused field is fully visible below the header', async () => {
    const { player } = await playerWithOrder();
    const page = await openPage(browser(), { viewport: { width: 375, height: 812 } });
    await signInOnPage(page, player.email);
    await page.goto(storeUrl(shopItemPath(4)));
    // The country list arrives after the form: until then its select is disabled, and the keyboard passes it by.
    await page.locator('select[name="country"]:not([disabled])').waitFor();
    const submit = page.getByRole('button', { name: 'Submit' });
    await submit.focus();
    const visits: string[] = [];
    for (let step = 0; step < 13; step += 1) {
      await page.keyboard.press('Shift+Tab');
      const seen = await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement;
        const field = focused.getBoundingClientRect();
        const header = document.querySelector('header')!.getBoundingClientRect();
        return { name: focused.getAttribute('name'), top: field.top, bottom: field.bottom, headerBottom: header.bottom, viewport: window.innerHeight };
      });
      visits.push(String(seen.name));
      expect([seen.name, seen.top >= seen.headerBottom, seen.bottom <= seen.viewport]).toEqual([seen.name, true, true]);
    }
    // Remember these details sits just above Submit, then "This is a gift", then the creator's code; the promo code's
    // Apply Code is disabled while the field is empty, so the field comes next.
    expect(visits).toEqual(['rememberDetails', 'isGift', 'creatorCode', 'promoCode', 'phone', 'email', 'postCode', 'city', 'state', 'country', 'address', 'lastName', 'firstName']);
    // Tabbing past the fields painted none of them red.
    await expect(page.locator('[aria-invalid="true"]').count()).resolves.toBe(0);
    await page.context().close();
  });
});
