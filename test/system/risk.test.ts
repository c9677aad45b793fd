import { API_ROUTES, apiPath } from '../../src/shared/api';
import { COLLECTIONS } from '../../src/shared/firestorePaths';
import { RISK_REFUSED } from '../../src/shared/risk/riskTexts';
import type { PackForm } from '../../src/shared/validation/catalogue';
import { samplePaymentDetails } from '../fixtures/samples';
import { isolatedStore, type IsolatedStore } from '../support/isolatedStore';
import { sandboxControl, stackSettings, type TestPlayer } from '../support/paymentsHarness';
import { openPage, pageErrors, sharedBrowser, shootBothWidths } from '../../scripts/browser/browser';
import { axeViolations } from '../support/axe';
import { ROUTES, shopItemPath, supportOrderPath } from '../../src/shared/routes';
import { fillPaymentForm, openCheckout } from '../../scripts/browser/storePages';
import { THREE_DS_FAILED_TEXT } from '../../src/shared/risk/threeDSecure';
import { dateIn } from '../../src/shared/protections/age';
import { DEFAULT_RISK_RULES } from '../../src/shared/risk/riskRules';

/**
 * Stolen cards on the real stack (an isolated store on the shared emulators and sandbox, believing the loopback proxy's
 * X-Forwarded-For so each test is its own address): a card-testing attack stopped at the door, a returning player let
 * through, and 3-D Secure asked where a rule says.
 */
jest.setTimeout(300_000);

const browser = sharedBrowser();
let store: IsolatedStore;
let staff: TestPlayer;
/** An order the 3-D Secure test paid, for support's page. */
let challengedOrder = '';

beforeAll(async () => {
  store = await isolatedStore('risk', { TRUST_PROXY: '127.0.0.1' });
  staff = await store.newStaff();
});
afterAll(async () => {
  await store?.stop();
});

/** A payment started from `address` (as the proxy reports it), as the page sends it. */
async function start(player: TestPlayer, address: string, packId = 1, browserId = `b-${player.uid}`.padEnd(20, 'x').slice(0, 40)) {
  const response = await fetch(`${store.url}${apiPath(API_ROUTES.payments)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${player.idToken}`, 'X-Forwarded-For': address },
    body: JSON.stringify({ packId, ...samplePaymentDetails, browserId }),
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** Pays at the provider's hosted checkout with `card` (pressing Pay), then brings the return back as the page does; answers the order as the store reads it. */
async function payAtCheckout(player: TestPlayer, checkoutUrl: string, card: string, answerChallenge?: 'confirm' | 'fail') {
  let response = await fetch(`${checkoutUrl}/pay`, { method: 'POST', body: new URLSearchParams({ method: 'card', card }), redirect: 'manual' });
  let location = response.headers.get('location')!;
  if (location.endsWith('/challenge')) {
    // The card's bank asks its cardholder: its page is served, and its answer ends the payment.
    const page = await (await fetch(new URL(location, checkoutUrl))).text();
    expect(page).toContain('Confirm this payment with your bank');
    response = await fetch(new URL(`${location}/${answerChallenge}`, checkoutUrl), { method: 'POST', redirect: 'manual' });
    location = response.headers.get('location')!;
  }
  const parameters = Object.fromEntries(new URL(location).searchParams);
  return (await store.call('POST', API_ROUTES.paymentReturn, player.idToken, parameters)).body;
}

const stackTimeZone = () => stackSettings.STORE_TIME_ZONE;

const transactionsOf = async (uids: string[]) =>
  (await Promise.all(uids.map(async (uid) => (await store.db.collection(COLLECTIONS.transactions).where('userId', '==', uid).get()).docs.map((doc) => doc.data())))).flat();

it('a card-testing attack: 50 starts from 3 new accounts on one address with 10 cards, 8 in 10 declined, reach the provider at most 5 times; the rest are refused with words, nothing held or charged', async () => {
  const attackers = await Promise.all([0, 1, 2].map(() => store.newPlayer()));
  // Eight cards of the bank's declined range, two that pass: ten different cards, as a tester's list.
  const cards = ['4000000000000002', '4000000000000010', '4242424242424242', '4000000000000028', '4000000000000036', '4000000000000044', '5555555555554444', '4000000000000051', '4000000000000069', '4000000000000077'];
  const address = '203.0.113.66';
  const reached: string[] = [];
  const refusals: Array<{ status: number; error: string }> = [];
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const attacker = attackers[attempt % 3]!;
    // A tester rotates browsers as well: a new id each time.
    const started = await start(attacker, address, 1, `rotating-browser-${attempt}`.padEnd(20, '0'));
    if (started.status === 201) {
      reached.push(started.body.orderId);
      await payAtCheckout(attacker, started.body.checkoutUrl, cards[reached.length % cards.length]!);
    } else refusals.push({ status: started.status, error: started.body.error });
  }
  expect(reached.length).toBeGreaterThanOrEqual(3);
  expect(reached.length).toBeLessThanOrEqual(5);
  expect(refusals).toHaveLength(50 - reached.length);
  for (const refusal of refusals) {
    expect(refusal.status).toBe(403);
    expect(refusal.error).toContain(RISK_REFUSED);
    expect(refusal.error).toMatch(/You can try again in \d+ minutes/);
  }
  // Only the orders that reached the provider exist; no place is held for a refused one; only a passing card was charged.
  const orders = await transactionsOf(attackers.map((attacker) => attacker.uid));
  expect(orders.map((order) => order.order_id).sort()).toEqual([...reached].sort());
  for (const attacker of attackers) {
    const slots = (await store.db.collection(COLLECTIONS.openOrderSlots).doc(attacker.uid).get()).data()?.slots ?? {};
    expect(Object.keys(slots).every((orderId) => reached.includes(orderId))).toBe(true);
  }
  const atProvider = await Promise.all(reached.map((orderId) => sandboxControl('GET', `/orders/${orderId}`)));
  expect(atProvider.filter((order) => order.status === 'paid').length).toBeLessThanOrEqual(2);
  expect(orders.filter((order) => order.status === 'failed').every((order) => /^card:visa:\d{4}$/.test(order.payMethod))).toBe(true);
  // The refusals are on the day's counts, and support's order page shows an allowed order's decision and signals.
  const detail = await store.call('GET', API_ROUTES.supportOrder, staff.idToken, undefined, { orderId: reached[0]! });
  expect(detail.body.risk).toMatchObject({ action: 'allow', signals: { accountAgeDays: expect.any(Number), firstPurchase: 1 } });

  // Staff clear one attacker (their support ticket checked out): that account may start again from the address.
  expect((await store.call('POST', API_ROUTES.supportPlayerRiskClear, staff.idToken, undefined, { uid: attackers[0]!.uid })).status).toBe(200);
  expect((await start(attackers[0]!, address)).status).toBe(201);
  expect((await start(attackers[1]!, address)).status).toBe(403);
});

it('a returning adult with two paid orders buying a pack like their last is allowed, without 3-D Secure', async () => {
  const player = await store.newPlayer();
  const address = '198.51.100.23';
  for (let paid = 0; paid < 2; paid += 1) {
    const started = await start(player, address);
    expect(started.status).toBe(201);
    expect((await payAtCheckout(player, started.body.checkoutUrl, '4242424242424242')).status).toBe('paid');
  }
  const again = await start(player, address);
  expect(again.status).toBe(201);
  const order = (await store.db.collection(COLLECTIONS.transactions).doc(again.body.orderId).get()).data()!;
  expect(order.risk).toMatchObject({ action: 'allow', ruleId: null, signals: { paidOrders: 2, amountOverLast: 1, firstPurchase: 0 } });
  expect(order.three_ds).toBeUndefined();
  expect((await sandboxControl('GET', `/orders/${again.body.orderId}`)).request.three_ds).toBeUndefined();
});

it('3-D Secure above A$100 on accounts under 7 days old: the sandbox challenges; passed, the order, support and the evidence pack say authenticated; failed, the order is unpaid and says so', async () => {
  // A pack above A$100 on this store's shelf.
  const view = (await store.call('GET', API_ROUTES.supportCatalogue, staff.idToken)).body;
  const packs = (view.draft.packs as PackForm[]).map((pack) => (String(pack.id) === '6' ? { ...pack, price: '119.99' } : pack));
  const saved = await store.call('PUT', API_ROUTES.supportCatalogueDraft, staff.idToken, { revision: view.draft.revision, packs });
  expect(saved.status).toBe(200);
  expect((await store.call('POST', API_ROUTES.supportCataloguePublish, staff.idToken, { version: saved.body.published.version, revision: saved.body.draft.revision })).status).toBe(200);

  const buyer = await store.newPlayer();
  const started = await start(buyer, '198.51.100.40', 6);
  expect(started.status).toBe(201);
  expect((await sandboxControl('GET', `/orders/${started.body.orderId}`)).request.three_ds).toBe('challenge');
  expect((await payAtCheckout(buyer, started.body.checkoutUrl, '4242424242424242', 'confirm')).status).toBe('paid');
  const order = (await store.db.collection(COLLECTIONS.transactions).doc(started.body.orderId).get()).data()!;
  expect(order).toMatchObject({ status: 'paid', threeDSecure: 'authenticated', risk: { action: 'challenge', ruleId: 'new-account-large' } });
  challengedOrder = started.body.orderId;
  const detail = await store.call('GET', API_ROUTES.supportOrder, staff.idToken, undefined, { orderId: started.body.orderId });
  expect(detail.body.threeDSecure).toBe('authenticated');
  // The bank disputes it as fraud: the evidence pack names the liability shift.
  await sandboxControl('POST', `/orders/${started.body.orderId}/dispute`, { stage: 'opened', reasonCode: '10.4' });
  const dispute = await waitForDispute(started.body.orderId);
  expect(dispute.payment.threeDSecure).toBe('authenticated');
  expect(dispute.text).toContain('3-D Secure: authenticated (the cardholder confirmed it with their bank; liability shifted to the card’s bank).');

  // Another new buyer (the first one's buying is paused by the dispute) fails the bank's check.
  const another = await store.newPlayer();
  const failing = await start(another, '198.51.100.41', 6);
  expect(failing.status).toBe(201);
  const failed = await payAtCheckout(another, failing.body.checkoutUrl, '4242424242424242', 'fail');
  expect(failed.status).toBe('failed');
  expect(failed.threeDSecure).toBe('failed');
});

it('in a browser: the bank’s challenge page, failed, and the store’s payment screen says why nothing was taken', async () => {
  // Pack 6 is A$119.99 on this store since the test before: a new account's purchase of it is challenged.
  const buyer = await store.newPlayer();
  const page = await openPage(browser(), { viewport: { width: 375, height: 812 } });
  await store.signInOnPage(page, buyer.email);
  await page.goto(`${store.url}${shopItemPath(6)}`);
  await fillPaymentForm(page);
  const checkout = await openCheckout(page);
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await checkout.getByRole('heading', { name: 'Confirm this payment with your bank' }).waitFor();
  expect(await axeViolations(checkout)).toEqual([]);
  await shootBothWidths(checkout, 'three-ds-challenge');
  await checkout.getByRole('button', { name: 'Fail the check' }).click();
  await page.getByText(THREE_DS_FAILED_TEXT).waitFor({ timeout: 20_000 });
  expect(await page.getByRole('alert').innerText()).toContain(THREE_DS_FAILED_TEXT);
  expect(await axeViolations(page)).toEqual([]);
  await shootBothWidths(page, 'three-ds-failed');
  expect(pageErrors(page)).toEqual([]);
  await page.context().close();
});

async function waitForDispute(orderId: string): Promise<any> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const found = await store.call('GET', API_ROUTES.supportDispute, staff.idToken, undefined, { orderId });
    if (found.status === 200) return found.body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No dispute on ${orderId}`);
}

it('a dry-run rule records its would-be decisions and changes nothing; the overview’s schemes panel counts them with the refusals, challenges and the fraud dispute made above', async () => {
  const view = (await store.call('GET', API_ROUTES.supportRisk, staff.idToken)).body;
  const dryRun = { id: 'every-payment-dry', name: 'Every payment (trial)', when: [{ signal: 'amountCents', op: '>', value: 0 }], action: 'refuse', mode: 'dryRun' };
  const saved = await store.call('PUT', API_ROUTES.supportRisk, staff.idToken, { version: view.ruleSet.version, rules: [...DEFAULT_RISK_RULES, dryRun] });
  expect(saved.status).toBe(200);
  expect(saved.body.audit[0]).toMatchObject({ by: staff.email, version: view.ruleSet.version + 1 });
  // Saved again from the version before: another staff member's change is not overwritten.
  expect((await store.call('PUT', API_ROUTES.supportRisk, staff.idToken, { version: view.ruleSet.version, rules: [...DEFAULT_RISK_RULES] })).status).toBe(409);

  const buyer = await store.newPlayer();
  const started = await start(buyer, '198.51.100.77');
  expect(started.status).toBe(201);
  const order = (await store.db.collection(COLLECTIONS.transactions).doc(started.body.orderId).get()).data()!;
  expect(order.risk).toMatchObject({ action: 'allow', wouldHave: [{ ruleId: 'every-payment-dry', action: 'refuse' }] });

  const month = dateIn(stackTimeZone(), Date.now()).slice(0, 7);
  const schemes = (await store.call('GET', API_ROUTES.supportOverviewSchemes, staff.idToken)).body;
  const thisMonth = schemes.months.find((row: any) => row.period === month);
  expect(thisMonth).toMatchObject({ riskDryRun: 1, fraudDisputes: 1, disputes: 1 });
  expect(thisMonth.riskRefused).toBeGreaterThanOrEqual(45);
  // Three challenged: the two 3-D Secure payments through the API, and the one in the browser.
  expect(thisMonth.riskChallenged).toBe(3);
  expect(thisMonth.fraudRate.byCount).toBeCloseTo(1 / thisMonth.paid, 10);
  expect(schemes.quarters.at(-1)).toMatchObject({ riskDryRun: 1, fraudDisputes: 1 });

  // As staff read it in the console: the panel, the rules page and an order's decision, at both widths, axe clean.
  const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
  await store.signInOnPage(page, staff.email);
  await page.goto(`${store.url}${ROUTES.supportOverview}`);
  const months = page.getByTestId('schemes-months-table');
  await months.waitFor();
  expect(await months.innerText()).toContain(month);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('heading', { name: 'Fraud and disputes against the card schemes’ marks' }).scrollIntoViewIfNeeded();
  await shootBothWidths(page, 'risk-schemes');
  await page.goto(`${store.url}${ROUTES.supportRisk}`);
  await page.getByTestId('risk-rule-every-payment-dry').waitFor();
  expect(await page.getByTestId('risk-version').innerText()).toContain(`by ${staff.email}`);
  expect(await axeViolations(page)).toEqual([]);
  await shootBothWidths(page, 'risk-rules');
  await page.goto(`${store.url}${supportOrderPath(challengedOrder)}`);
  await page.getByTestId('order-risk').waitFor();
  expect(await page.getByTestId('order-three-ds').innerText()).toContain('authenticated');
  expect(await page.getByTestId('order-risk-decision').innerText()).toBe('3-D Secure asked');
  expect(await axeViolations(page)).toEqual([]);
  await shootBothWidths(page, 'risk-order');
  expect(pageErrors(page)).toEqual([]);
  await page.context().close();
});
