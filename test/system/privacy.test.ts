import { unzipSync, strFromU8 } from 'fflate';
import type { Firestore } from 'firebase-admin/firestore';
import { API_ROUTES, apiPath } from '../../src/shared/api';
import { COLLECTIONS } from '../../src/shared/firestorePaths';
import { playerTagOf } from '../../src/shared/playerTag';
import { ARCHIVE_FILES, ARCHIVE_SECTIONS, ARCHIVES_PER_DAY, DELETION_DUE_DAYS, DELETION_WAITS, privacyTexts, type DataArchive } from '../../src/shared/privacy/privacy';
import { ROUTES } from '../../src/shared/routes';
import { authMessages } from '../../src/client/features/auth/authErrors';
import { authEmulatorAccount } from '../../scripts/stack/authAccounts';
import { sharedStackSettings } from '../../scripts/stack/testing/sharedStackSettings';
import { openPage, pageErrors, resizeViewport, sharedBrowser, shootBothWidths } from '../../scripts/browser/browser';
import { samplePaymentDetails, TEST_PASSWORD } from '../fixtures/samples';
import { axeViolations } from '../support/axe';
import { isolatedStore, type IsolatedStore } from '../support/isolatedStore';
import { TAX_RECORD_EXPIRY_FIELD, taxRecordExpiry } from '../../src/server/privacy/accountErasure';
import { caughtMails } from '../support/mailbox';
import { completeInSandbox, signedCallback, waitFor, type TestPlayer } from '../support/paymentsHarness';
import { disputeNoticeFields, eventFields } from '../support/providerEvent';
import { storeSessionOf } from '../support/storeSessions';

/**
 * A player's own data on the real stack (an isolated store: its own database and game stand-in, where a day-0 account
 * may send a gift): the archive of a player with orders, a refund, a dispute, two gifts, remembered details and a game
 * link, equal to their orders and statement and holding nobody else's; a deletion from the player's request to support
 * carrying it out, after which every collection is read for what is left of them; and a deletion that waits for a
 * PayID transfer, on the page and in support's queue.
 */
jest.setTimeout(300_000);

const browser = sharedBrowser();
const shared = sharedStackSettings();
let store: IsolatedStore;
let staff: TestPlayer;

beforeAll(async () => {
  store = await isolatedStore('privacy', { GIFT_PAYER_MIN_ACCOUNT_DAYS: '0' });
  staff = await store.newStaff();
});
afterAll(async () => {
  await store?.stop();
});

const buy = async (player: TestPlayer, packId: number, extra: Record<string, unknown> = {}, details = samplePaymentDetails) => {
  const started = await store.call('POST', API_ROUTES.payments, player.idToken, { ...details, packId, ...extra });
  expect({ status: started.status, error: started.body?.error }).toEqual({ status: 201, error: undefined });
  return started.body.orderId as string;
};
const pay = async (player: TestPlayer, orderId: string) => {
  const returned = await store.call('POST', API_ROUTES.paymentReturn, player.idToken, await completeInSandbox(orderId));
  expect(returned.body).toMatchObject({ status: 'paid' });
};
const bought = async (player: TestPlayer, packId: number, extra: Record<string, unknown> = {}, details = samplePaymentDetails) => {
  const orderId = await buy(player, packId, extra, details);
  await pay(player, orderId);
  return orderId;
};
const download = (uid: string, idToken: string) => fetch(`${store.url}${apiPath(API_ROUTES.dataArchive, { uid })}`, { headers: { Authorization: `Bearer ${idToken}` } });
const statementCsv = async (player: TestPlayer) => (await fetch(`${store.url}${apiPath(API_ROUTES.gemStatementCsv)}`, { headers: { Authorization: `Bearer ${player.idToken}` } })).text();

/** Every document of the database, with its path: each collection, and each subcollection under it. */
async function everyDocument(db: Firestore): Promise<Array<{ path: string; data: Record<string, unknown> }>> {
  const found: Array<{ path: string; data: Record<string, unknown> }> = [];
  const walk = async (collections: FirebaseFirestore.CollectionReference[]) => {
    for (const collection of collections) {
      for (const ref of await collection.listDocuments()) {
        const snapshot = await ref.get();
        if (snapshot.exists) found.push({ path: ref.path, data: snapshot.data()! });
        await walk(await ref.listCollections());
      }
    }
  };
  await walk(await db.listCollections());
  return found;
}

it('a player downloads one archive of everything held about them: its orders and gem movements equal the orders page and the statement, every section says what and why, and nobody else’s data is in it', async () => {
  const [player, friend, stranger] = await Promise.all([store.newPlayer(), store.newPlayer(), store.newPlayer()]);
  const kept = await bought(player, 1);
  const refunded = await bought(player, 2);
  expect((await store.call('POST', API_ROUTES.orderRefund, player.idToken, { reason: 'Bought the wrong pack' }, { orderId: refunded })).status).toBeLessThan(300);
  expect((await store.call('POST', API_ROUTES.supportRefundApprove, staff.idToken, undefined, { orderId: refunded })).status).toBe(200);
  const giftSent = await bought(player, 1, { gift: { tag: playerTagOf(friend.uid), message: 'For the dragon!', showName: false } });
  // Last of the player's purchases: a dispute pauses their buying.
  const disputed = await bought(player, 3);
  const disputeNotice = new URLSearchParams(signedCallback(disputeNoticeFields(disputed, 'opened', '45.99', eventFields('dispute'))));
  expect((await fetch(`${store.url}${apiPath(API_ROUTES.gatewayCallback)}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: disputeNotice.toString() })).status).toBe(200);
  await bought(friend, 1);
  const giftReceived = await bought(friend, 1, { gift: { tag: playerTagOf(player.uid), showName: false } });
  expect((await store.call('PUT', API_ROUTES.billingDetails, player.idToken, samplePaymentDetails)).status).toBe(200);
  await storeSessionOf(player.uid, { db: store.db });

  const response = await download(player.uid, player.idToken);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/zip');
  expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="wyrmcrown-my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  expect(Object.keys(files).sort()).toEqual(Object.values(ARCHIVE_FILES).sort());
  const archive = JSON.parse(strFromU8(files[ARCHIVE_FILES.json]!)) as DataArchive;
  expect(archive.account).toBe(player.uid);
  for (const { key, title, what, why } of ARCHIVE_SECTIONS) expect(archive.sections[key]).toMatchObject({ title, what, why });

  // The orders as the player's own order page reads each of them, and no other.
  const orderIds = [kept, refunded, disputed, giftSent];
  const orders = archive.sections.orders.data as Array<{ orderId: string }>;
  expect(orders.map((order) => order.orderId).sort()).toEqual([...orderIds].sort());
  for (const order of orders) expect(order).toEqual((await store.call('GET', API_ROUTES.order, player.idToken, undefined, { orderId: order.orderId })).body);
  const ordersCsv = strFromU8(files[ARCHIVE_FILES.orders]!).trim().split('\r\n');
  expect(ordersCsv).toHaveLength(orderIds.length + 1);
  // The gem movements are the statement's CSV, byte for byte.
  expect(strFromU8(files[ARCHIVE_FILES.gemMovements]!)).toBe(await statementCsv(player));

  expect(archive.sections.refunds.data).toEqual([expect.objectContaining({ orderId: refunded, reason: 'Bought the wrong pack', status: 'refunded' })]);
  expect(archive.sections.disputes.data).toEqual([expect.objectContaining({ orderId: disputed, status: 'opened' })]);
  expect(archive.sections.gifts.data).toMatchObject({ sent: [{ orderId: giftSent, message: 'For the dragon!' }], received: [{ orderId: giftReceived, from: 'A friend', gems: 1000 }] });
  expect(archive.sections.rememberedDetails.data).toMatchObject({ details: samplePaymentDetails, forgottenBy: expect.stringMatching(/^\d{4}-/) });
  // What the fraud checks counted against the account these two days: each payment paid, with the card.
  expect((archive.sections.visits.data as { paymentChecks: Array<{ kind: string }> }).paymentChecks.filter((check) => check.kind === 'paid')).toHaveLength(orderIds.length);
  expect(archive.sections.gameLinks.data).toMatchObject({ playerTag: playerTagOf(player.uid), storeSessions: [{ startedOn: 'Chrome on Linux' }] });
  const text = JSON.stringify(archive) + strFromU8(files[ARCHIVE_FILES.orders]!);
  for (const other of [friend, stranger, staff]) {
    expect(text).not.toContain(other.uid);
    expect(text).not.toContain(other.email);
  }

  // Only the player's own: another uid is refused, and so is a browser signed in with the game before the game confirmed it.
  const refused = await download(stranger.uid, player.idToken);
  expect(refused.status).toBe(403);
  expect(await refused.json()).toEqual({ error: 'You can download only your own data.' });
  const phished = await storeSessionOf(player.uid, { db: store.db });
  expect((await download(player.uid, phished.idToken)).status).toBe(403);
  // A few a day, however many race for the day's last: one made, then four at once, of which only the day's rest are made.
  const racing = await Promise.all(Array.from({ length: 4 }, () => download(player.uid, player.idToken)));
  expect(racing.map((answer) => answer.status).sort()).toEqual([...Array<number>(ARCHIVES_PER_DAY - 1).fill(200), ...Array<number>(5 - ARCHIVES_PER_DAY).fill(429)]);
  expect(await racing.find((answer) => answer.status === 429)!.json()).toEqual({ error: privacyTexts.archivesSpent });
  await Promise.all(racing.filter((answer) => answer.status === 200).map((answer) => answer.arrayBuffer()));
  // The open dispute holds a deletion back, by the same list that pauses the player's buying.
  expect((await store.call('POST', API_ROUTES.accountDeletion, player.idToken)).body).toMatchObject({ state: 'open', waitingFor: ['disputeOpen'] });
});

it('a deletion asked by the player shows in support’s queue; carried out, the account cannot sign in, the game hears once, the player is emailed, every collection but the tax records is empty of them, and the overview is unchanged', async () => {
  const player = await store.newPlayer();
  const friend = await store.newPlayer();
  const details = { ...samplePaymentDetails, firstName: 'Delphine', lastName: 'Vanishwright', address: '77 Forgotten Lane', phone: '+61 2 5550 7777', email: 'delphine.billing@wyrmcrown.example' };
  const orderId = await bought(player, 1, {}, details);
  await bought(player, 1, { gift: { tag: playerTagOf(friend.uid), message: 'From Delphine with love', showName: true } }, details);
  const declined = await bought(player, 2, {}, details);
  expect((await store.call('POST', API_ROUTES.orderRefund, player.idToken, { reason: 'Delphine changed her mind' }, { orderId: declined })).status).toBeLessThan(300);
  expect((await store.call('POST', API_ROUTES.supportRefundDecline, staff.idToken, { reason: 'Outside the refund window' }, { orderId: declined })).status).toBe(200);
  expect((await store.call('PUT', API_ROUTES.billingDetails, player.idToken, details)).status).toBe(200);
  const session = await storeSessionOf(player.uid, { db: store.db, personalData: true });
  const overviewBefore = (await store.call('GET', API_ROUTES.supportOverview, staff.idToken)).body;

  const asked = await store.call('POST', API_ROUTES.accountDeletion, player.idToken);
  expect(asked.status).toBe(201);
  expect(asked.body).toMatchObject({ kind: 'deletion', state: 'open', waitingFor: [] });
  expect(asked.body.dueAt - asked.body.requestedAt).toBe(DELETION_DUE_DAYS * 24 * 3_600_000);
  // A store session (signed in with a game code) cannot ask for the account's end.
  expect((await store.call('POST', API_ROUTES.accountDeletion, session.idToken)).status).toBe(403);
  const queue = (await store.call('GET', API_ROUTES.supportPrivacyRequests, staff.idToken)).body.requests as Array<Record<string, unknown>>;
  expect(queue.find((request) => request.uid === player.uid)).toMatchObject({ kind: 'deletion', state: 'open', email: player.email, by: 'player' });

  const carried = await store.call('POST', API_ROUTES.supportDeletionCarryOut, staff.idToken, undefined, { requestId: asked.body.id });
  expect(carried).toMatchObject({ status: 200, body: { state: 'done', email: null } });
  expect((await store.call('POST', API_ROUTES.supportDeletionCarryOut, staff.idToken, undefined, { requestId: asked.body.id })).status).toBe(409);

  // Signed out everywhere and unable to sign in: the password, and the game's store session.
  await expect(authEmulatorAccount(shared, 'signInWithPassword', { email: player.email, password: TEST_PASSWORD })).rejects.toThrow(/EMAIL_NOT_FOUND|USER_NOT_FOUND/);
  expect((await store.call('GET', API_ROUTES.privacy, session.idToken)).status).toBe(401);
  // The game is told once; the player is emailed at the address the request kept.
  const told = await waitFor(
    async () => ((await store.game('/events')).events as Array<{ body: { type: string; data: { uid: string } }; deliveries: number }>).filter((event) => event.body.type === 'account.deleted' && event.body.data.uid === player.uid),
    (events) => events.length > 0,
    30_000,
  );
  expect(told.map((event) => event.deliveries)).toEqual([1]);
  const mails = await waitFor(
    async () => (await caughtMails()).filter((mail) => mail.to.some((to) => to.address === player.email) && /account was deleted/.test(mail.subject)),
    (found) => found.length > 0,
    30_000,
  );
  expect(mails).toHaveLength(1);
  await waitFor(async () => (await store.db.collection(COLLECTIONS.mailOutbox).where('kind', '==', 'accountDeleted').where('status', '==', 'sent').get()).size, (sent) => sent > 0, 30_000);

  // Every collection read: the player's personal fields are gone but from their orders, which keep the name and address only.
  const personal = [player.email, details.email, details.phone, 'Delphine', 'Vanishwright', '77 Forgotten Lane', 'changed her mind', 'with love', playerTagOf(player.uid)];
  const nameAndAddress = new Set(['Delphine', 'Vanishwright', '77 Forgotten Lane']);
  const left = (await everyDocument(store.db)).flatMap(({ path, data }) => {
    const text = JSON.stringify(data);
    const isTaxRecord = path.startsWith(`${COLLECTIONS.transactions}/`) && path.split('/').length === 2 && data.userId === player.uid;
    return personal.filter((field) => (text.includes(field) || path.includes(field)) && !(isTaxRecord && nameAndAddress.has(field))).map((field) => `${path}: ${field}`);
  });
  expect(left).toEqual([]);
  const taxRecord = (await store.db.collection(COLLECTIONS.transactions).doc(orderId).get()).data()!;
  expect(taxRecord).toMatchObject({ firstname: 'Delphine', lastname: 'Vanishwright', address: '77 Forgotten Lane', amount: '15.99' });
  expect(taxRecord.email).toBeUndefined();
  // Kept five years from the order, then deleted by Firestore's TTL policy.
  expect(taxRecord[TAX_RECORD_EXPIRY_FIELD].toMillis()).toBe(taxRecordExpiry(taxRecord.createdAt).toMillis());
  expect(new Date(taxRecord[TAX_RECORD_EXPIRY_FIELD].toMillis()).getUTCFullYear() - new Date(taxRecord.createdAt).getUTCFullYear()).toBe(5);
  expect((await store.call('GET', API_ROUTES.supportOverview, staff.idToken)).body).toEqual(overviewBefore);
  expect((await store.call('GET', API_ROUTES.supportPrivacyRequests, staff.idToken)).body.requests.find((request: { id: string }) => request.id === asked.body.id)).toMatchObject({ state: 'done', email: null });
});

it('a deletion asked while a PayID transfer is under way waits and says why, on the player’s page and in support’s queue, and support cannot carry it out', async () => {
  const player = await store.newPlayer();
  const orderId = await buy(player, 1);
  expect(await completeInSandbox(orderId, 'paid', 'payid')).toBeTruthy();
  const asked = await store.call('POST', API_ROUTES.accountDeletion, player.idToken);
  expect(asked).toMatchObject({ status: 201, body: { state: 'open', waitingFor: ['paymentUnderWay'] } });
  const refused = await store.call('POST', API_ROUTES.supportDeletionCarryOut, staff.idToken, undefined, { requestId: asked.body.id });
  expect(refused).toEqual({ status: 409, body: { error: `${privacyTexts.stillWaiting} ${DELETION_WAITS.paymentUnderWay}`, reason: 'deletionWaits' } });
  expect((await authEmulatorAccount(shared, 'signInWithPassword', { email: player.email, password: TEST_PASSWORD })).uid).toBe(player.uid);

  const page = await openPage(browser(), { viewport: { width: 375, height: 812 } });
  const errors = pageErrors(page);
  await store.signInOnPage(page, player.email);
  await page.goto(`${store.url}${ROUTES.privacy}`);
  await page.getByText(DELETION_WAITS.paymentUnderWay).waitFor();
  await page.getByRole('button', { name: privacyTexts.downloadButton }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await shootBothWidths(page, 'your-data-waiting');
  await resizeViewport(page, { width: 1280, height: 800 });
  expect(await axeViolations(page)).toEqual([]);
  // Support's queue shows it open, with its clock and what it waits for, and no way to carry it out yet.
  const console = await openPage(browser(), { viewport: { width: 1280, height: 800 } });
  await store.signInOnPage(console, staff.email);
  await console.goto(`${store.url}${ROUTES.supportPrivacy}`);
  const row = console.getByTestId('privacy-requests').getByRole('row').filter({ hasText: player.uid });
  await row.getByText(DELETION_WAITS.paymentUnderWay).waitFor();
  expect(await row.getByRole('button').count()).toBe(0);
  expect(await axeViolations(console)).toEqual([]);
  await shootBothWidths(console, 'support-privacy-queue');
  await console.close();

  // The player downloads their file from the page.
  const [saved] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: privacyTexts.downloadButton }).click()]);
  expect(saved.suggestedFilename()).toMatch(/^wyrmcrown-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  await page.getByText(privacyTexts.archivesLeft(ARCHIVES_PER_DAY - 1)).waitFor();
  // The player keeps their account after all: the request is withdrawn, and the form to ask again is back.
  await page.getByRole('button', { name: privacyTexts.cancelButton }).click();
  await page.getByLabel(privacyTexts.deletePassword).waitFor();
  // Asked again, with the password given again: a wrong one is refused, the right one records it, waiting as before.
  await page.getByLabel(privacyTexts.deletePassword).fill('not-my-password');
  await page.getByLabel(privacyTexts.deleteConfirm).check();
  await page.getByRole('button', { name: privacyTexts.deleteButton }).click();
  await page.getByText(authMessages.wrongCredentials).waitFor();
  await page.getByLabel(privacyTexts.deletePassword).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: privacyTexts.deleteButton }).click();
  await page.getByText(DELETION_WAITS.paymentUnderWay).waitFor();
  expect(errors).toEqual([]);
  await page.close();
});
