import type { Page } from 'playwright-core';
import { APP_READY_ATTRIBUTE } from '../../src/shared/earlyInput';
import { ROUTES } from '../../src/shared/routes';
import { homeTexts } from '../../src/client/features/home/homeTexts';
import { policyFacts } from '../../src/shared/policy';
import { NOT_FOUND_TITLE } from '../../src/client/features/notFound/NotFoundPage';
import { openPage, pageErrors, saveScreenshot, sharedBrowser, sidewaysSpill, storeUrl } from '../../scripts/browser/browser';
import { sharedStackPublicConfig } from '../../scripts/stack/testing/sharedStackSettings';

jest.setTimeout(60_000);

const config = sharedStackPublicConfig();
const browser = sharedBrowser();

async function visit(path: string, options = {}): Promise<{ page: Page; status: number | undefined }> {
  const page = await openPage(browser(), options);
  const response = await page.goto(storeUrl(path));
  await page.locator('main h1').first().waitFor();
  return { page, status: response?.status() };
}

async function expectFrame(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: config.gameName }).getAttribute('href')).resolves.toBe('/');
  for (const [name, href] of [
    ['Home', '/'],
    ['Shop', '/shop'],
    ['Sign In', '/signin-signup'],
  ]) {
    await expect(nav.getByRole('link', { name, exact: true }).getAttribute('href')).resolves.toBe(href);
  }

  const footer = page.locator('footer');
  const footerText = await footer.innerText();
  expect(footerText).toContain(config.companyName);
  expect(footerText).toContain(config.operatorLine);
  expect(footerText).toContain(`© ${new Date().getFullYear()} ${config.companyName}`);
  await expect(footer.getByRole('link', { name: config.supportEmail }).getAttribute('href')).resolves.toBe(
    `mailto:${config.supportEmail}`,
  );
  for (const [name, href] of [
    ['About Us', ROUTES.aboutUs],
    ['Privacy Policy', ROUTES.privacyPolicy],
    ['Refund Policy', ROUTES.refundPolicy],
    ['Terms of Service', ROUTES.termsOfService],
  ]) {
    await expect(footer.getByRole('link', { name }).getAttribute('href')).resolves.toBe(href);
  }
}

describe('every page', () => {
  it.each(Object.values(ROUTES))('%s answers 200 with the nav, the footer and a heading', async (path) => {
    const { page, status } = await visit(path);
    expect(status).toBe(200);
    await expectFrame(page);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('an unknown address answers 404 with a friendly page inside the same frame', async () => {
    const { page, status } = await visit('/dragons-lair/treasure');
    expect(status).toBe(404);
    await expect(page.locator('main h1').innerText()).resolves.toBe(NOT_FOUND_TITLE);
    await expectFrame(page);
    await page.context().close();
  });
});

describe('the landing page', () => {
  it('shows the download card and the welcome block', async () => {
    const { page } = await visit(ROUTES.home);
    const title = page.getByRole('heading', { level: 1 });
    await expect(title.innerText()).resolves.toMatch(
      new RegExp(`^${config.gameName}\\s+${homeTexts.downloadTitle}$`, 'i'),
    );
    await expect(page.getByText(homeTexts.downloadText, { exact: true }).count()).resolves.toBe(1);
    const download = page.getByRole('link', { name: /^Download/ });
    await expect(download.getAttribute('href')).resolves.toBe(config.downloadUrl);
    await expect(download.getAttribute('target')).resolves.toBe('_blank');
    await expect(download.getAttribute('rel')).resolves.toBe('noopener noreferrer');
    await expect(page.getByRole('heading', { name: homeTexts.welcomeTitle }).count()).resolves.toBe(1);
    await expect(page.locator('#welcome-title + p').innerText()).resolves.toMatch(/king.*slay.*dragons/is);
    await page.context().close();
  });

  it('leaves the main thread to its reader: no app until they act; the first press (the phone menu) starts it and is kept', async () => {
    const context = await browser().newContext({ reducedMotion: 'reduce', viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(storeUrl(ROUTES.home));
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Its scripts downloaded after the first paint, and not run: the page is read, and nobody acts for 2 s.
    await page.waitForTimeout(2_000);
    expect(await page.evaluate((attribute) => document.documentElement.hasAttribute(attribute), APP_READY_ATTRIBUTE)).toBe(false);
    expect(await page.locator('link[rel="preload"][as="script"]').count()).toBeGreaterThan(0);
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.tap();
    await page.waitForSelector(`html[${APP_READY_ATTRIBUTE}]`, { state: 'attached' });
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('true');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('animates in and out over the configured duration, and keeps still for reduced motion', async () => {
    const { page } = await visit(ROUTES.home, { reducedMotion: 'no-preference' });
    const animated = page.locator('[data-transition]').first();
    await expect(animated.getAttribute('data-transition')).resolves.toBe('enter');
    await expect(animated.evaluate((element) => getComputedStyle(element).animationDuration)).resolves.toBe(
      `${config.landingAnimationMs / 1000}s`,
    );
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' }).click();
    // The landing page stays for its leave animation before the shop replaces it.
    await page.locator('[data-transition="leave"]').waitFor();
    await page.waitForURL(storeUrl(ROUTES.shop));
    await page.getByRole('heading', { level: 1, name: 'Gem Shop' }).waitFor();
    await page.context().close();

    // Reduced motion: no animation (the global CSS holds it still from the first paint, before the app runs).
    const still = await visit(ROUTES.home);
    const card = still.page.locator('[data-transition]').first();
    expect(Number.parseFloat(await card.evaluate((element) => getComputedStyle(element).animationDuration))).toBeLessThan(0.001);
    await still.page.locator('[data-transition="none"]').waitFor({ state: 'attached' });
    // Nor any transition: a style change shows at once, in the frame it is made, not a frame later.
    const afterChange = await still.page.evaluate(() => {
      const link = document.querySelector<HTMLElement>('main a')!;
      document.body.style.color = 'rgb(1, 2, 3)';
      link.style.transform = 'translateY(-2px)';
      return [getComputedStyle(document.body).color, getComputedStyle(link).transform];
    });
    expect(afterChange).toEqual(['rgb(1, 2, 3)', 'matrix(1, 0, 0, 1, 0, -2)']);
    await still.page.context().close();
  });

  it('is keyboard usable with a visible focus ring, and fits a 320 px screen', async () => {
    const { page } = await visit(ROUTES.home, { viewport: { width: 320, height: 700 } });
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Skip to content');
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe('none');
    await expect(sidewaysSpill(page)).resolves.toEqual([]);
    await page.context().close();
  });

  it('looks finished at 375 px and 1280 px (screenshots in test-results/)', async () => {
    for (const width of [375, 1280]) {
      const { page } = await visit(ROUTES.home, { viewport: { width, height: 900 } });
      await page.evaluate(() => document.fonts.ready);
      await saveScreenshot(page, `home-${width}`);
      await page.context().close();
    }
  });
});

describe('the information pages', () => {
  const { minimumAge, refundRequestWindowDays, supportReplyWorkingDays, refundProcessingDays } = policyFacts;

  async function mainText(path: string): Promise<string> {
    const { page } = await visit(path);
    const text = await page.locator('main').innerText();
    await page.context().close();
    return text;
  }

  it('privacy policy and terms set the minimum age and need a guardian under it', async () => {
    for (const path of [ROUTES.privacyPolicy, ROUTES.termsOfService]) {
      const text = await mainText(path);
      expect(text).toMatch(new RegExp(`at least ${minimumAge}|minimum age is ${minimumAge}`));
      expect(text).toMatch(new RegExp(`under ${minimumAge}[^.]*consent[^.]*guardian|under ${minimumAge}[^.]*guardian[^.]*consent`, 'i'));
    }
  });

  it('the privacy policy says what the protections keep and why: the date of birth, the guardian’s email and the limit’s history', async () => {
    const text = await mainText(ROUTES.privacyPolicy);
    expect(text).toContain('your date of birth');
    expect(text).toMatch(/guardian’s email address is used only to send them the consent request/);
    expect(text).toMatch(/history of your spending limit/);
  });

  it('refund policy states every condition and time', async () => {
    const text = await mainText(ROUTES.refundPolicy);
    expect(text).toMatch(/unused/i);
    expect(text).toContain(`within ${refundRequestWindowDays} days of the purchase`);
    expect(text).toContain('no more than your last transaction');
    expect(text).toContain(`within ${supportReplyWorkingDays} working days`);
    expect(text).toContain(`about ${refundProcessingDays} days`);
    expect(text).toContain('Request a refund');
    // Australian Consumer Law guarantees cannot be excluded, and the policy says it does not try.
    expect(text).toContain('Nothing in this policy excludes, restricts or modifies those guarantees');
  });

  it('the operator is named where a name belongs, in sentences that read right', async () => {
    const sentences = {
      [ROUTES.aboutUs]: `${config.seller.legalName} runs this store in Australia`,
      [ROUTES.privacyPolicy]: `${config.seller.legalName}, which runs the store in Australia, handles it`,
      [ROUTES.termsOfService]: `which ${config.seller.legalName} runs in Australia`,
    };
    for (const [path, sentence] of Object.entries(sentences)) {
      const text = (await mainText(path)).replace(/\s+/g, ' ');
      expect(text).toContain(sentence);
      // The footer's line is a line of its own, never pasted into a sentence.
      expect(text).not.toContain(config.operatorLine);
    }
  });

  it('about us names the company and the operator', async () => {
    const text = await mainText(ROUTES.aboutUs);
    expect(text).toContain(config.companyName);
    expect(text).toContain(config.seller.legalName);
  });
});
