import type { Page } from 'playwright-core';
import { authMessages } from '../../src/client/features/auth/authErrors';
import { authTexts } from '../../src/client/features/auth/authTexts';
import { openPage, pageErrors, saveScreenshot, sharedBrowser, storeUrl } from '../support/browser';
import { setGemCount, uniqueEmail } from '../support/emulatorAdmin';
import { fillSignIn, fillSignUp, nav, signOutFromNav, signUp, TEST_PASSWORD, waitForBalance } from '../support/storePages';

jest.setTimeout(90_000);

const password = TEST_PASSWORD;
const browser = sharedBrowser();

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

    // A new player has no user document yet: 0 gems. The balance follows Firestore live.
    await waitForBalance(page, '0');
    await setGemCount(user.uid, 1500);
    await waitForBalance(page, '1,500');

    // Account leads to the player's orders; the sign-in page shows the signed-in view with Logout.
    await nav(page).getByRole('link', { name: 'Account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your orders' }).waitFor();
    await page.getByText('You have no orders yet.').waitFor();
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

  it('a password reset is confirmed without telling whether the account exists', async () => {
    const page = await openPage(browser());
    await page.goto(storeUrl('/signin-signup'));
    await page.getByRole('button', { name: authTexts.toReset }).click();
    await page.getByLabel('Email').fill(uniqueEmail('forgetful'));
    await page.getByRole('button', { name: authTexts.resetButton }).click();
    await expect(page.getByRole('status').innerText()).resolves.toBe(authMessages.resetSent);
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
