import type { Page } from 'playwright-core';
import { authMessages } from '../../src/client/features/auth/authErrors';
import { authTexts } from '../../src/client/features/auth/authTexts';
import { resetPasswordPath, ROUTES } from '../../src/shared/routes';
import { focusedHeading, openPage, pageErrors, saveScreenshot, sharedBrowser, shootBothWidths, storeUrl } from '../../scripts/browser/browser';
import { caughtMails, type CaughtMail } from '../support/mailbox';
import { uniqueEmail } from '../support/emulatorAdmin';
import { returnedOrder, signInAgain } from '../support/paymentsHarness';
import { fillSignIn, fillSignUp, nav, signInOnPage, signOutFromNav, signUp, waitForBalance } from '../../scripts/browser/storePages';
import { TEST_PASSWORD } from '../fixtures/samples';
import { API_ROUTES, apiPath } from '../../src/shared/api';
import { signUpOnAuthEmulator } from '../../scripts/stack/authAccounts';
import { sharedStackSettings } from '../../scripts/stack/testing/sharedStackSettings';

jest.setTimeout(90_000);

const password = TEST_PASSWORD;
const browser = sharedBrowser();

const NEW_PASSWORD = 'wyvern-tamer-77';

/** The reset email the mail catcher caught for `email` (or fails after 15 s). */
async function waitForResetMail(email: string): Promise<CaughtMail> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = (await caughtMails()).find((caught) => caught.to.some(({ address }) => address === email) && /Reset your/.test(caught.subject));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No reset email reached ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const storedUser = (page: Page) => page.evaluate(() => window.localStorage.getItem('user'));

describe('accounts on the Auth emulator', () => {
  it('sign up, live balance, the signed-in view, logout, a wrong password, the right one, sign out', async () => {
    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    const email = uniqueEmail('journey');

    await page.goto(storeUrl('/signin-signup'));
    await page.getByRole('heading', { level: 1, name: authTexts.signInHeading }).waitFor();
    await saveScreenshot(page, 'signin-form');

    await signUp(page, email);
    const user = JSON.parse((await storedUser(page)) ?? 'null');
    expect(user).toMatchObject({ email, emailVerified: false });
    expect(user.uid).toMatch(/^\w{10,}$/);
    expect(Object.keys(user).sort()).toEqual(['displayName', 'email', 'emailVerified', 'uid']);

    // A new player has no user document yet: 0 gems.
    await waitForBalance(page, '0');

    // Account leads to the player's orders; the sign-in page shows the signed-in view with Logout.
    await nav(page).getByRole('link', { name: 'Account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your orders' }).waitFor();
    await page.getByText('You have no orders yet.').waitFor();
    // The balance follows Firestore live: a pack bought elsewhere (here, through the API) shows without a reload.
    await returnedOrder(await signInAgain({ uid: user.uid, email, idToken: '' }), 2);
    await waitForBalance(page, '1,500');
    await page.goto(storeUrl('/signin-signup'));
    await page.getByRole('heading', { level: 1, name: 'Signed In, Welcome Back!' }).waitFor();
    await expect(page.getByText('You are already signed in. Click below to Logout.').count()).resolves.toBe(1);
    await saveScreenshot(page, 'signin-signed-in');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { level: 1, name: authTexts.signInHeading }).waitFor();
    expect(page.url()).toBe(storeUrl('/signin-signup'));
    await expect(storedUser(page)).resolves.toBe('null');
    await expect(nav(page).getByRole('link', { name: 'Sign In' }).count()).resolves.toBe(1);

    await fillSignIn(page, email, 'not-my-password');
    await expect(page.getByRole('alert').innerText()).resolves.toBe(authMessages.wrongCredentials);
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(email);
    await saveScreenshot(page, 'signin-error');

    await fillSignIn(page, email, password);
    await page.waitForURL(storeUrl('/'));
    await expect(JSON.parse((await storedUser(page)) ?? 'null')).toMatchObject({ uid: user.uid });

    await signOutFromNav(page);
    expect(page.url()).toBe(storeUrl('/'));
    await expect(storedUser(page)).resolves.toBe('null');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('an unknown email reads exactly like a wrong password', async () => {
    const page = await openPage(browser());
    await page.goto(storeUrl('/signin-signup'));
    await fillSignIn(page, uniqueEmail('nobody'), password);
    await expect(page.getByRole('alert').innerText()).resolves.toBe(authMessages.wrongCredentials);
    await page.context().close();
  });

  it('signing up with a taken email says so in plain words', async () => {
    const page = await openPage(browser());
    const email = uniqueEmail('taken');
    await signUp(page, email);
    await signOutFromNav(page);
    await fillSignUp(page, email);
    await expect(page.getByRole('alert').innerText()).resolves.toBe(authMessages.emailInUse);
    await page.context().close();
  });

  it('a sign-in URL carrying item=3 goes on to /shop?item=3', async () => {
    const page = await openPage(browser());
    const email = uniqueEmail('buyer');
    await signUp(page, email);
    await signOutFromNav(page);

    await page.goto(storeUrl('/signin-signup?item=3'));
    await fillSignIn(page, email, password);
    await page.waitForURL(storeUrl('/shop?item=3'));
    await page.context().close();
  });

  it('a password reset: the focus follows each view, the email comes from the store, and the new password works once', async () => {
    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    const email = uniqueEmail('forgetful');
    await signUp(page, email);
    await signOutFromNav(page);

    // Every switch puts focus on the new view's heading (keyboard only).
    await page.goto(storeUrl(ROUTES.signInSignUp));
    await page.getByRole('button', { name: authTexts.toReset }).focus();
    await page.keyboard.press('Enter');
    await expect(focusedHeading(page)).resolves.toBe(authTexts.resetHeading);
    await page.getByRole('button', { name: authTexts.toSignIn }).focus();
    await page.keyboard.press('Enter');
    await expect(focusedHeading(page)).resolves.toBe(authTexts.signInHeading);
    await page.getByRole('button', { name: authTexts.toSignUp }).focus();
    await page.keyboard.press('Enter');
    await expect(focusedHeading(page)).resolves.toBe(authTexts.signUpHeading);
    await page.getByRole('button', { name: authTexts.toSignIn }).click();
    await page.getByRole('button', { name: authTexts.toReset }).click();

    // An email with no account reads the same and gets nothing; the player's own gets the store's email.
    for (const address of [uniqueEmail('nobody'), email]) {
      await page.getByLabel('Email').fill(address);
      await page.getByLabel('Email').press('Enter');
      const sent = page.getByRole('status');
      await expect(sent.innerText()).resolves.toBe(authMessages.resetSent);
      await expect(sent.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    }
    const mail = await waitForResetMail(email);
    expect(mail.subject).toBe('Reset your Wyrmcrown store password');
    const link = /(http\S+\/reset-password\?oobCode=[\w-]+)/.exec(mail.text)?.[1] ?? '';
    expect(link.startsWith(storeUrl(ROUTES.resetPassword))).toBe(true);
    expect(mail.html).toContain(`href="${link}"`);

    // The store's own page: whose account, the new password twice, then sign in with it.
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: authTexts.newPasswordHeading }).waitFor();
    await expect(page.getByText(authTexts.newPasswordFor(email)).count()).resolves.toBe(1);
    await shootBothWidths(page, 'reset-password-form');
    await page.getByLabel(authTexts.newPassword).fill(NEW_PASSWORD);
    await page.getByLabel(authTexts.confirmPassword).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: authTexts.saveNewPassword }).click();
    await page.getByRole('heading', { level: 1, name: authTexts.passwordChangedHeading }).waitFor();
    await expect(focusedHeading(page)).resolves.toBe(authTexts.passwordChangedHeading);
    await shootBothWidths(page, 'reset-password-saved');

    await page.getByRole('link', { name: authTexts.toSignInPage }).click();
    await fillSignIn(page, email, password);
    await expect(page.getByRole('alert').innerText()).resolves.toBe(authMessages.wrongCredentials);
    await fillSignIn(page, email, NEW_PASSWORD);
    await page.waitForURL(storeUrl(ROUTES.home));
    await signOutFromNav(page);

    // The same link again, a forged one, and none at all: each refused, the password as it was.
    for (const refused of [link, storeUrl(resetPasswordPath('forged-code')), storeUrl(ROUTES.resetPassword)]) {
      await page.goto(refused);
      await page.getByRole('heading', { level: 1, name: authTexts.badLinkHeading }).waitFor();
      await expect(page.getByLabel(authTexts.newPassword).count()).resolves.toBe(0);
    }
    await shootBothWidths(page, 'reset-password-refused');
    await signInOnPage(page, email, NEW_PASSWORD);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('a returning player is signed in on the first paint, and an anonymous visit loads no Firebase', async () => {
    const page = await openPage(browser());
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(storeUrl('/'));
    await nav(page).getByRole('link', { name: 'Sign In' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(requested.filter((url) => /firebase/.test(url))).toEqual([]);

    await signUp(page, uniqueEmail('returning'));
    await page.reload();
    // The nav knows from localStorage before Firebase has said anything.
    await nav(page).getByRole('link', { name: 'Account' }).waitFor({ timeout: 2000 });
    await waitForBalance(page, '0');
    await page.context().close();
  });
});

describe('password reset answers alike for every address', () => {
  it('takes the same time whether or not an account has the address: medians within 20 ms over interleaved requests', async () => {
    const settings = sharedStackSettings();
    const known = Array.from({ length: 12 }, () => uniqueEmail('reset-known'));
    await Promise.all(known.map((email) => signUpOnAuthEmulator(settings, { email, password })));
    const unknown = Array.from({ length: 12 }, () => uniqueEmail('reset-unknown'));
    const timeOf = async (email: string) => {
      const started = performance.now();
      const response = await fetch(storeUrl(apiPath(API_ROUTES.passwordReset)), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email }) });
      expect([email, response.status]).toEqual([email, 202]);
      return performance.now() - started;
    };
    // A warm-up of each kind, then the two kinds one after the other.
    await timeOf(uniqueEmail('reset-warm'));
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      knownTimes.push(await timeOf(known[i]!));
      unknownTimes.push(await timeOf(unknown[i]!));
    }
    const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    expect(Math.abs(median(knownTimes) - median(unknownTimes))).toBeLessThan(20);
    // And every known address gets its email after all.
    await Promise.all(known.map((email) => waitForResetMail(email)));
  });
});
