import { paymentTexts } from '../../src/client/features/payment/paymentTexts';
import { protectionsTexts } from '../../src/client/features/protections/protectionsTexts';
import { GEM_PACKS } from '../../src/shared/catalogue';
import { CONSENT_PARAMS, ROUTES, shopItemPath } from '../../src/shared/routes';
import { openPage, pageErrors, sharedBrowser, shootBothWidths, storeUrl } from '../../scripts/browser/browser';
import { uniqueEmail } from '../support/emulatorAdmin';
import { fillPaymentForm, nav, openCheckout, signInOnPage, signUp, waitForBalance } from '../../scripts/browser/storePages';
import { consentLinkOf, consentMessages } from '../../src/server/protections/guardianConsent';
import { caughtMails, type CaughtMail } from '../support/mailbox';
import { sharedStackSettings } from '../../scripts/stack/testing/sharedStackSettings';
import { alteredSignature } from '../support/alteredSignature';
import { getJson, identityToolkitSignUp, paymentDetails, postJson, waitFor } from '../support/paymentsHarness';

jest.setTimeout(90_000);

const browser = sharedBrowser();
const tiny = GEM_PACKS[0]!;
const settings = sharedStackSettings();

/** The consent email the mail catcher caught for `guardian`, and the link it carries. */
async function consentMailTo(guardian: string): Promise<{ mail: CaughtMail; link: string }> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = (await caughtMails()).find((caught) => caught.to.some(({ address }) => address === guardian));
    if (mail) return { mail, link: /(http\S+\/guardian-consent\?\S+)/.exec(mail.text)?.[1] ?? '' };
    if (Date.now() > deadline) throw new Error(`No consent email reached ${guardian}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a monthly spending limit, in the browser', () => {
  it('an adult with a A$20 limit buys a A$15.99 pack, and the next one is refused with A$4.01 left, opening no checkout', async () => {
    const page = await openPage(browser(), { viewport: { width: 1280, height: 1000 } });
    await signUp(page, uniqueEmail('limited'));
    await waitForBalance(page, '0');

    // The limits page: set A$20, counted at once.
    await nav(page).getByRole('link', { name: 'Account' }).click();
    await page.getByRole('link', { name: 'Set a monthly spending limit' }).click();
    await page.waitForURL(storeUrl(ROUTES.limits));
    await page.getByLabel(protectionsTexts.field).fill('20');
    await page.getByRole('button', { name: protectionsTexts.save }).click();
    await page.getByText(protectionsTexts.current('A$20.00')).waitFor();
    await expect(page.getByTestId('limit-standing').innerText()).resolves.toContain('A$20.00 left this month');

    // The shop says what is left, and the first pack is bought as ever.
    await nav(page).getByRole('link', { name: 'Shop' }).click();
    await expect(page.getByTestId('left-this-month').innerText()).resolves.toBe('A$20.00 left this month');
    await page.getByRole('button', { name: `Buy ${tiny.title}` }).click();
    await fillPaymentForm(page);
    const checkout = await openCheckout(page);
    await checkout.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('heading', { name: paymentTexts.successHeading }).waitFor({ timeout: 20_000 });
    await checkout.close();

    // The next is refused before any checkout: what is left is named, and no tab stays open.
    await page.goto(storeUrl(ROUTES.shop));
    await expect(page.getByTestId('left-this-month').innerText()).resolves.toBe('A$4.01 left this month');
    await page.goto(storeUrl(shopItemPath(tiny.id)));
    await fillPaymentForm(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'monthly spending limit' });
    await expect(refusal.innerText()).resolves.toContain('A$4.01 left this month');
    // The blank tab the click opened closes again once the refusal is in.
    await waitFor(async () => page.context().pages().length, (count) => count === 1);
    expect(page.context().pages()).toHaveLength(1);
    await shootBothWidths(page, 'checkout-over-limit');

    // The order history shows the month's total; the limits page the same figures.
    await page.goto(storeUrl(ROUTES.orders));
    // The line is held from the first paint, and filled once the month's spending is read.
    await page.getByTestId('month-total').filter({ hasText: 'This month you spent A$15.99.' }).waitFor();
    await page.goto(storeUrl(ROUTES.limits));
    await expect(page.getByTestId('limit-standing').innerText()).resolves.toContain('A$4.01 left this month');
    // Raising it waits 24 hours, and the page says from when.
    await page.getByLabel(protectionsTexts.field).fill('50');
    await page.getByRole('button', { name: protectionsTexts.save }).click();
    await page.getByText(/Your new limit of A\$50\.00 counts from .+ (AEDT|AEST)\./).waitFor();
    await expect(page.getByTestId('limit-standing').innerText()).resolves.toContain('A$4.01 left this month');
    await shootBothWidths(page, 'limits');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it("a player under 13 is told they need a guardian; the guardian's email arrives, they consent with a limit, and the checkout opens", async () => {
    const player = await openPage(browser(), { viewport: { width: 375, height: 812 } });
    const playerEmail = uniqueEmail('young');
    const guardian = uniqueEmail('guardian');
    await signUp(player, playerEmail, '2016-05-01');

    // The shop says why; the checkout asks for the guardian's email instead of the payment form.
    await player.goto(storeUrl(ROUTES.shop));
    await player.getByText(protectionsTexts.shopNeedsConsent).waitFor();
    await player.goto(storeUrl(shopItemPath(tiny.id)));
    const gate = player.getByTestId('purchase-gate');
    await gate.getByRole('heading', { name: protectionsTexts.consentHeading }).waitFor();
    await expect(player.getByRole('button', { name: 'Submit' }).count()).resolves.toBe(0);
    await gate.getByLabel(protectionsTexts.guardianEmail).fill(guardian);
    await gate.getByRole('button', { name: protectionsTexts.askConsent }).click();
    await gate.getByText(protectionsTexts.consentAsked(guardian)).waitFor();
    await shootBothWidths(player, 'checkout-guardian-consent');

    // The guardian's email, from the store: who asks, what the store sells, and the signed link.
    const { mail, link } = await consentMailTo(guardian);
    expect(mail.text).toContain(playerEmail);
    expect(mail.text).toMatch(/A\$15\.99 to A\$85\.99/);
    expect(link.startsWith(storeUrl(ROUTES.guardianConsent))).toBe(true);

    // A forged and an expired link change nothing and say so (the expired one carries a valid signature).
    const guardianPage = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    const query = new URL(link).searchParams;
    const forged = new URL(link);
    forged.searchParams.set(CONSENT_PARAMS.signature, alteredSignature(query.get(CONSENT_PARAMS.signature)!));
    const expired = consentLinkOf({ ...settings, PUBLIC_BASE_URL: new URL(link).origin }, { requestId: query.get(CONSENT_PARAMS.request)!, expiresAt: Date.now() - 1000 });
    for (const [refused, message] of [[forged.toString(), consentMessages.forged], [expired, consentMessages.expired]] as const) {
      await guardianPage.goto(refused);
      await expect(guardianPage.getByTestId('consent-refused').innerText()).resolves.toBe(message);
    }

    // The link's page: who, what and the prices; Consent with a monthly limit of A$30.
    await guardianPage.goto(link);
    await guardianPage.getByRole('heading', { level: 1, name: protectionsTexts.guardianPageHeading }).waitFor();
    await expect(guardianPage.locator('main').innerText()).resolves.toContain(playerEmail);
    await expect(guardianPage.getByTestId('consent-prices').innerText()).resolves.toContain('Vault of Gem: 10,000 gems, A$85.99');
    await shootBothWidths(guardianPage, 'guardian-consent');
    await guardianPage.getByLabel(protectionsTexts.guardianLimitField).fill('30');
    await guardianPage.getByRole('button', { name: protectionsTexts.consent }).click();
    await expect(guardianPage.getByTestId('consent-recorded').innerText()).resolves.toBe(protectionsTexts.guardianThanks(playerEmail));
    // Used once: the same link again changes nothing.
    await guardianPage.goto(link);
    await expect(guardianPage.getByTestId('consent-refused').innerText()).resolves.toBe(consentMessages.used);
    await guardianPage.context().close();

    // The player's checkout opens now, with the guardian's limit, which only the guardian can change.
    await player.reload();
    await fillPaymentForm(player);
    await expect(player.getByTestId('left-this-month').innerText()).resolves.toBe('A$30.00 left this month');
    const checkout = await openCheckout(player);
    await checkout.close();
    await player.goto(storeUrl(ROUTES.limits));
    await player.getByLabel(protectionsTexts.field).fill('');
    await player.getByRole('button', { name: protectionsTexts.save }).click();
    await expect(player.getByRole('alert').innerText()).resolves.toBe(protectionsTexts.guardianLimit);
    expect(pageErrors(player)).toEqual([]);
    await player.context().close();
  });

  it('an account made before the store asked gives its date of birth once, before its next checkout', async () => {
    const account = await identityToolkitSignUp(uniqueEmail('older'));
    expect((await getJson('/api/account/limits', account.idToken)).body.purchaseBlock).toBe('birthDateNeeded');
    // The API refuses a payment outright until then.
    const refused = await postJson('/api/payments', { packId: tiny.id, ...paymentDetails }, account.idToken);
    expect([refused.status, refused.body.reason]).toEqual([409, 'birthDateNeeded']);

    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await signInOnPage(page, account.email);
    await page.goto(storeUrl(shopItemPath(tiny.id)));
    const gate = page.getByTestId('purchase-gate');
    await gate.getByLabel(protectionsTexts.birthDate).fill('1985-07-14');
    await gate.getByRole('button', { name: protectionsTexts.saveBirthDate }).click();
    await fillPaymentForm(page);
    await (await openCheckout(page)).close();
    // Given once: a second date is refused.
    const again = await postJson('/api/account/birth-date', { birthDate: '2016-05-01' }, account.idToken);
    expect(again.status).toBe(409);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
