import { API_ROUTES, apiPath } from '../../src/shared/api';
import { COLLECTIONS } from '../../src/shared/firestorePaths';
import { experimentOf, HOLDOUT_ARM } from '../../src/shared/offers/experiment';
import { armOf } from '../../src/server/offers/armAssignment';
import type { Offer } from '../../src/shared/offers/offer';
import { receiptPath, ROUTES } from '../../src/shared/routes';
import { samplePaymentDetails } from '../fixtures/samples';
import { isolatedStore, type IsolatedStore } from '../support/isolatedStore';
import { completeInSandbox, type TestPlayer } from '../support/paymentsHarness';
import { startApiInstances } from '../../scripts/stack/testing/apiInstances';
import { openPage, pageErrors, sharedBrowser, shootBothWidths } from '../../scripts/browser/browser';
import { axeViolations } from '../support/axe';

/**
 * Offers to an audience and offers measured against a holdout, on the real stack (an isolated store: its offers reach
 * only its own players): who gets a lapsed-player bonus, that nobody under 18 is placed, that a player's arm is the same
 * on every instance and after a restart, that an arm's bonus is credited once and named on the receipt while the
 * holdout's orders carry their arm and no bonus, and the overview's panel with its intervals.
 */
jest.setTimeout(240_000);

const browser = sharedBrowser();
let store: IsolatedStore;
let staff: TestPlayer;
const DAY_MS = 86_400_000;
const POUCH = { id: 3, gemCount: 3500 };
/** A player of 16: old enough to buy alone, too young for any tailored offer. */
const SIXTEEN = '2010-06-01';

beforeAll(async () => {
  store = await isolatedStore('experiments');
  staff = await store.newStaff();
});
afterAll(async () => {
  await store?.stop();
});

const offerForm = (overrides: Record<string, string>) => ({
  kind: 'timeBoxed',
  bonusUnit: 'percent',
  packId: '',
  startsAt: '2020-01-01T00:00',
  endsAt: '2099-01-01T00:00',
  code: '',
  totalUses: '',
  perPlayerUses: '',
  ...overrides,
});

async function createOffer(form: Record<string, string>): Promise<Offer> {
  const made = await store.call('POST', API_ROUTES.supportOffers, staff.idToken, offerForm(form));
  expect(made.status).toBe(201);
  return made.body as Offer;
}

async function startOrder(player: TestPlayer, url = store.url): Promise<string> {
  const response = await fetch(`${url}${apiPath(API_ROUTES.payments)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${player.idToken}` },
    body: JSON.stringify({ packId: POUCH.id, ...samplePaymentDetails }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { orderId: string }).orderId;
}

/** Paid at the provider and brought back by the player, as the store answers the return. */
async function pay(player: TestPlayer, orderId: string) {
  const returned = await store.call('POST', API_ROUTES.paymentReturn, player.idToken, await completeInSandbox(orderId));
  expect(returned.body).toMatchObject({ status: 'paid' });
  return returned.body;
}

const orderOf = async (orderId: string) => (await store.db.collection(COLLECTIONS.transactions).doc(orderId).get()).data()!;
const shopOffersOf = async (player: TestPlayer, url = store.url) =>
  ((await (await fetch(`${url}${apiPath(API_ROUTES.offers)}`, { headers: { Authorization: `Bearer ${player.idToken}` } })).json()) as { offers: Array<{ id: string; audience?: string; bonusByPack: Record<number, number> }> }).offers;

it('a lapsed-player bonus goes to a player whose last payment is 40 days old, not to one who paid yesterday, and never to a player under 18', async () => {
  const lapsed = await store.newPlayer();
  const recent = await store.newPlayer();
  const young = await store.newPlayer(SIXTEEN);
  // Each paid once; the store's clock for their last payment moved back (the order's own record, as the audience reads it).
  for (const [player, daysAgo] of [[lapsed, 40], [recent, 1], [young, 40]] as const) {
    const orderId = await startOrder(player);
    await pay(player, orderId);
    await store.db.collection(COLLECTIONS.transactions).doc(orderId).update({ paidAt: Date.now() - daysAgo * DAY_MS });
  }
  const offer = await createOffer({ title: 'Welcome back', bonusAmount: '20', audience: 'lapsed', audienceValue: '30' });
  expect(offer.audience).toEqual([{ rule: 'lapsed', days: 30 }]);

  expect(await shopOffersOf(lapsed)).toEqual([expect.objectContaining({ id: offer.id, audience: 'A bonus for players returning after a while', bonusByPack: expect.objectContaining({ [POUCH.id]: 700 }) })]);
  expect(await shopOffersOf(recent)).toEqual([]);
  expect(await shopOffersOf(young)).toEqual([]);
  const back = await orderOf(await startOrder(lapsed));
  expect(back.offer).toMatchObject({ id: offer.id, bonusGems: 700 });
  expect(back.amount).toBe('45.99');
  for (const player of [recent, young]) expect((await orderOf(await startOrder(player))).offer).toBeUndefined();
  // Ended, so the next tests' players meet only their own offers.
  expect((await store.call('POST', API_ROUTES.supportOfferEnd, staff.idToken, undefined, { offerId: offer.id })).status).toBe(200);
});

it('an experiment places each adult in the same arm on three instances and after a restart, credits an arm’s bonus once and names it on the receipt, gives the holdout none, and never places a player under 18', async () => {
  const offer = await createOffer({ title: 'Dragon bonus', bonusAmount: '10', holdoutPercent: '50' });
  const experiment = experimentOf({ id: offer.id, experiment: offer.experiment! });
  // Players until both arms have one (the arm is a hash of the uid: about one in two each).
  const players: TestPlayer[] = [];
  while (!(players.some((player) => armOf(experiment, player.uid) === HOLDOUT_ARM) && players.some((player) => armOf(experiment, player.uid) !== HOLDOUT_ARM)) && players.length < 12) players.push(await store.newPlayer());
  const inArm = players.find((player) => armOf(experiment, player.uid) !== HOLDOUT_ARM)!;
  const heldOut = players.find((player) => armOf(experiment, player.uid) === HOLDOUT_ARM)!;
  const young = await store.newPlayer(SIXTEEN);

  // Three instances on this store's database: each shows the player their arm's bonus (or none), and records the same arm.
  const more = await startApiInstances(2, { FIRESTORE_DATABASE_ID: store.databaseId });
  const urls = [store.url, ...more.urls];
  let paidInArm: string | undefined;
  try {
    for (const url of urls) {
      expect(await shopOffersOf(inArm, url)).toEqual([expect.objectContaining({ id: offer.id, bonusByPack: expect.objectContaining({ [POUCH.id]: 350 }) })]);
      expect(await shopOffersOf(heldOut, url)).toEqual([]);
      expect(await shopOffersOf(young, url)).toEqual([]);
    }
    const made = [await startOrder(inArm, urls[1]), await startOrder(heldOut, urls[2])];
    const [armOrder, holdoutOrder] = await Promise.all(made.map(orderOf));
    expect(armOrder!.experiments).toEqual([{ experimentId: offer.id, arm: armOf(experiment, inArm.uid) }]);
    expect(armOrder!.offer).toMatchObject({ id: offer.id, title: 'Dragon bonus', bonusGems: 350 });
    expect(holdoutOrder!.experiments).toEqual([{ experimentId: offer.id, arm: HOLDOUT_ARM }]);
    expect(holdoutOrder!.offer).toBeUndefined();
    expect(holdoutOrder!.amount).toBe(armOrder!.amount);
    paidInArm = made[0]!;
    await pay(inArm, paidInArm);
    await pay(inArm, paidInArm);
    await pay(heldOut, made[1]!);
    expect((await store.db.collection(COLLECTIONS.users).doc(inArm.uid).get()).get('gemCount')).toBe(POUCH.gemCount + 350);
    expect((await store.db.collection(COLLECTIONS.users).doc(heldOut.uid).get()).get('gemCount')).toBe(POUCH.gemCount);
  } finally {
    await more.stop();
  }
  // A restart: a new instance places them as before.
  const restarted = await startApiInstances(1, { FIRESTORE_DATABASE_ID: store.databaseId });
  try {
    const again = await orderOf(await startOrder(inArm, restarted.urls[0]));
    expect(again.experiments).toEqual([{ experimentId: offer.id, arm: armOf(experiment, inArm.uid) }]);
    const teen = await orderOf(await startOrder(young, restarted.urls[0]));
    expect(teen.experiments).toBeUndefined();
    expect(teen.offer).toBeUndefined();
  } finally {
    await restarted.stop();
  }
  // Each player shown it once, whatever the instance; the player under 18 never.
  const shown = (await store.db.collection(COLLECTIONS.experimentPlayers).get()).docs.map((doc) => doc.data());
  expect(shown.map((entry) => entry.uid).sort()).toEqual([heldOut.uid, inArm.uid].sort());

  // The receipt names the bonus as credited; the overview shows the experiment with its intervals and the sample-ratio check.
  const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
  await store.signInOnPage(page, inArm.email);
  await page.goto(`${store.url}${receiptPath(paidInArm!)}`);
  await page.getByTestId('receipt-bonus').waitFor();
  expect(await page.getByTestId('receipt-bonus').innerText()).toBe('+350 bonus gems (Dragon bonus)');
  await page.context().close();

  const results = await store.call('GET', API_ROUTES.supportExperiments, staff.idToken);
  const result = results.body.experiments.find((each: any) => each.offerId === offer.id);
  const arm = result.arms.find((each: any) => each.arm !== HOLDOUT_ARM);
  expect(arm).toMatchObject({ buyers: 1, paidOrders: 1, netCents: 4599, bonus: '+10 %' });
  expect(result.arms.find((each: any) => each.arm === HOLDOUT_ARM)).toMatchObject({ buyers: 1, paidOrders: 1, netCents: 4599 });
  expect(arm.conversion.low).toBeLessThanOrEqual(arm.conversion.estimate);
  expect(arm.againstHoldout.low).toBeLessThanOrEqual(0);
  const console = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
  await store.signInOnPage(console, staff.email);
  await console.goto(`${store.url}${ROUTES.supportOverview}`);
  const panel = console.locator(`[data-testid="experiment"][data-offer-id="${offer.id}"]`);
  await panel.waitFor();
  expect(await panel.getByTestId('sample-ratio').innerText()).toMatch(/^Sample-ratio check: the arms’ sizes are as weighted/);
  expect(await panel.locator('table').innerText()).toContain('Holdout (no bonus)');
  expect(await axeViolations(console)).toEqual([]);
  await panel.scrollIntoViewIfNeeded();
  await shootBothWidths(console, 'experiments');
  expect(pageErrors(console)).toEqual([]);
  await console.context().close();
  // Ended, so the next tests' players are in no arm of it.
  expect((await store.call('POST', API_ROUTES.supportOfferEnd, staff.idToken, undefined, { offerId: offer.id })).status).toBe(200);
});

it('a player who turns tailored offers off gets the default offer, and is placed again once they turn them on', async () => {
  const player = await store.newPlayer();
  const offer = await createOffer({ title: 'Game players’ bonus', bonusAmount: '15', audience: 'webAccount' });
  expect((await shopOffersOf(player)).map((each) => each.id)).toContain(offer.id);
  expect((await store.call('PUT', API_ROUTES.offerPreferences, player.idToken, { tailored: false })).body).toEqual({ tailored: false });
  expect((await store.call('GET', API_ROUTES.offerPreferences, player.idToken)).body).toEqual({ tailored: false });
  expect((await shopOffersOf(player)).map((each) => each.id)).not.toContain(offer.id);
  expect((await orderOf(await startOrder(player))).offer?.id).not.toBe(offer.id);
  expect((await store.call('PUT', API_ROUTES.offerPreferences, player.idToken, { tailored: 'no' })).status).toBe(400);
  // Turned back on as a player would: the Rewards page's checkbox, by keyboard.
  const page = await openPage(browser(), { viewport: { width: 375, height: 812 } });
  await store.signInOnPage(page, player.email);
  await page.goto(`${store.url}${ROUTES.rewards}`);
  const choice = page.getByRole('checkbox', { name: 'Tailor offers to me' });
  await choice.waitFor();
  expect(await choice.isChecked()).toBe(false);
  await choice.focus();
  await page.keyboard.press('Space');
  await page.getByText('Offers may be tailored to you.').waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByTestId('tailored-offers').scrollIntoViewIfNeeded();
  await shootBothWidths(page, 'rewards-tailored-offers');
  expect(pageErrors(page)).toEqual([]);
  await page.context().close();
  expect((await store.call('GET', API_ROUTES.offerPreferences, player.idToken)).body).toEqual({ tailored: true });
  expect((await shopOffersOf(player)).map((each) => each.id)).toContain(offer.id);
  expect((await store.call('POST', API_ROUTES.supportOfferEnd, staff.idToken, undefined, { offerId: offer.id })).status).toBe(200);
});

it('a creator’s bonus, through the offers’ rules: shown with the creator’s code and given to orders made with it, and to no other', async () => {
  expect((await store.call('PUT', API_ROUTES.supportCreator, staff.idToken, { name: 'Dragon Lord', sharePercent: 10, startsAt: Date.now() - 60_000, endsAt: null }, { code: 'DRAGONLORD' })).status).toBe(200);
  const offer = await createOffer({ title: 'Dragon Lord’s bonus', bonusUnit: 'gems', bonusAmount: '200', audience: 'creator', audienceValue: 'dragonlord' });
  expect(offer.audience).toEqual([{ rule: 'creator', code: 'DRAGONLORD' }]);
  const player = await store.newPlayer();
  const offersWith = async (creator?: string) =>
    ((await (await fetch(`${store.url}${apiPath(API_ROUTES.offers)}${creator ? `?creator=${creator}` : ''}`, { headers: { Authorization: `Bearer ${player.idToken}` } })).json()) as { offers: Array<{ id: string; audience?: string }> }).offers;
  expect((await offersWith('DRAGONLORD')).find((each) => each.id === offer.id)).toMatchObject({ audience: 'A bonus for players supporting this creator' });
  expect((await offersWith()).map((each) => each.id)).not.toContain(offer.id);
  const made = async (creatorCode?: string) => {
    const response = await fetch(`${store.url}${apiPath(API_ROUTES.payments)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${player.idToken}` },
      body: JSON.stringify({ packId: POUCH.id, ...samplePaymentDetails, ...(creatorCode ? { creatorCode } : {}) }),
    });
    expect(response.status).toBe(201);
    return orderOf(((await response.json()) as { orderId: string }).orderId);
  };
  expect(await made('DRAGONLORD')).toMatchObject({ creator: { code: 'DRAGONLORD' }, offer: { id: offer.id, bonusGems: 200 }, amount: '45.99' });
  expect((await made()).offer).toBeUndefined();
  expect((await store.call('POST', API_ROUTES.supportOfferEnd, staff.idToken, undefined, { offerId: offer.id })).status).toBe(200);
});

it('staff give an offer its audience and holdout on the offers page, and pause it there', async () => {
  const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
  await store.signInOnPage(page, staff.email);
  await page.goto(`${store.url}${ROUTES.supportOffers}`);
  const form = page.getByRole('form', { name: 'Create an offer' });
  await form.getByLabel('Title players read').fill('Lapsed test');
  await form.getByLabel('Bonus amount').fill('25');
  await form.getByLabel('Ends (empty for no end)', { exact: false }).fill('2099-01-01T00:00');
  await form.getByLabel('Who it is for', { exact: false }).selectOption('lapsed');
  await form.getByLabel('For that audience').fill('45');
  await form.getByLabel('Holdout', { exact: false }).fill('30');
  await form.getByRole('button', { name: 'Save Offer' }).click();
  await page.getByText('“Lapsed test” was created.').waitFor();
  const row = page.locator('[data-offer-id]').filter({ hasText: 'Lapsed test' });
  expect(await row.getByTestId('offer-tailoring').innerText()).toBe('For Lapsed: paid before, not in the last N days (45); measured against a 30 % holdout');
  await row.getByRole('button', { name: 'Edit Lapsed test' }).click();
  await page.getByRole('button', { name: 'Pause the experiment' }).click();
  await page.getByText('“Lapsed test” is paused', { exact: false }).waitFor();
  expect(await row.innerText()).toContain('Paused');
  await shootBothWidths(page, 'support-offers-experiment');
  expect(await axeViolations(page)).toEqual([]);
  expect(pageErrors(page)).toEqual([]);
  await page.context().close();
  const stored = (await store.call('GET', API_ROUTES.supportOffers, staff.idToken)).body.offers.find((offer: Offer) => offer.title === 'Lapsed test') as Offer;
  expect(stored).toMatchObject({ audience: [{ rule: 'lapsed', days: 45 }], experiment: { holdoutShare: 0.3, paused: true } });
  const audit = (await store.call('GET', API_ROUTES.supportOffer, staff.idToken, undefined, { offerId: stored.id })).body.audit.map((entry: { action: string }) => entry.action);
  expect(audit).toEqual(['paused', 'created']);
});
