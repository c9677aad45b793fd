import { execFileSync } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGameServerApp, type ReceivedEvent } from '../../src/gameServer/gameServerApp';
import { newGameEvent } from '../../src/server/gameEvents/gameEventRecords';
import { COLLECTIONS } from '../../src/shared/firestorePaths';
import { GAME_WEBHOOK_PATH } from '../../src/shared/gameEvents';
import { startApiInstances } from '../../scripts/stack/testing/apiInstances';
import { sharedStackSettings } from '../../scripts/stack/testing/sharedStackSettings';
import { TEST_ADULT_BIRTH_DATE } from '../fixtures/samples';
import { namedDb } from '../support/emulatorAdmin';
import {
  completeInSandbox,
  gemsOf,
  newPlayer,
  ownerDb,
  paymentDetails,
  postJson,
  returnedOrder,
  transactionOf,
  waitFor,
  type TestPlayer,
} from '../support/paymentsHarness';
import { newStaff, refundRequested } from '../support/staff';
import { focusedText, openPage, pageErrors, sharedBrowser, shootBothWidths, storeUrl } from '../../scripts/browser/browser';
import { signInOnPage } from '../../scripts/browser/storePages';
import { supportTexts } from '../../src/client/features/support/supportTexts';
import { axeViolations } from '../support/axe';
import { gameStandIn } from '../support/gameStandIn';

const browser = sharedBrowser();

/**
 * Delivery to the game's own server, on the emulator: the shared stack's API sends every credit and take-back to
 * the game server stand-in npm start runs; the races and the crash run API instances of their own against a
 * receiver of the test's own, on a Firestore database of their own.
 */
jest.setTimeout(180_000);

const settings = sharedStackSettings();
const standIn = gameStandIn;
const receivedOf = async (orderId: string): Promise<ReceivedEvent[]> => (await standIn('/events')).events.filter((event: ReceivedEvent) => event.body.data.orderId === orderId);
const eventsOf = async (orderId: string) => (await ownerDb().collection(COLLECTIONS.gameEvents).where('orderId', '==', orderId).get()).docs.map((doc) => doc.data());

/** A receiver of the test's own, with the store's secret: what each instance delivered, counted by id. */
async function receiver() {
  const server: Server = createGameServerApp({ secret: settings.GAME_WEBHOOK_SECRET, controlToken: 'receiver-token' }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const events = async (): Promise<ReceivedEvent[]> => ((await (await fetch(`${base}/__game/events`, { headers: { 'X-Sandbox-Token': 'receiver-token' } })).json()) as { events: ReceivedEvent[] }).events;
  return { url: `${base}${GAME_WEBHOOK_PATH}`, events, close: () => new Promise((resolve) => server.close(resolve)) };
}

afterEach(async () => {
  await standIn('/behaviour', 'PUT', {});
});

describe('delivery to the game’s server, on the emulator', () => {
  it('a purchase sends exactly one gems.credited, validly signed', async () => {
    const player = await newPlayer();
    const { orderId } = await returnedOrder(player, 3);
    const [event] = await waitFor(() => receivedOf(orderId), (events) => events.length === 1);
    expect(event).toMatchObject({ id: `credit-purchase-${orderId}`, deliveries: 1, body: { type: 'gems.credited', data: { uid: player.uid, orderId, gems: 3500, bonusGems: 0, reason: 'purchase' } } });
    expect((await standIn('/events')).refused).toBe(0);
    await waitFor(() => eventsOf(orderId), (records) => records[0]?.status === 'delivered');
    expect((await eventsOf(orderId)).map((record) => [record.id, record.status, record.attempts])).toEqual([[`credit-purchase-${orderId}`, 'delivered', 1]]);
    expect((await standIn(`/wallets/${player.uid}`)).gems).toBe(3500);
  });

  it('a game failing its first tries gets the event later, with the same id, and nothing else', async () => {
    const player = await newPlayer();
    await standIn('/behaviour', 'PUT', { failNext: 3, failWith: '503', failUids: [player.uid] });
    const { orderId } = await returnedOrder(player, 1);
    await waitFor(() => eventsOf(orderId), (records) => records[0]?.status === 'delivered', 30_000);
    const [record] = await eventsOf(orderId);
    expect(record!.attempts).toBeGreaterThanOrEqual(4);
    expect(record!.tries.slice(0, 3).map((tried: { answer: string }) => tried.answer)).toEqual(['503', '503', '503']);
    expect((await receivedOf(orderId)).map((event) => [event.id, event.deliveries])).toEqual([[`credit-purchase-${orderId}`, 1]]);
  });

  it('a refund sends gems.debited', async () => {
    const [player, staff] = await Promise.all([newPlayer(), newStaff()]);
    const orderId = await refundRequested(player, 3);
    expect((await postJson(`/api/support/refunds/${orderId}/approve`, {}, staff.idToken)).status).toBe(200);
    const events = await waitFor(() => receivedOf(orderId), (received) => received.length === 2);
    expect(events.map((event) => [event.id, event.body.type, event.body.data.gems, event.body.data.reason])).toEqual([
      [`credit-purchase-${orderId}`, 'gems.credited', 3500, 'purchase'],
      [`debit-refund-${orderId}`, 'gems.debited', 3500, 'refund'],
    ]);
    expect((await standIn(`/wallets/${player.uid}`)).gems).toBe(0);
  });

  it('a game that declines the credit (409) gets the order refunded: money back, gems taken back, the player emailed', async () => {
    const player = await newPlayer();
    await standIn('/behaviour', 'PUT', { declineUids: [player.uid] });
    const { orderId } = await returnedOrder(player, 3);
    const order = await waitFor(() => transactionOf(orderId), (record) => record?.status === 'refunded', 20_000);
    expect(order).toMatchObject({ status: 'refunded', gameDeclined: { reason: 'this game account is banned' } });
    expect(await gemsOf(player.uid)).toBe(0);
    // The refund is made before the try is recorded (a crash between them sends the event again): wait for the record.
    const events = await waitFor(() => eventsOf(orderId), (records) => records.every((record) => record.status !== 'pending'));
    expect(events.map((record) => [record.id, record.status])).toEqual([[`credit-purchase-${orderId}`, 'declined']]);
    expect(await receivedOf(orderId)).toEqual([]);
    const mail = await ownerDb().doc(`${COLLECTIONS.mailOutbox}/deliveryDeclined-${orderId}`).get();
    expect(mail.exists).toBe(true);
  });

  it('three API instances racing the dispatcher send each event once', async () => {
    const databaseId = `delivery-race-${process.pid}`;
    const db = namedDb(databaseId);
    const game = await receiver();
    const at = Date.now();
    const batch = db.batch();
    const orderIds = Array.from({ length: 40 }, (_unused, index) => `WCRACE${String(index).padStart(6, '0')}${process.pid}`);
    for (const orderId of orderIds) {
      const event = newGameEvent({ id: `credit-purchase-${orderId}`, type: 'gems.credited', reason: 'purchase', orderId, uid: `u-race-${orderId}`, gems: 1000, bonusGems: 0 }, at);
      batch.create(db.collection(COLLECTIONS.gameEvents).doc(event.id), event);
    }
    await batch.commit();
    const instances = await startApiInstances(3, { FIRESTORE_DATABASE_ID: databaseId, GAME_WEBHOOK_URL: game.url, GAME_EVENTS_DISPATCH_INTERVAL_MS: '50' });
    try {
      const delivered = await waitFor(game.events, (events) => events.length === orderIds.length, 30_000);
      expect(delivered.map((event) => event.body.data.orderId).sort()).toEqual([...orderIds].sort());
      // Each id came once: no instance sent an event another was sending.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect((await game.events()).filter((event) => event.deliveries !== 1)).toEqual([]);
      const stored = (await db.collection(COLLECTIONS.gameEvents).get()).docs.map((doc) => doc.data());
      expect(stored.filter((event) => event.status !== 'delivered' || event.attempts !== 1)).toEqual([]);
    } finally {
      await Promise.all([instances.stop(), game.close()]);
    }
  });

  it('an API killed between the commit and the POST loses nothing: the event is sent after the restart', async () => {
    const databaseId = `delivery-crash-${process.pid}`;
    const db = namedDb(databaseId);
    const game = await receiver();
    const own = { FIRESTORE_DATABASE_ID: databaseId, GAME_WEBHOOK_URL: game.url, PUBLIC_BASE_URL: '', API_PUBLIC_URL: '' };
    // The first instance commits the credit but never posts: its background work waits for jobs that never come.
    const first = await startApiInstances(1, { ...own, BACKGROUND_WORK: 'jobs' });
    const player: TestPlayer = await newPlayer();
    let orderId = '';
    try {
      await db.doc(`player_protections/${player.uid}`).set({ birthDate: TEST_ADULT_BIRTH_DATE, updatedAt: 1 });
      const started = await fetch(`${first.urls[0]}/api/payments`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${player.idToken}` },
        body: JSON.stringify({ packId: 2, ...paymentDetails }),
      });
      expect(started.status).toBe(201);
      ({ orderId } = (await started.json()) as { orderId: string });
      await completeInSandbox(orderId);
      const credited = await waitFor(() => db.doc(`transactions/${orderId}`).get(), (snapshot) => snapshot.data()?.checked === 1);
      expect(credited.data()?.checked).toBe(1);
      expect((await db.doc(`${COLLECTIONS.gameEvents}/credit-purchase-${orderId}`).get()).data()?.status).toBe('pending');
      // SIGKILL: no shutdown, nothing flushed.
      const apiPid = Number(execFileSync('lsof', ['-t', '-sTCP:LISTEN', `-i:${new URL(first.urls[0]!).port}`], { encoding: 'utf8' }).trim().split('\n')[0]);
      process.kill(apiPid, 'SIGKILL');
    } finally {
      await first.stop();
    }
    expect(await game.events()).toEqual([]);
    const second = await startApiInstances(1, own);
    try {
      const [event] = await waitFor(game.events, (events) => events.length === 1, 20_000);
      expect(event).toMatchObject({ id: `credit-purchase-${orderId}`, deliveries: 1, body: { data: { uid: player.uid, reason: 'purchase' } } });
    } finally {
      await Promise.all([second.stop(), game.close()]);
    }
  });

  it('support sees an order’s deliveries, finds the events left for it, and sends one again', async () => {
    const [player, staff] = await Promise.all([newPlayer(), newStaff()]);
    const { orderId } = await returnedOrder(player, 1);
    await waitFor(() => eventsOf(orderId), (records) => records[0]?.status === 'delivered');
    // An event the game never took in days of tries, as the dispatcher leaves it.
    const strandedOrder = `WCSTRANDED${Date.now()}`;
    const stranded = newGameEvent({ id: `credit-purchase-${strandedOrder}`, type: 'gems.credited', reason: 'purchase', orderId: strandedOrder, uid: player.uid, gems: 1000, bonusGems: 0 }, Date.now() - 4 * 86_400_000);
    await ownerDb().doc(`${COLLECTIONS.gameEvents}/${stranded.id}`).set({ ...stranded, status: 'attention', attempts: 60, tries: [{ at: Date.now() - 3_600_000, answer: '503' }], why: 'undelivered after 60 tries; the last: 503' });

    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await signInOnPage(page, staff.email);
    await page.goto(storeUrl('/support'));
    const health = page.getByTestId('delivery-health');
    await health.waitFor();
    expect(await health.textContent()).toMatch(/\d+ being sent, [1-9]\d* need attention/);
    const stuck = page.getByTestId('game-events').getByRole('listitem').filter({ hasText: stranded.id });
    await stuck.waitFor();
    expect(await stuck.textContent()).toContain('undelivered after 60 tries');
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, 'support-delivery-attention');
    await stuck.getByRole('button', { name: `${supportTexts.resend} ${stranded.id}` }).click();
    await page.getByRole('status').filter({ hasText: `${stranded.id} is due again` }).waitFor();
    // The event left the list with its Resend: focus is on what was done, not on the page.
    await expect(focusedText(page)).resolves.toContain(`${stranded.id} is due again`);
    await waitFor(() => standIn('/events'), ({ events }) => events.some((event: ReceivedEvent) => event.id === stranded.id));
    // The try is recorded once the game's answer is in, a moment after the game has the event.
    const resent = await waitFor(async () => (await ownerDb().doc(`${COLLECTIONS.gameEvents}/${stranded.id}`).get()).data()!, (record) => record.status !== 'pending');
    expect(resent).toMatchObject({ status: 'delivered', attempts: 61 });

    await page.goto(storeUrl(`/support/orders/${orderId}`));
    const delivered = page.getByTestId('game-events').getByRole('listitem');
    await delivered.first().waitFor();
    expect(await delivered.allTextContents()).toEqual([expect.stringMatching(new RegExp(`Taken · credit-purchase-${orderId}gems.credited: 1,000 gems \\(purchase\\)1 try; the last answer 2xx at `))]);
    expect(pageErrors(page)).toEqual([]);
  });
});
