import type { Browser, BrowserContext, Page } from 'playwright-core';
import { authTexts } from '../../src/client/features/auth/authTexts';
import { paymentTexts } from '../../src/client/features/payment/paymentTexts';
import { API_ROUTES, apiPath } from '../../src/shared/api';
import { STARTING_PACKS } from '../../src/shared/startingCatalogue';
import { APP_READY_ATTRIBUTE } from '../../src/shared/earlyInput';
import { ROUTES, shopItemPath, signInForItemPath } from '../../src/shared/routes';
import { gotoWaitsForApp, pageErrors, sharedBrowser, storeUrl } from '../../scripts/browser/browser';
import { DETAILS, signInOnPage } from '../../scripts/browser/storePages';
import { TEST_PASSWORD } from '../fixtures/samples';
import { holdAppScripts } from '../support/heldScripts';
import { getJson, newPlayer, postJson } from '../support/paymentsHarness';

jest.setTimeout(240_000);

/**
 * Presses and typing at the first moment a control exists, on a CPU slowed 4×: nothing is lost. On a prerendered
 * page the app's scripts are held back until the press and the typing are done, so they land before the app is
 * live on any machine, however fast; the payment form exists only once the app is, and is used at once.
 */
const browser = sharedBrowser();
const TRIALS = 5;
const tiny = STARTING_PACKS[0]!;

const isReady = (page: Page) => page.evaluate((attribute) => document.documentElement.hasAttribute(attribute), APP_READY_ATTRIBUTE);

/** A throttled page whose app scripts wait until `release` is called. */
async function heldPage(context: BrowserContext): Promise<{ page: Page; release: () => void }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { page, release: await holdAppScripts(page) };
}

async function throttledContext(chromium: Browser): Promise<BrowserContext> {
  return chromium.newContext({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });
}

/** Presses the button named `name` where a finger would, as soon as it is on the screen, before the app is live. */
async function pressEarly(page: Page, name: string): Promise<void> {
  const control = page.getByRole('button', { name, exact: true });
  await control.waitFor();
  const box = (await control.boundingBox())!;
  expect(await isReady(page)).toBe(false);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

describe('presses and typing before the app is live, on a 4× slower CPU: 0 of 20 lost', () => {
  let lost: string[] = [];
  let tried = 0;
  const outcome = (trial: string, kept: boolean) => {
    tried += 1;
    if (!kept) lost.push(trial);
  };
  beforeEach(() => {
    lost = [];
    tried = 0;
  });
  afterEach(() => {
    expect({ tried, lost }).toEqual({ tried: TRIALS, lost: [] });
  });

  it('“New here? Create an account” pressed as the sign-in page appears opens the form', async () => {
    const context = await throttledContext(browser());
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const { page, release } = await heldPage(context);
      await page.goto(storeUrl(ROUTES.signInSignUp), { waitUntil: 'commit' });
      await pressEarly(page, authTexts.toSignUp);
      release();
      const opened = await page.getByRole('heading', { name: 'Create Account' }).waitFor({ timeout: 20_000 }).then(() => true, () => false);
      outcome(`sign-up press ${trial}`, opened);
      expect(pageErrors(page)).toEqual([]);
      await page.close();
    }
    await context.close();
  });

  it('a Buy pressed as the shop appears takes a visitor to sign in for that pack', async () => {
    const context = await throttledContext(browser());
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const { page, release } = await heldPage(context);
      await page.goto(storeUrl(ROUTES.shop), { waitUntil: 'commit' });
      await pressEarly(page, `Buy ${tiny.title}`);
      release();
      const moved = await page.waitForURL(storeUrl(signInForItemPath(tiny.id)), { timeout: 20_000 }).then(() => true, () => false);
      outcome(`buy press ${trial}`, moved);
      await page.close();
    }
    await context.close();
  });

  it('an email and password typed and Sign In pressed before the app is live sign the player in', async () => {
    const player = await newPlayer();
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const context = await throttledContext(browser());
      const { page, release } = await heldPage(context);
      await page.goto(storeUrl(ROUTES.signInSignUp), { waitUntil: 'commit' });
      const email = page.getByLabel('Email');
      await email.waitFor();
      expect(await isReady(page)).toBe(false);
      await email.pressSequentially(player.email);
      await page.getByLabel(authTexts.password, { exact: true }).pressSequentially(TEST_PASSWORD);
      await pressEarly(page, authTexts.signInButton);
      // Held: the form was not sent as a plain page request (the password never goes into an address).
      expect(page.url()).toBe(storeUrl(ROUTES.signInSignUp));
      release();
      const signedIn = await page.waitForURL(storeUrl(ROUTES.home), { timeout: 20_000 }).then(() => true, () => false);
      outcome(`typed sign-in ${trial}`, signedIn);
      await context.close();
    }
  });

  it('the payment form, typed into and submitted the moment it shows, opens its checkout with every detail kept', async () => {
    const player = await newPlayer();
    const context = await throttledContext(browser());
    const signIn = gotoWaitsForApp(await context.newPage());
    await signInOnPage(signIn, player.email);
    await signIn.close();
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const { page, release } = await heldPage(context);
      release();
      await page.goto(storeUrl(shopItemPath(tiny.id)), { waitUntil: 'commit' });
      const first = page.getByLabel('First Name', { exact: true });
      await first.waitFor({ timeout: 20_000 });
      for (const [label, value] of Object.entries(DETAILS)) await page.getByLabel(label, { exact: true }).pressSequentially(value);
      await page.getByLabel('Country', { exact: true }).selectOption('AU');
      // Read before Submit: once the checkout opens, the waiting step takes the form's place (at a moment of its own).
      const kept = await Promise.all(Object.entries(DETAILS).map(async ([label, value]) => (await page.getByLabel(label, { exact: true }).inputValue()) === value));
      const tab = context.waitForEvent('page', { timeout: 20_000 }).then((opened) => opened, () => null);
      await page.getByRole('button', { name: 'Submit' }).click();
      const checkout = await tab;
      const waiting = await page.getByRole('heading', { name: paymentTexts.awaitingHeading }).waitFor({ timeout: 20_000 }).then(() => true, () => false);
      outcome(`payment form ${trial}`, checkout !== null && waiting && kept.every(Boolean));
      await checkout?.close();
      // The next trial starts a new order: this one is cancelled, as the player could from their orders.
      const { body } = await getJson(apiPath(API_ROUTES.openOrders), player.idToken);
      for (const { orderId } of body.orders as Array<{ orderId: string }>) await postJson(apiPath(API_ROUTES.orderCancel, { orderId }), {}, player.idToken);
      await page.close();
    }
    await context.close();
  });
});
