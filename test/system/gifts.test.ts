import { API_BASE, API_ROUTES, apiPath } from '../../src/shared/api';
import { COLLECTIONS, gemLedgerPath } from '../../src/shared/firestorePaths';
import { giftTexts } from '../../src/shared/gifts/gift';
import { statementWords } from '../../src/shared/ledger';
import { playerTagOf } from '../../src/shared/playerTag';
import { receiptPath, ROUTES, shopItemPath } from '../../src/shared/routes';
import { samplePaymentDetails } from '../fixtures/samples';
import { isolatedStore, type IsolatedStore } from '../support/isolatedStore';
import { completeInSandbox, newPlayer, postJson, signedCallback, waitFor, type TestPlayer } from '../support/paymentsHarness';
import { disputeNoticeFields, eventFields } from '../support/providerEvent';
import { openPage, pageErrors, resizeViewport, sharedBrowser, shootBothWidths } from '../../scripts/browser/browser';
import { axeViolations } from '../support/axe';

/**
 * A gift for a friend on the real stack: an isolated store (its own database and game stand-in) whose rule lets a
 * payer's account send gifts from day 0, so a fresh test account can; the shared stack keeps the 7 days, and refuses.
 * The tag lookup, the refusals before the provider is asked, 20 racing confirmations credited once to the recipient,
 * the receipt and both statements, and a chargeback split between the recipient's balance and the payer's debt.
 */
jest.setTimeout(240_000);

const browser = sharedBrowser();
let store: IsolatedStore;
const LOOKUPS_PER_HOUR = 6;
const YOUNG = '2012-03-01';

beforeAll(async () => {
  store = await isolatedStore('gifts', { GIFT_PAYER_MIN_ACCOUNT_DAYS: '0', GIFT_LOOKUPS_PER_HOUR: String(LOOKUPS_PER_HOUR) });
});
afterAll(async () => {
  await store?.stop();
});

const payments = (player: TestPlayer, body: Record<string, unknown>) => store.call('POST', API_ROUTES.payments, player.idToken, { ...samplePaymentDetails, ...body });
const lookUp = (player: TestPlayer, tag: string) => store.call('POST', API_ROUTES.giftRecipient, player.idToken, { tag });
const orderOf = async (orderId: string) => (await store.db.collection(COLLECTIONS.transactions).doc(orderId).get()).data()!;
const ledgerOf = async (uid: string) => (await store.db.collection(gemLedgerPath(uid)).orderBy('seq').get()).docs.map((doc) => doc.data() as Parameters<typeof statementWords>[0] & { gems: number; kind: string });
const userOf = async (uid: string) => (await store.db.collection(COLLECTIONS.users).doc(uid).get()).data() ?? {};

/** Paid at the provider and brought back by the player. */
async function pay(player: TestPlayer, orderId: string) {
  const returned = await store.call('POST', API_ROUTES.paymentReturn, player.idToken, await completeInSandbox(orderId));
  expect(returned.body).toMatchObject({ status: 'paid' });
}

/** A payer with a paid purchase of their own (a Tiny of Gem, 1,000 gems), as a gift asks. */
async function payerWithAPurchase(): Promise<TestPlayer> {
  const payer = await store.newPlayer();
  const own = await payments(payer, { packId: 1 });
  expect(own.status).toBe(201);
  await pay(payer, own.body.orderId);
  return payer;
}

const dispute = (orderId: string, stage: string) =>
  fetch(`${store.url}${API_BASE}${API_ROUTES.gatewayCallback}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(signedCallback(disputeNoticeFields(orderId, stage, '45.99', eventFields('dispute')))).toString(),
  });

it('the tag lookup answers a masked name for a real tag, the same words for an unknown tag and a young player, and stops after its hourly limit', async () => {
  const [payer, friend, young] = await Promise.all([store.newPlayer(), store.newPlayer(), store.newPlayer(YOUNG)]);
  const found = await lookUp(payer, `#${playerTagOf(friend.uid).toLowerCase()}`);
  expect(found).toEqual({ status: 200, body: { tag: playerTagOf(friend.uid), maskedName: 'A player' } });
  expect(JSON.stringify(found.body)).not.toContain(friend.uid);
  const unknown = await lookUp(payer, 'ZZZZZZZZ');
  const youngAnswer = await lookUp(payer, playerTagOf(young.uid));
  expect(unknown).toEqual({ status: 404, body: { error: giftTexts.notFound, reason: 'giftRecipient' } });
  expect(youngAnswer).toEqual(unknown);
  expect((await lookUp(payer, 'not a tag')).status).toBe(400);
  // Four asked so far; the hour's limit is six, and the seventh is refused whatever it asks.
  for (let ask = 5; ask <= LOOKUPS_PER_HOUR; ask += 1) expect((await lookUp(payer, playerTagOf(friend.uid))).status).toBe(200);
  const spent = await lookUp(payer, playerTagOf(friend.uid));
  expect(spent.status).toBe(429);
  expect(spent.body.error).toMatch(/looked up many player tags/);
});

it('refuses before the provider is asked, with words: a young recipient, a payer without a purchase, a payer over the day’s A$100, and (with the shared stack’s 7 days) a new account', async () => {
  const [fresh, young] = await Promise.all([store.newPlayer(), store.newPlayer(YOUNG)]);
  const payer = await payerWithAPurchase();
  const friend = await store.newPlayer();
  const orderCount = async () => (await store.db.collection(COLLECTIONS.transactions).where('userId', '==', payer.uid).get()).size;
  const before = await orderCount();
  const toYoung = await payments(payer, { packId: 1, gift: { tag: playerTagOf(young.uid), showName: false } });
  expect(toYoung).toEqual({ status: 404, body: { error: giftTexts.notFound, reason: 'giftRecipient' } });
  const noPurchase = await payments(fresh, { packId: 1, gift: { tag: playerTagOf(friend.uid), showName: false } });
  expect(noPurchase).toEqual({ status: 403, body: { error: giftTexts.payerNotYet(0), reason: 'giftPayer' } });
  // A$65.99 gifted, then A$45.99 more would pass A$100.
  const first = await payments(payer, { packId: 5, gift: { tag: playerTagOf(friend.uid), showName: false } });
  expect(first.status).toBe(201);
  const over = await payments(payer, { packId: 3, gift: { tag: playerTagOf(friend.uid), showName: false } });
  expect(over).toEqual({ status: 403, body: { error: giftTexts.dailyTotal('A$100.00'), reason: 'giftDailyTotal' } });
  expect(await orderCount()).toBe(before + 1);

  // The shared stack keeps the rule's 7 days: an account made now cannot send a gift there.
  const [sharedPayer, sharedFriend] = await Promise.all([newPlayer(), newPlayer()]);
  const refused = await postJson(apiPath(API_ROUTES.payments), { packId: 1, ...samplePaymentDetails, gift: { tag: playerTagOf(sharedFriend.uid), showName: false } }, sharedPayer.idToken);
  expect(refused).toMatchObject({ status: 403, body: { error: giftTexts.payerNotYet(7), reason: 'giftPayer' } });
});

it('20 racing confirmations credit the recipient once with one game event; the receipt, both statements and a chargeback split read as the policy says', async () => {
  const payer = await payerWithAPurchase();
  const friend = await store.newPlayer();
  const started = await payments(payer, { packId: 3, gift: { tag: playerTagOf(friend.uid), message: 'For the dragon!', showName: false } });
  expect(started.status).toBe(201);
  const { orderId } = started.body as { orderId: string };
  const returned = await completeInSandbox(orderId);
  const answers = await Promise.all(Array.from({ length: 20 }, () => store.call('POST', API_ROUTES.paymentReturn, payer.idToken, returned)));
  expect(answers.every((answer) => answer.status === 200 && answer.body.status === 'paid')).toBe(true);

  expect(await userOf(friend.uid)).toMatchObject({ gemCount: 3500 });
  expect(await userOf(payer.uid)).toMatchObject({ gemCount: 1000 });
  const received = await ledgerOf(friend.uid);
  expect(received.map((entry) => [entry.kind, entry.gems])).toEqual([['gift', 3500]]);
  expect(statementWords(received[0]!)).toBe(`Gift from ${giftTexts.aFriend}: Pouch of Gem, order ${orderId}`);
  const sent = (await ledgerOf(payer.uid)).filter((entry) => entry.orderId === orderId);
  expect(sent.map((entry) => [entry.kind, entry.gems])).toEqual([['gift_sent', 0]]);
  expect(statementWords(sent[0]!)).toBe(`Gift to A player #${playerTagOf(friend.uid)}: Pouch of Gem, order ${orderId} (its gems went to their account)`);
  // One event, to the game, for the recipient.
  // Delivered by the store's dispatcher (every 200 ms here): waited for, then counted (the stand-in keeps one per id).
  const eventsOfOrder = async () => (await store.game('/events')).events.filter((event: { body: { data: { orderId: string } } }) => event.body.data.orderId === orderId);
  const events = await waitFor(eventsOfOrder, (found) => found.length > 0);
  expect(events.map(({ body: { data } }: { body: { data: { uid: string; reason: string; gems: number } } }) => [data.uid, data.reason, data.gems])).toEqual([[friend.uid, 'gift', 3500]]);
  expect(await orderOf(orderId)).toMatchObject({ userId: payer.uid, gift: { toUid: friend.uid, tag: playerTagOf(friend.uid), message: 'For the dragon!', showName: false } });

  // The payer's statement and receipt, as the API answers them.
  const statement = await store.call('GET', API_ROUTES.gemStatement, payer.idToken);
  expect(statement.body.lines.map((line: { words: string }) => line.words)).toContain(statementWords(sent[0]!));
  const receipt = await store.call('GET', API_ROUTES.order, payer.idToken, undefined, { orderId });
  expect(receipt.body.gift).toEqual({ tag: playerTagOf(friend.uid), maskedName: 'A player', message: 'For the dragon!' });

  // A chargeback: the friend spent 2,500 in the game, the payer spent all of theirs.
  expect((await store.game(`/wallets/${friend.uid}/spend`, 'POST', { gems: 2500 })).store).toBeTruthy();
  expect((await store.game(`/wallets/${payer.uid}/spend`, 'POST', { gems: 1000 })).store).toBeTruthy();
  expect((await dispute(orderId, 'opened')).status).toBe(200);
  expect(await userOf(friend.uid)).toMatchObject({ gemCount: 0, gemDebt: 0 });
  expect(await userOf(payer.uid)).toMatchObject({ gemCount: 0, gemDebt: 2500 });
  const friendLast = (await ledgerOf(friend.uid)).at(-1)!;
  expect(statementWords(friendLast)).toBe(`Taken back: the gift of order ${orderId} was reversed by its payer's bank`);
  const payerLast = (await ledgerOf(payer.uid)).at(-1)!;
  expect([payerLast.kind, payerLast.gems]).toEqual(['dispute', -2500]);
  expect(statementWords(payerLast)).toMatch(/2,500 more than your balance held, now owed/);
  // Buying pauses for the payer only.
  expect((await payments(payer, { packId: 1 })).body.reason).toBe('disputePaused');
  expect((await payments(friend, { packId: 1 })).status).toBe(201);
});

it('the payment form’s gift states at 375 and 1280 px: found, refused, and the receipt, axe clean', async () => {
  const payer = await payerWithAPurchase();
  const friend = await store.newPlayer();
  const page = await openPage(browser(), { viewport: { width: 375, height: 812 } });
  const errors = pageErrors(page);
  await store.signInOnPage(page, payer.email);
  await page.goto(`${store.url}${shopItemPath(1)}`);
  await page.getByLabel(giftTexts.isGift).check();
  await page.getByLabel(giftTexts.tagLabel).fill('ZZZZZZZZ');
  await page.getByRole('button', { name: giftTexts.find }).click();
  await page.getByText(giftTexts.notFound).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await shootBothWidths(page, 'gift-not-found');
  await page.getByLabel(giftTexts.tagLabel).fill(`#${playerTagOf(friend.uid)}`);
  await page.getByLabel(giftTexts.tagLabel).press('Enter');
  await page.getByTestId('gift-recipient').waitFor();
  expect(await page.getByTestId('gift-recipient').textContent()).toBe(giftTexts.found('A player', playerTagOf(friend.uid)));
  await page.getByLabel(giftTexts.messageLabel).fill('see www.example.com');
  await page.getByText('A message cannot hold a link or an address.').waitFor();
  await page.getByLabel(giftTexts.messageLabel).fill('Happy hunting');
  expect(await axeViolations(page)).toEqual([]);
  await shootBothWidths(page, 'gift-found');
  await resizeViewport(page, { width: 1280, height: 800 });
  expect(await axeViolations(page)).toEqual([]);
  const gifts = (await store.db.collection(COLLECTIONS.transactions).where('userId', '==', payer.uid).get()).docs.map((doc) => doc.data()).filter((order) => order.gift);
  expect(gifts).toEqual([]);

  const started = await payments(payer, { packId: 1, gift: { tag: playerTagOf(friend.uid), showName: true } });
  await pay(payer, started.body.orderId);
  await page.goto(`${store.url}${receiptPath(started.body.orderId)}`);
  await page.getByTestId('receipt-gift').waitFor();
  expect(await page.getByTestId('receipt-gift').textContent()).toBe(giftTexts.receiptLine('A player', playerTagOf(friend.uid)));
  expect(await axeViolations(page)).toEqual([]);
  await resizeViewport(page, { width: 375, height: 812 });
  expect(await axeViolations(page)).toEqual([]);
  await page.goto(`${store.url}${ROUTES.gemStatement}`);
  await page.getByText(/Gift to A player/).waitFor();
  expect(errors).toEqual([]);
  await page.close();
});
