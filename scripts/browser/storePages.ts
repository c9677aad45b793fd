import type { Page } from 'playwright-core';
import { authTexts } from '../../src/client/features/auth/authTexts';
import { paymentTexts } from '../../src/client/features/payment/paymentTexts';
import { ROUTES } from '../../src/shared/routes';
import { storeUrl } from './browser';
import { TEST_ADULT_BIRTH_DATE, TEST_PASSWORD } from '../stack/sampleBuyer';

/** Steps on the store's pages that several browser tests take. */

export const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Waits until the nav's live balance reads `text` (e.g. "1,500"). */
export const waitForBalance = (page: Page, text: string) =>
  page.waitForFunction(
    (label) => document.querySelector('[data-testid="gem-balance"]')?.getAttribute('aria-label') === label,
    `Gem balance: ${text}`,
  );

export async function fillSignIn(page: Page, email: string, password = TEST_PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: authTexts.signInButton, exact: true }).click();
}

/** Signs `email` in from /signin-signup and waits for the landing page. */
export async function signInOnPage(page: Page, email: string, password = TEST_PASSWORD): Promise<void> {
  await page.goto(storeUrl(ROUTES.signInSignUp));
  await fillSignIn(page, email, password);
  await page.waitForURL(storeUrl(ROUTES.home));
}

/** Opens /signin-signup's account creation and submits it for `email`. */
export async function fillSignUp(page: Page, email: string, birthDate = TEST_ADULT_BIRTH_DATE): Promise<void> {
  await page.goto(storeUrl('/signin-signup'));
  await page.getByRole('button', { name: authTexts.toSignUp }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(authTexts.newPassword).fill(TEST_PASSWORD);
  await page.getByLabel(authTexts.confirmPassword).fill(TEST_PASSWORD);
  await page.getByLabel(authTexts.birthDate).fill(birthDate);
  await page.getByRole('button', { name: authTexts.signUpButton }).click();
}

/** Creates an account (an adult's, unless `birthDate` says otherwise) and waits to land home, signed in. */
export async function signUp(page: Page, email: string, birthDate = TEST_ADULT_BIRTH_DATE): Promise<void> {
  await fillSignUp(page, email, birthDate);
  await page.waitForURL(storeUrl('/'));
}

export async function signOutFromNav(page: Page): Promise<void> {
  await nav(page).getByRole('button', { name: 'Sign out' }).click();
  await nav(page).getByRole('link', { name: 'Sign In' }).waitFor();
}

/**
 * Every amount of money the page shows, each of which must be written the store's one way ("A$45.99", from
 * formatAud in src/shared/catalogue): none as "$45.99", "45.99 AUD" or "AUD 45.99". Answers the amounts found.
 */
export async function moneyOnPage(page: Page): Promise<{ amounts: string[]; otherwise: string[] }> {
  const text = await page.locator('body').innerText();
  const amounts = text.match(/(?:A?\$|AUD\s?)?\d[\d,]*\.\d{2}(?:\s?AUD)?/g) ?? [];
  return { amounts, otherwise: amounts.filter((amount) => !/^A\$\d[\d,]*\.\d{2}$/.test(amount)) };
}

/** What the browser tests type into the payment form (Country: Australia). */
export const DETAILS = {
  'First Name': 'Aria',
  'Last Name': 'Stormborn',
  Address: '1 Castle Road',
  State: 'NSW',
  City: 'Sydney',
  'Post Code': '2000',
  Phone: '+61 2 9876 5432',
} as const;

export async function fillPaymentForm(page: Page): Promise<void> {
  await page.waitForFunction(() => (document.querySelector('#field-country') as HTMLSelectElement)?.options.length > 200);
  for (const [label, value] of Object.entries(DETAILS)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel('Country', { exact: true }).selectOption('AU');
}

/** Presses Submit (or another button that opens the checkout) and answers the checkout tab it opens. */
export async function openCheckout(page: Page, button = 'Submit'): Promise<Page> {
  const tabOpened = page.context().waitForEvent('page');
  await page.getByRole('button', { name: button }).click();
  const checkout = await tabOpened;
  await checkout.waitForURL(/\/checkout\/[\w-]+$/);
  await page.getByRole('heading', { name: paymentTexts.awaitingHeading }).waitFor();
  return checkout;
}
