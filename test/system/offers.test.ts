import type { Firestore } from 'firebase-admin/firestore';
import { storedCatalogue } from '../../src/server/catalogue/publishedCatalogue';
import { firestoreCatalogue } from '../../src/server/catalogue/catalogueRepository';
import { paymentTexts } from '../../src/client/features/payment/paymentTexts';
import { offersTexts } from '../../src/client/features/offers/offersTexts';
import { supportTexts } from '../../src/client/features/support/supportTexts';
import { firestoreOffers } from '../../src/server/offers/offersRepository';
import { promoCodeMessages } from '../../src/server/offers/offerRules';
import { createOffer, startFirstPurchase } from '../../src/server/offers/offersService';
import { checkWithProvider } from '../../src/server/provider/providerCheck';
import type { OrderDeps } from '../../src/server/payments/paymentDeps';
import { startPayment } from '../../src/server/payments/startPayment';
import { firestoreOrderRepositories } from '../../src/server/orderRepositories';
import { silentLogger } from '../../src/server/lib/logger';
import { STARTING_PACKS } from '../../src/shared/startingCatalogue';
import { ROUTES, shopItemPath } from '../../src/shared/routes';
import { offerFormSchema } from '../../src/shared/validation/offer';
import { samplePaymentDetails, TEST_ADULT_BIRTH_DATE } from '../fixtures/samples';
import { startApiInstances, type ApiInstances } from '../../scripts/stack/testing/apiInstances';
import { axeViolations } from '../support/axe';
import { openPage, pageErrors, resizeViewport, saveScreenshot, sharedBrowser, shootBothWidths, sidewaysSpill, storeUrl } from '../../scripts/browser/browser';
import { namedDb, uniqueEmail } from '../support/emulatorAdmin';
import { fakeGateway } from '../support/fakeGateway';
import { waitForMailsAbout } from '../support/mailbox';
import { waitFor } from '../support/paymentsHarness';
import { npmCommand, supportCommand } from '../support/staff';
import { sharedStackSettings } from '../../scripts/stack/testing/sharedStackSettings';
import { fillPaymentForm, nav, openCheckout, signUp, waitForBalance } from '../../scripts/browser/storePages';

jest.setTimeout(150_000);

/**
 * Offers are the store's own state: a first-purchase bonus gives every new player's first order more gems.
 * So these tests run on a Firestore database of their own (FIRESTORE_DATABASE_ID), served by an API instance
 * of their own, and the other tests' purchases on the shared database stay exactly the pack's gems.
 */
const databaseId = `offers-${process.pid}`;
const ownDatabase = { FIRESTORE_DATABASE_ID: databaseId };
const browser = sharedBrowser();
const tiny = STARTING_PACKS[0]!;
const vault = STARTING_PACKS[5]!;
let instance: ApiInstances;
let sharedStoreUrl: string | undefined;
let db: Firestore;

beforeAll(async () => {
  // Its own addresses (the provider's return and callback come back to it), its own database, the shared rest.
  instance = await startApiInstances(1, { ...ownDatabase, PUBLIC_BASE_URL: '', API_PUBLIC_URL: '' });
  sharedStoreUrl = process.env.STORE_URL;
  process.env.STORE_URL = instance.urls[0];
  db = namedDb(databaseId);
});

afterAll(async () => {
  process.env.STORE_URL = sharedStoreUrl;
  await instance?.stop();
});

const ordersOf = async (email: string) => (await db.collection('transactions').where('email', '==', email).get()).docs.map((doc) => doc.data());

describe('offers, from the support console to the receipt and the refund', () => {
  it('staff create a code; the first-purchase bonus is credited once with the first order; an unknown code opens nothing; the code applies once; a refund takes back the bonus too', async () => {
    // Staff create a promo code on the console's offers screen; the change is audited with who made it.
    const staffPage = await openPage(browser(), { viewport: { width: 1280, height: 1000 } });
    const staffEmail = uniqueEmail('offers-staff');
    await signUp(staffPage, staffEmail);
    const granted = await supportCommand('grant', staffEmail, ownDatabase);
    expect(granted.output).toContain('is support staff');
    await staffPage.goto(storeUrl(ROUTES.supportOffers));
    await staffPage.getByRole('heading', { level: 1, name: supportTexts.offersTitle }).waitFor();
    const form = staffPage.getByRole('form', { name: supportTexts.newOfferHeading });
    const code = `DRAGON-${Date.now().toString(36).toUpperCase()}`;
    await form.getByLabel(supportTexts.offerFields.kind).selectOption('promoCode');
    await form.getByLabel(supportTexts.offerFields.title).fill('Dragon Week');
    await form.getByLabel(supportTexts.offerFields.bonusUnit).selectOption('gems');
    await form.getByLabel(supportTexts.offerFields.bonusAmount).fill('-5');
    await form.getByLabel(supportTexts.offerFields.code).fill(code.toLowerCase());
    await form.getByLabel(supportTexts.offerFields.totalUses).fill('1');
    await form.getByLabel(supportTexts.offerFields.perPlayerUses).fill('1');
    await form.getByRole('button', { name: supportTexts.saveOffer }).click();
    // Numbers are checked: no negative bonus.
    await form.getByText('The number of gems is a whole number from 1 to 100,000.').waitFor();
    await form.getByLabel(supportTexts.offerFields.bonusAmount).fill('500');
    await form.getByRole('button', { name: supportTexts.saveOffer }).click();
    await staffPage.getByRole('status').filter({ hasText: supportTexts.offerCreated('Dragon Week') }).waitFor();
    // Saved, the form is a blank new one again; the code's row opens it, with its audit trail.
    await expect(form.getByLabel(supportTexts.offerFields.title).inputValue()).resolves.toBe('');
    await expect(staffPage.getByTestId('offers-table').innerText()).resolves.toContain(code);
    await staffPage.getByRole('button', { name: `${supportTexts.edit} Dragon Week`, exact: true }).click();
    await expect(staffPage.getByTestId('offer-audit').innerText()).resolves.toContain(`created by ${staffEmail}`);
    expect(await axeViolations(staffPage)).toEqual([]);
    // And a time-boxed bonus on the Vault alone, with its real end.
    await staffPage.getByRole('button', { name: supportTexts.newOffer }).click();
    const next = staffPage.getByRole('form', { name: supportTexts.newOfferHeading });
    await next.getByLabel(supportTexts.offerFields.kind).selectOption('timeBoxed');
    await next.getByLabel(supportTexts.offerFields.title).fill('Dragon Weekend');
    await next.getByLabel(supportTexts.offerFields.bonusAmount).fill('20');
    await next.getByLabel(supportTexts.offerFields.packId).selectOption(String(vault.id));
    await next.getByLabel(`${supportTexts.offerFields.endsAt} (${sharedStackSettings().STORE_TIME_ZONE})`).fill('2099-01-03T23:59');
    await next.getByRole('button', { name: supportTexts.saveOffer }).click();
    await staffPage.getByRole('status').filter({ hasText: supportTexts.offerCreated('Dragon Weekend') }).waitFor();

    // The command line starts the first-purchase bonus; the console lists it beside the code.
    const started = await npmCommand(['offers', '--', 'start', 'first-purchase', '--percent', '100'], ownDatabase);
    expect(started).toEqual({ code: 0, output: expect.stringContaining('runs from now') });
    await staffPage.reload();
    await staffPage.getByTestId('offers-table').locator('[data-offer-id="first-purchase"]').waitFor();
    await shootBothWidths(staffPage, 'support-offers');
    // At 320 px, and at 200 % zoom (a 1280 px window is 640 CSS px), each offer is a card: nothing scrolls sideways.
    for (const width of [320, 640]) {
      await resizeViewport(staffPage, { width, height: 900 });
      expect(await sidewaysSpill(staffPage)).toEqual([]);
      expect((await staffPage.getByTestId('offers-table').boundingBox())!.width).toBeLessThanOrEqual(width);
      // The new offer's form stays inside its panel too.
      const outside = await staffPage.getByRole('form', { name: supportTexts.newOfferHeading }).evaluate((form) => {
        const right = form.getBoundingClientRect().right;
        return [...form.querySelectorAll<HTMLElement>('*')].filter((element) => element.getBoundingClientRect().right > right + 0.5).map((element) => `${element.tagName} ${element.id}`);
      });
      expect([width, outside]).toEqual([width, []]);
      await saveScreenshot(staffPage, `support-offers-cards-${width}`);
    }
    await resizeViewport(staffPage, { width: 1280, height: 1000 });

    // A new player sees the bonus on every pack, in gems.
    const page = await openPage(browser(), { viewport: { width: 1280, height: 1000 } });
    const email = uniqueEmail('offers-player');
    await signUp(page, email);
    await waitForBalance(page, '0');
    await nav(page).getByRole('link', { name: 'Shop' }).click();
    await expect(page.getByTestId(`pack-bonus-${tiny.id}`).innerText()).resolves.toMatch(/^\+1,000 bonus gems\s+First-purchase bonus$/);
    // On the Vault the larger of the two: the first-purchase bonus's 10,000 over the weekend's 2,000.
    await expect(page.getByTestId(`pack-bonus-${vault.id}`).innerText()).resolves.toContain('+10,000 bonus gems');
    await shootBothWidths(page, 'shop-first-purchase-bonus');
    expect(await axeViolations(page)).toEqual([]);

    // An unknown code: a clear error under its field, no tab, no order.
    await page.getByRole('button', { name: `Buy ${tiny.title}` }).click();
    await fillPaymentForm(page);
    await page.getByLabel(offersTexts.promoCodeLabel).fill('no-such-code');
    await page.getByRole('button', { name: 'Submit' }).click();
    const field = page.getByLabel(offersTexts.promoCodeLabel);
    await page.getByText(promoCodeMessages.unknown).waitFor();
    await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
    expect(page.context().pages()).toHaveLength(1);
    await expect(ordersOf(email)).resolves.toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    // The staff's code gives +500, less than the first-purchase bonus's +1,000: the form says a code replaces the
    // bonus before Apply, and after it keeps the larger unless the player chooses the code.
    const bonusNow = '+1,000 bonus gems (First-purchase bonus)';
    await field.fill(code);
    await expect(page.getByText(offersTexts.codeReplacesBonus(bonusNow)).count()).resolves.toBe(1);
    const apply = page.getByRole('button', { name: offersTexts.applyCode });
    await apply.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: offersTexts.codeKept(code, '+500 bonus gems', bonusNow) }).waitFor();
    await expect(page.getByRole('button', { name: offersTexts.useCodeInstead }).count()).resolves.toBe(1);
    // Focus stayed on the button through the check, not dropped to the page.
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(offersTexts.applyCode);
    await expect(page.getByTestId(`pack-bonus-${tiny.id}`).innerText()).resolves.toContain('+1,000 bonus gems');
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, 'payment-code-kept');

    // The first order, with the larger bonus: the pack's 1,000 gems and the bonus's 1,000, credited once. Every
    // screen says the same figure, from the order's record: the waiting card, the success card, the provider's
    // return tab, the history and the support console, and the balance moves by it.
    const landed = '+2,000 gems (1,000 + 1,000 bonus, First-purchase bonus)';
    const checkout = await openCheckout(page);
    await expect(page.getByTestId('pack-gems').innerText()).resolves.toBe(landed);
    await checkout.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('heading', { name: paymentTexts.successHeading }).waitFor({ timeout: 20_000 });
    await expect(page.getByTestId('gems-added').innerText()).resolves.toBe(landed);
    await checkout.getByRole('heading', { level: 1, name: paymentTexts.successHeading }).waitFor();
    await expect(checkout.getByTestId('gems-added').innerText()).resolves.toBe(landed);
    await checkout.close();
    await waitForBalance(page, '2,000');
    // The code was not used: its one use is still there.
    await expect(firestoreOffers(db).find(`code-${code}`)).resolves.toMatchObject({ uses: 0 });
    const [first] = await ordersOf(email);
    expect(first).toMatchObject({ gemCount: 1000, checked: 1, offer: { kind: 'firstPurchase', bonusGems: 1000 } });

    // The history, the receipt and the receipt email say +1,000 bonus gems.
    await page.goto(storeUrl(ROUTES.orders));
    await expect(page.getByTestId('order-gems').first().innerText()).resolves.toBe('+2,000 gems (1,000 + 1,000 bonus, First-purchase bonus)');
    await page.getByRole('link', { name: 'Receipt' }).first().click();
    await expect(page.getByTestId('receipt-bonus').innerText()).resolves.toBe('+1,000 bonus gems (First-purchase bonus)');
    await shootBothWidths(page, 'receipt-bonus');
    const [receipt] = (await waitForMailsAbout(first!.order_id, (mails) => mails.some((mail) => mail.subject.includes('receipt')))).filter((mail) => mail.subject.includes('receipt'));
    expect(receipt!.text).toContain('2,000 gems have been added');
    expect(receipt!.text).toContain('+1,000 bonus gems (First-purchase bonus)');

    // Paid once: the shop offers it no more.
    const offersRead = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/api/offers'));
    await page.goto(storeUrl(ROUTES.shop));
    await offersRead;
    await expect(page.getByTestId(`pack-bonus-${tiny.id}`).count()).resolves.toBe(0);

    // The staff's code, applied before Submit, then credited with the order.
    await page.goto(storeUrl(shopItemPath(tiny.id)));
    await fillPaymentForm(page);
    await page.getByLabel(offersTexts.promoCodeLabel).fill(code.toLowerCase());
    await page.getByRole('button', { name: offersTexts.applyCode }).click();
    await page.getByRole('status').filter({ hasText: offersTexts.codeApplied('+500 bonus gems (Dragon Week)') }).waitFor();
    // Apply became Remove Code where focus was; Remove Code gives focus to the field, to type another.
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(offersTexts.removeCode);
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('field-promoCode');
    await page.keyboard.type(code);
    await page.getByRole('button', { name: offersTexts.applyCode }).click();
    await page.getByRole('status').filter({ hasText: offersTexts.codeApplied('+500 bonus gems (Dragon Week)') }).waitFor();
    // Beside the form, the pack's bonus is now the code's: the one this order gets.
    await expect(page.getByTestId(`pack-bonus-${tiny.id}`).innerText()).resolves.toMatch(/^\+500 bonus gems\s+Dragon Week$/);
    const second = await openCheckout(page);
    await expect(page.getByTestId('pack-gems').innerText()).resolves.toBe('+1,500 gems (1,000 + 500 bonus, Dragon Week)');
    await second.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('heading', { name: paymentTexts.successHeading }).waitFor({ timeout: 20_000 });
    await expect(page.getByTestId('gems-added').innerText()).resolves.toBe('+1,500 gems (1,000 + 500 bonus, Dragon Week)');
    await second.close();
    await waitForBalance(page, '3,500');
    // Its one use is taken: nobody else can use it.
    await expect(firestoreOffers(db).find(`code-${code}`)).resolves.toMatchObject({ uses: 1 });

    // A refund of the first order takes back its 2,000 gems: the pack's and the bonus's.
    await page.goto(storeUrl(ROUTES.orders));
    await page.locator(`[data-order-id="${first!.order_id}"]`).getByRole('link', { name: 'Receipt' }).click();
    const refunds = page.getByRole('region', { name: 'Refunds' });
    await refunds.getByRole('button', { name: 'Request a refund' }).click();
    await refunds.getByLabel('Why would you like a refund?').fill('I bought it twice by mistake.');
    await refunds.getByRole('button', { name: 'Send refund request' }).click();
    await refunds.getByRole('status').filter({ hasText: 'Thank you: your refund request is in.' }).waitFor();
    await staffPage.goto(storeUrl(`/support/orders/${first!.order_id}`));
    await expect(staffPage.getByTestId('order-gems').innerText()).resolves.toBe('+2,000 gems (1,000 + 1,000 bonus, First-purchase bonus)');
    await staffPage.getByRole('button', { name: 'Approve refund' }).click();
    await staffPage.getByText("Return A$15.99 to the player's card and take back 2,000 gems?").waitFor();
    await staffPage.getByRole('button', { name: 'Yes, approve the refund' }).click();
    await staffPage.getByRole('status').filter({ hasText: /^Refund approved/ }).waitFor();
    await waitForBalance(page, '1,500');

    // Ended from the command line: a new order gets no bonus.
    expect((await npmCommand(['offers', '--', 'end', 'first-purchase'], ownDatabase)).output).toContain('has ended');
    const visitorShop = await openPage(browser());
    const read = visitorShop.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/api/offers'));
    await visitorShop.goto(storeUrl(ROUTES.shop));
    await read;
    await expect(visitorShop.getByTestId(`pack-bonus-${tiny.id}`).count()).resolves.toBe(0);
    // The weekend's bonus still runs: in gems, with its end as a date and time in the store's zone, no countdown.
    await expect(visitorShop.getByTestId(`pack-bonus-${vault.id}`).innerText()).resolves.toMatch(/^\+2,000 bonus gems\s+Dragon Weekend\s+Ends 3 Jan 2099, 11:59 pm AEDT$/);
    await shootBothWidths(visitorShop, 'shop-time-boxed-bonus');

    // Ending an offer takes a second press: Keep it running changes nothing; Yes ends it, and its row says when.
    await staffPage.goto(storeUrl(ROUTES.supportOffers));
    await staffPage.getByRole('button', { name: `${supportTexts.edit} Dragon Weekend` }).click();
    await staffPage.getByRole('button', { name: supportTexts.endOffer }).click();
    await staffPage.getByText(supportTexts.endOfferQuestion('Dragon Weekend')).waitFor();
    await expect(staffPage.evaluate(() => document.activeElement?.textContent)).resolves.toBe(supportTexts.endOfferKeep);
    await staffPage.keyboard.press('Enter');
    await staffPage.getByRole('button', { name: supportTexts.endOffer }).waitFor();
    await expect(staffPage.locator('[data-offer-id]', { hasText: 'Dragon Weekend' }).innerText()).resolves.toContain(supportTexts.running);
    await staffPage.getByRole('button', { name: supportTexts.endOffer }).click();
    await staffPage.getByRole('button', { name: supportTexts.endOfferConfirm }).click();
    await staffPage.getByRole('status').filter({ hasText: supportTexts.offerEndedNow('Dragon Weekend') }).waitFor();
    const endedRow = await staffPage.locator('[data-offer-id]', { hasText: 'Dragon Weekend' }).innerText();
    expect(endedRow).toContain(supportTexts.endedState);
    expect(endedRow).toMatch(/– ended \d/);
    expect(endedRow).not.toContain(supportTexts.noEnd);

    const afterEnd = visitorShop.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/api/offers'));
    await visitorShop.reload();
    await afterEnd;
    await expect(visitorShop.getByTestId(`pack-bonus-${vault.id}`).count()).resolves.toBe(0);

    expect(pageErrors(page)).toEqual([]);
    expect(pageErrors(staffPage)).toEqual([]);
    await Promise.all([page.context().close(), staffPage.context().close(), visitorShop.context().close()]);
  });
});

describe('offers under racing orders, on the emulator', () => {
  const settings = { ...sharedStackSettings(), FIRESTORE_DATABASE_ID: databaseId };
  const provider = fakeGateway();
  const deps = (): OrderDeps => ({ settings, ...firestoreOrderRepositories(db, settings), offers: firestoreOffers(db), catalogue: storedCatalogue(firestoreCatalogue(db)), gateway: provider.gateway, log: silentLogger });
  const adult = (uid: string) => db.doc(`player_protections/${uid}`).set({ birthDate: TEST_ADULT_BIRTH_DATE, updatedAt: 1 });

  it('eight players racing for a code with one use left: one order is made with it, credited once however many confirmations race', async () => {
    const code = `RACE-${Date.now().toString(36).toUpperCase()}`;
    const form = offerFormSchema(settings.STORE_TIME_ZONE).parse({
      kind: 'promoCode', title: 'Race', bonusUnit: 'gems', bonusAmount: '300', packId: '', startsAt: '2020-01-01T00:00', endsAt: '', code, totalUses: '1', perPlayerUses: '',
    });
    await createOffer(deps(), 'staff@wyrmcrown.example', form);
    const players = Array.from({ length: 8 }, (_, index) => `race-${process.pid}-${index}`);
    await Promise.all(players.map(adult));
    const outcomes = await Promise.allSettled(players.map((uid) => startPayment(deps(), uid, { packId: tiny.id, details: samplePaymentDetails, promoCode: code })));
    const made = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value.orderId] : []));
    expect(made).toHaveLength(1);
    for (const outcome of outcomes) if (outcome.status === 'rejected') expect((outcome.reason as { status: number }).status).toBe(422);
    await expect(firestoreOffers(db).find(`code-${code}`)).resolves.toMatchObject({ uses: 1 });
    const withCode = await db.collection('transactions').where('offer.code', '==', code).get();
    expect(withCode.docs.map((doc) => doc.id)).toEqual(made);

    provider.statuses.set(made[0]!, 'paid');
    const confirmations = await Promise.all(Array.from({ length: 5 }, () => checkWithProvider(deps(), made[0]!, 'check')));
    expect(confirmations.filter((confirmation) => confirmation?.creditedNow)).toHaveLength(1);
    const owner = (await db.doc(`transactions/${made[0]}`).get()).data()!.userId as string;
    expect((await db.doc(`users/${owner}`).get()).data()?.gemCount).toBe(tiny.gemCount + 300);
  });

  it('two orders of one player under the first-purchase bonus, paid at once: the bonus is credited with one of them only', async () => {
    await startFirstPurchase(deps(), 'npm run offers', 50);
    const uid = `first-${process.pid}-${Date.now()}`;
    await adult(uid);
    const orders = [];
    for (let index = 0; index < 2; index += 1) orders.push((await startPayment(deps(), uid, { packId: tiny.id, details: samplePaymentDetails })).orderId);
    for (const orderId of orders) provider.statuses.set(orderId, 'paid');
    await Promise.all(orders.flatMap((orderId) => [checkWithProvider(deps(), orderId, 'check'), checkWithProvider(deps(), orderId, 'sweep')]));
    await waitFor(async () => (await db.doc(`users/${uid}`).get()).data()?.gemCount, (gems) => gems === 2 * tiny.gemCount + 500);
    expect((await db.doc(`users/${uid}`).get()).data()?.gemCount).toBe(2 * tiny.gemCount + 500);
    const offers = await Promise.all(orders.map(async (orderId) => (await db.doc(`transactions/${orderId}`).get()).data()!.offer));
    expect(offers.map((offer) => offer.bonusGems).sort()).toEqual([0, 500]);
    expect((await db.doc(`first_purchase_bonuses/${uid}`).get()).data()?.orderId).toBe(orders[offers.findIndex((offer) => offer.bonusGems === 500)]);
  });
});
