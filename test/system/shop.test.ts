import { authTexts } from '../../src/client/features/auth/authTexts';
import type { Page } from 'playwright-core';
import { contrastRatio, theme } from '../../src/client/styles/theme';
import { shopTexts } from '../../src/client/features/shop/shopTexts';
import { openPage, pageErrors, saveScreenshot, sharedBrowser, sidewaysSpill, storeUrl } from '../../scripts/browser/browser';
import { uniqueEmail } from '../support/emulatorAdmin';
import { fillSignIn, signOutFromNav, signUp } from '../../scripts/browser/storePages';

jest.setTimeout(90_000);

const FIELDS = ['First Name', 'Last Name', 'Address', 'Country', 'State', 'City', 'Post Code', 'Email', 'Phone'];
const browser = sharedBrowser();

/** "rgb(r, g, b)" as #rrggbb, to compare with the theme. */
const toHex = (rgb: string) =>
  `#${(rgb.match(/\d+/g) ?? []).slice(0, 3).map((n) => Number(n).toString(16).padStart(2, '0')).join('')}`;

const borderColour = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((element) => getComputedStyle(element).borderTopColor);

describe('the shop in Chromium', () => {
  it('anonymous Buy on the third pack → sign in → the Pouch of Gem form; an empty submit only marks the fields', async () => {
    const email = uniqueEmail('shopper');
    const page = await openPage(browser(), { viewport: { width: 1280, height: 1000 } });
    await signUp(page, email);
    await signOutFromNav(page);

    await page.goto(storeUrl('/shop'));
    await page.getByRole('button', { name: 'Buy Pouch of Gem' }).click();
    await page.waitForURL(storeUrl('/signin-signup?item=3'));
    // The sign-in page names the pack being bought.
    await page.getByText(authTexts.signInForPack('Pouch of Gem', 'A$45.99')).waitFor();
    await fillSignIn(page, email);
    await page.waitForURL(storeUrl('/shop?item=3'));
    await page.getByRole('article', { name: 'Your pack' }).getByText('Pouch of Gem').waitFor();

    // The countries come from the API: 'Select Country' first, then the ISO list.
    const country = page.getByLabel('Country', { exact: true });
    await page.waitForFunction(() => (document.querySelector('#field-country') as HTMLSelectElement)?.options.length > 200);
    await expect(country.locator('option').first().innerText()).resolves.toBe('Select Country');
    await expect(country.locator('option[value="AU"]').innerText()).resolves.toBe('Australia');
    await expect(page.getByLabel('Email', { exact: true }).inputValue()).resolves.toBe(email);

    const untouched = await borderColour(page, 'First Name');
    await page.getByLabel('Email', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Submit' }).click();
    expect(page.url()).toBe(storeUrl('/shop?item=3'));
    await page.locator('[aria-invalid="true"]').nth(FIELDS.length - 1).waitFor();
    for (const label of FIELDS) {
      await expect(page.getByLabel(label, { exact: true }).getAttribute('aria-invalid')).resolves.toBe('true');
      const colour = await borderColour(page, label);
      expect([label, colour]).not.toEqual([label, untouched]);
      expect([label, toHex(colour)]).toEqual([label, theme.colors.dangerBorder]);
    }
    expect(contrastRatio(theme.colors.dangerBorder, theme.colors.surface)).toBeGreaterThanOrEqual(3);
    await saveScreenshot(page, 'shop-form-errors');

    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('/shop?item=99 becomes /shop with the list and a note', async () => {
    const page = await openPage(browser());
    await page.goto(storeUrl('/shop?item=99'));
    await page.getByText(shopTexts.unknownPack).waitFor();
    expect(page.url()).toBe(storeUrl('/shop'));
    await expect(page.getByRole('article').count()).resolves.toBe(6);
    await page.context().close();
  });

  it('looks finished at 375 px and 1280 px, with no layout shift from the pack images', async () => {
    for (const width of [375, 1280]) {
      const page = await openPage(browser(), { viewport: { width, height: 900 } });
      await page.goto(storeUrl('/shop'));
      await page.getByRole('article').first().waitFor();
      await page.evaluate(() => document.fonts.ready);
      await expect(sidewaysSpill(page)).resolves.toEqual([]);
      await saveScreenshot(page, `shop-list-${width}`);
      await page.context().close();
    }
  });
});
