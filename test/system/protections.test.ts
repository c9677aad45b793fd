import { paymentTexts } from '../../src/client/features/payment/paymentTexts';
import { protectionsTexts } from '../../src/client/features/protections/protectionsTexts';
import { STARTING_PACKS } from '../../src/shared/startingCatalogue';
import { CONSENT_PARAMS, ROUTES, shopItemPath } from '../../src/shared/routes';
import { focusedText, openPage, pageErrors, sharedBrowser, shootBothWidths, storeUrl } from '../../scripts/browser/browser';
import { axeViolations } from '../support/axe';
import { uniqueEmail } from '../support/emulatorAdmin';
import { fillPaymentForm, nav, openCheckout, signInOnPage, signUp, waitForBalance } from '../../scripts/browser/storePages';
import { consentLinkOf, consentMessages } from '../../src/server/protections/guardianConsent';
import { caughtMails, type CaughtMail } from '../support/mailbox';
import { sharedStackSettings } from '../../scripts/stack/testing/sharedStackSettings';
import { alteredSignature } from '../support/alteredSignature';
import { getJson, identityToolkitSignUp, paymentDetails, postJson } from '../support/paymentsHarness';

jest.setTimeout(90_000);

const browser = sharedBrowser();
const tiny = STARTING_PACKS[0]!;
const fistful = STARTING_PACKS[1]!;
const settings = sharedStackSettings();

/** The first email the mail catcher caught for `to` that `matches`. */
async function mailTo(to: string, matches: (mail: CaughtMail) => boolean = () => true): Promise<CaughtMail> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = (await caughtMails()).find((caught) => caught.to.some(({ address }) => address === to) && matches(caught));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No such email reached ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The consent email the mail catcher caught for `guardian`, and the link it carries. */
async function consentMailTo(guardian: string): Promise<{ mail: CaughtMail; link: string }> {
  const mail = await mailTo(guardian, (caught) => caught.subject.startsWith('Your consent is asked'));
  return { mail, link: /(http\S+\/guardian-consent\?\S+)/.exec(mail.text)?.[1] ?? '' };
}

describe('a monthly spending limit, in the browser', () => {
  it('an adult with a A$50 limit: spent is what was paid, an open order is held apart, the figures move live, and packs over what is left are marked and open no checkout', async () => {
    const page = await openPage(browser(), { viewport: { width: 1280, height: 1000 } });
    await signUp(page, uniqueEmail('limited'));
    await waitForBalance(page, '0');

    // The limits page: set A$50, counted at once.
    await nav(page).getByRole('link', { name: 'Account' }).click();
    await page.getByRole('link', { name: 'Set a monthly spending limit' }).click();
    await page.waitForURL(storeUrl(ROUTES.limits));
    await page.getByLabel(protectionsTexts.field).fill('50');
    await page.getByRole('button', { name: protectionsTexts.save }).click();
    await page.getByText(protectionsTexts.current('A$50.00')).waitFor();
    await expect(page.getByTestId('limit-standing').innerText()).resolves.toContain('A$50.00 left this month');

    // The first pack is bought as ever; the paid card's figure moves with the payment, without a reload.
    await nav(page).getByRole('link', { name: 'Shop' }).click();
    await expect(page.getByTestId('left-this-month').innerText()).resolves.toBe('A$50.00 left this month');
    await page.getByRole('button', { name: `Buy ${tiny.title}` }).click();
    await fillPaymentForm(page);
    const checkout = await openCheckout(page);
    await checkout.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('heading', { name: paymentTexts.successHeading }).waitFor({ timeout: 20_000 });
    await checkout.close();
    await page.getByTestId('left-this-month').filter({ hasText: 'A$34.01 left this month' }).waitFor();

    // A second order left unpaid holds its price against the limit, said apart from what was spent.
    await page.goto(storeUrl(shopItemPath(tiny.id)));
    await fillPaymentForm(page);
    await (await openCheckout(page)).close();
    await page.goto(storeUrl(ROUTES.orders));
    await page.getByTestId('month-total').filter({ hasText: 'This month you spent A$15.99.' }).waitFor();
    await expect(page.getByTestId('month-total').innerText()).resolves.toBe(
      'This month you spent A$15.99. Unpaid orders below hold A$15.99 against your limit until they are paid or end.',
    );
    await page.goto(storeUrl(ROUTES.limits));
    await expect(page.getByTestId('limit-spent').innerText()).resolves.toBe('Spent this month: A$15.99. A$18.02 left this month.');
    await expect(page.getByTestId('limit-held').innerText()).resolves.toBe(`${protectionsTexts.held('A$15.99')} ${protectionsTexts.heldLink}`);
    await shootBothWidths(page, 'limits-held');

    // The shop marks every pack over what is left before any form; the one that fits is not marked.
    await page.goto(storeUrl(ROUTES.shop));
    await expect(page.getByTestId('left-this-month').innerText()).resolves.toBe('A$18.02 left this month');
    const marked = await Promise.all(
      STARTING_PACKS.map(async (pack) => (await page.getByRole('article', { name: pack.title, exact: true }).getByTestId('over-limit-mark').count()) === 1),
    );
    expect(marked).toEqual(STARTING_PACKS.map((pack) => pack.priceCents > 1802));
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, 'shop-over-limit');
    // Its payment screen says so in place of the form: nothing to type, no Submit, no tab.
    await page.getByRole('button', { name: `Buy ${fistful.title}` }).click();
    const gate = page.getByTestId('purchase-gate');
    await gate.getByRole('heading', { name: protectionsTexts.overLimitHeading }).waitFor();
    await expect(gate.getByTestId('over-limit').innerText()).resolves.toContain('A$18.02 left this month');
    await expect(page.getByRole('button', { name: 'Submit' }).count()).resolves.toBe(0);
    await expect(page.getByLabel('First Name', { exact: true }).count()).resolves.toBe(0);
    expect(page.context().pages()).toHaveLength(1);
    await shootBothWidths(page, 'checkout-over-limit');

    // Cancelled from the history, the held order lets go of its A$15.99 there and then.
    await page.goto(storeUrl(ROUTES.orders));
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByTestId('month-total').filter({ hasText: /^This month you spent A\$15\.99\.$/ }).waitFor();
    await page.goto(storeUrl(ROUTES.limits));
    await expect(page.getByTestId('limit-standing').innerText()).resolves.toContain('A$34.01 left this month');
    await expect(page.getByTestId('limit-held').count()).resolves.toBe(0);
    // Raising it waits 24 hours, and the page says from when.
    await page.getByLabel(protectionsTexts.field).fill('80');
    await page.getByRole('button', { name: protectionsTexts.save }).click();
    await page.getByText(/Your new limit of A\$80\.00 counts from .+ (AEDT|AEST)\./).waitFor();
    await expect(page.getByTestId('limit-standing').innerText()).resolves.toContain('A$34.01 left this month');
    await shootBothWidths(page, 'limits');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it("a player under 13 is told they need a guardian; the guardian consents with a limit as the player's parent, the waiting checkout opens by itself, and the guardian changes the limit by email", async () => {
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

    // The link's page: who, what and the prices; Consent with a monthly limit of A$30, as the player's parent.
    await guardianPage.goto(link);
    await guardianPage.getByRole('heading', { level: 1, name: protectionsTexts.guardianPageHeading }).waitFor();
    // The heading shows while the link is checked ("Checking your link…"); the prices come with the answer.
    await guardianPage.getByTestId('consent-prices').waitFor();
    await expect(guardianPage.locator('main').innerText()).resolves.toContain(playerEmail);
    await expect(guardianPage.getByTestId('consent-prices').innerText()).resolves.toContain('Vault of Gem: 10,000 gems, A$85.99');
    await guardianPage.getByLabel(protectionsTexts.guardianLimitField).fill('30');
    // Unconfirmed, nothing is recorded: the box must be ticked.
    await guardianPage.getByRole('button', { name: protectionsTexts.consent }).click();
    await guardianPage.getByText("Please confirm that you are this player's parent or guardian.").waitFor();
    await expect(guardianPage.evaluate(() => document.activeElement?.getAttribute('type'))).resolves.toBe('checkbox');
    expect(await axeViolations(guardianPage)).toEqual([]);
    await shootBothWidths(guardianPage, 'guardian-consent');
    await guardianPage.getByLabel(protectionsTexts.guardianConfirm).check();
    await guardianPage.getByRole('button', { name: protectionsTexts.consent }).click();
    const consentedAt = Date.now();
    await expect(guardianPage.getByTestId('consent-recorded').innerText()).resolves.toBe(protectionsTexts.guardianThanks(playerEmail));

    // The player's waiting checkout opens by itself, within seconds, with the guardian's limit.
    await player.getByLabel('First Name', { exact: true }).waitFor({ timeout: 5_000 });
    expect(Date.now() - consentedAt).toBeLessThan(5_000);
    // Said, and focused: the form took the waiting card's place by itself.
    await expect(focusedText(player)).resolves.toBe(protectionsTexts.gateLifted.guardianConsentNeeded);
    await expect(player.getByTestId('left-this-month').innerText()).resolves.toBe('A$30.00 left this month');
    // Used once: the same link again changes nothing.
    await guardianPage.goto(link);
    await expect(guardianPage.getByTestId('consent-refused').innerText()).resolves.toBe(consentMessages.used);

    // The guardian's own record of what they agreed to.
    const confirmation = await mailTo(guardian, (caught) => caught.subject.startsWith('You consented'));
    expect(confirmation.text).toContain('as their parent or guardian');
    expect(confirmation.text).toContain('a monthly spending limit of A$30.00');
    await fillPaymentForm(player);
    await (await openCheckout(player)).close();

    // Only the guardian can change their limit: the player's page shows it, with no field, and asks them by email.
    await player.goto(storeUrl(ROUTES.limits));
    await expect(player.getByLabel(protectionsTexts.field).count()).resolves.toBe(0);
    const ask = player.getByTestId('guardian-limit');
    await expect(ask.innerText()).resolves.toContain(protectionsTexts.guardianLimit(guardian));
    await ask.getByRole('button', { name: protectionsTexts.askGuardian }).click();
    await ask.getByText(protectionsTexts.limitChangeAsked(guardian)).waitFor();
    expect(await axeViolations(player)).toEqual([]);
    await shootBothWidths(player, 'limits-guardian');
    const change = await mailTo(guardian, (caught) => caught.subject.includes('change their monthly limit'));
    expect(change.text).toContain('Their limit now: A$30.00 a month.');
    const changeLink = /(http\S+\/guardian-consent\?\S+)/.exec(change.text)?.[1] ?? '';
    await guardianPage.goto(changeLink);
    // As above: the page reads "Checking your link…" until the link's answer, which brings the form.
    await guardianPage.getByLabel(protectionsTexts.guardianLimitField).waitFor();
    await expect(guardianPage.locator('main').innerText()).resolves.toContain(protectionsTexts.guardianChangeAsked(playerEmail, 'A$30.00'));
    await guardianPage.getByLabel(protectionsTexts.guardianLimitField).fill('60');
    await guardianPage.getByLabel(protectionsTexts.guardianConfirm).check();
    await guardianPage.getByRole('button', { name: protectionsTexts.guardianSaveLimit }).click();
    await expect(guardianPage.getByTestId('consent-recorded').innerText()).resolves.toBe(protectionsTexts.guardianLimitSaved(playerEmail));
    // The player's page shows the new limit as it is saved, without a reload.
    await player.getByText(protectionsTexts.current('A$60.00')).waitFor({ timeout: 5_000 });
    await guardianPage.context().close();
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
