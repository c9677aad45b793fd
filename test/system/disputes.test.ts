import { spendInGame } from '../support/gameStandIn';
import { disputeTexts } from '../../src/shared/disputes/dispute';
import { COLLECTIONS } from '../../src/shared/firestorePaths';
import { taxInvoiceOf } from '../../src/shared/orders/taxInvoice';
import { dateIn } from '../../src/shared/protections/age';
import type { DailyCounter } from '../../src/shared/stats';
import { firestoreStats } from '../../src/server/overview/statsRepository';
import { focusedText, openPage, pageErrors, sharedBrowser, shootBothWidths, storeUrl } from '../../scripts/browser/browser';
import { signInOnPage } from '../../scripts/browser/storePages';
import { disputesTexts } from '../../src/client/features/support/disputes/disputesTexts';
import { axeViolations } from '../support/axe';
import { waitForMailsAbout } from '../support/mailbox';
import {
  gemsOf,
  getJson,
  newPlayer,
  ownerDb,
  paymentDetails,
  postCallback,
  postJson,
  returnedOrder,
  sandboxControl,
  signedCallback,
  stackSettings,
  transactionOf,
  waitFor,
  type TestPlayer,
} from '../support/paymentsHarness';
import { disputeNoticeFields, eventFields } from '../support/providerEvent';
import { newStaff, refundRequested } from '../support/staff';

/**
 * Chargebacks on the emulator with the gateway sandbox: its dispute notices (signed, retried until acknowledged)
 * move the dispute machine, take the gems back once, owe what was spent, pause buying, and charge the order back.
 */
jest.setTimeout(180_000);

const browser = sharedBrowser();

const dispute = (orderId: string, stage: 'opened' | 'won' | 'lost', copies = 1): Promise<{ eventId: string }> =>
  sandboxControl('POST', `/orders/${orderId}/dispute`, { stage, copies });

/** The order once the store holds its dispute at `status`. */
const disputedAs = (orderId: string, status: string) => waitFor(() => transactionOf(orderId), (order) => order?.dispute?.status === status);

const eventsOf = async (orderId: string, type: string) => (await ownerDb().collection(`transactions/${orderId}/events`).where('type', '==', type).get()).size;
const debtOf = async (uid: string) => ((await ownerDb().doc(`users/${uid}`).get()).data()?.gemDebt as number | undefined) ?? 0;
const startPayment = (player: TestPlayer, packId = 1) => postJson('/api/payments', { packId, ...paymentDetails }, player.idToken);

describe('disputes, on the emulator with the sandbox', () => {
  it('opened takes the gems back in one commit, once, delivered twice and raced with a refund approval', async () => {
    const [player, staff] = await Promise.all([newPlayer(), newStaff()]);
    const orderId = await refundRequested(player, 3);
    expect(await gemsOf(player.uid)).toBe(3500);
    const [{ eventId }, approval] = await Promise.all([dispute(orderId, 'opened', 2), postJson(`/api/support/refunds/${orderId}/approve`, {}, staff.idToken)]);
    await disputedAs(orderId, 'opened');
    // Both copies acknowledged: the provider stops; the store applied the event once.
    const provider = await waitFor(
      () => sandboxControl('GET', `/orders/${orderId}`),
      (order) => order.callbacks.filter((attempt: { eventId?: string; acknowledged: boolean }) => attempt.eventId === eventId && attempt.acknowledged).length === 2,
    );
    expect(provider.callbacks.filter((attempt: { eventId?: string; acknowledged: boolean }) => attempt.eventId === eventId && attempt.acknowledged)).toHaveLength(2);
    expect((await ownerDb().doc(`${COLLECTIONS.providerEvents}/${eventId}`).get()).exists).toBe(true);
    expect(await eventsOf(orderId, 'disputeOpened')).toBe(1);
    // Whichever came first took the gems; the other took nothing.
    const order = (await transactionOf(orderId))!;
    const takenByRefund = approval.status === 200 ? 3500 : 0;
    expect(approval.status === 200 || /disputed with the player/.test(approval.body.error)).toBe(true);
    expect(order.dispute.gemsTaken + takenByRefund).toBe(3500);
    expect(await gemsOf(player.uid)).toBe(0);
    expect(await debtOf(player.uid)).toBe(0);
  });

  it('a player who spent the gems owes them, never below 0; buying pauses until won, which gives back and unpauses', async () => {
    const player = await newPlayer();
    const { orderId } = await returnedOrder(player, 3);
    await waitFor(() => gemsOf(player.uid), (gems) => gems === 3500);
    await spendInGame(player.uid, 3000);
    await dispute(orderId, 'opened');
    await disputedAs(orderId, 'opened');
    expect(await gemsOf(player.uid)).toBe(0);
    expect(await debtOf(player.uid)).toBe(3000);
    const refused = await startPayment(player);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ reason: 'disputePaused', error: expect.stringContaining('Buying is paused while your bank reviews a payment') });
    expect((await getJson('/api/account/limits', player.idToken)).body.purchaseBlock).toBe('disputePaused');
    const view = (await getJson(`/api/orders/${orderId}`, player.idToken)).body;
    expect(view.dispute.status).toBe('opened');
    await waitForMailsAbout(orderId, (mails) => mails.some((mail) => /bank is reviewing/.test(mail.subject)));

    await dispute(orderId, 'won');
    await disputedAs(orderId, 'won');
    // As if never disputed: the 500 the balance held come back, and the 3,000 owed are cancelled.
    expect(await gemsOf(player.uid)).toBe(500);
    expect(await debtOf(player.uid)).toBe(0);
    expect((await startPayment(player)).status).toBe(201);
  });

  it('lost charges the order back with an adjustment note on its invoice; the debt stays, and the next credit pays it first', async () => {
    const player = await newPlayer();
    const { orderId } = await returnedOrder(player, 3);
    await waitFor(() => gemsOf(player.uid), (gems) => gems === 3500);
    await spendInGame(player.uid, 3500);
    await dispute(orderId, 'opened');
    await disputedAs(orderId, 'opened');
    await dispute(orderId, 'lost');
    await disputedAs(orderId, 'lost');
    const view = (await getJson(`/api/orders/${orderId}`, player.idToken)).body;
    expect(view.status).toBe('charged_back');
    expect(taxInvoiceOf(view)?.adjustment).toMatchObject({ reason: 'chargeback', amountCents: 4599, gstCents: 418 });
    const mails = await waitForMailsAbout(orderId, (caught) => caught.some((mail) => /charged back/.test(mail.subject)));
    expect(mails.find((mail) => /charged back/.test(mail.subject))!.text).toContain('Charged back (incl. GST)');
    expect(await debtOf(player.uid)).toBe(3500);

    const next = await returnedOrder(player, 3);
    await waitFor(() => debtOf(player.uid), (debt) => debt === 0);
    expect(await gemsOf(player.uid)).toBe(0);
    expect(await eventsOf(next.orderId, 'debtPaid')).toBe(1);
  });

  it('after an end, as the bank moves money: lost after won, a reversal after lost, a second dispute after won; a chargeback on a refunded order is money out in the overview and the queue', async () => {
    const [player, staff] = await Promise.all([newPlayer(), newStaff()]);
    // Today's counts as the overview reads them: the sum of the day's shards.
    const date = dateIn(stackSettings.STORE_TIME_ZONE, Date.now());
    const today = async (): Promise<Partial<Record<DailyCounter, number>>> => (await firestoreStats(ownerDb()).days(date, date))[0]?.counts ?? {};
    const before = await today();
    const added = async (field: DailyCounter) => ((await today())[field] ?? 0) - (before[field] ?? 0);
    const disputeOf = (orderId: string) => ownerDb().doc(`${COLLECTIONS.disputes}/${orderId}`).get().then((doc) => doc.data());
    const reached = (orderId: string, status: string, round: number) => waitFor(() => disputeOf(orderId), (record) => record?.status === status && (record.round ?? 1) === round);

    // Won, then lost after all (a pre-arbitration): the money is back with the card, the gems gone again.
    const { orderId: first } = await returnedOrder(player, 3);
    await waitFor(() => gemsOf(player.uid), (gems) => gems === 3500);
    await dispute(first, 'opened');
    await reached(first, 'opened', 1);
    await dispute(first, 'won');
    await reached(first, 'won', 1);
    await dispute(first, 'lost');
    await reached(first, 'lost', 2);
    expect((await transactionOf(first))!.status).toBe('charged_back');
    expect(await gemsOf(player.uid)).toBe(0);
    // Then reversed on arbitration: the money with the store again, the order paid, the gems back.
    await dispute(first, 'won');
    await reached(first, 'won', 2);
    expect((await transactionOf(first))!.status).toBe('paid');
    expect(await gemsOf(player.uid)).toBe(3500);

    // A second dispute (a new id) after won: a new round, the gems taken again, then given back once more.
    const { orderId: second } = await returnedOrder(player, 1);
    await waitFor(() => gemsOf(player.uid), (gems) => gems === 3500 + 1000);
    await dispute(second, 'opened');
    await reached(second, 'opened', 1);
    await dispute(second, 'won');
    await reached(second, 'won', 1);
    await dispute(second, 'opened');
    await reached(second, 'opened', 2);
    expect(await gemsOf(player.uid)).toBe(3500);
    await dispute(second, 'won');
    await reached(second, 'won', 2);
    expect(await gemsOf(player.uid)).toBe(4500);

    // A chargeback on an order refunded already: no gems to take, but the money went out twice, and the books say so.
    const refunded = await refundRequested(player, 1);
    expect((await postJson(`/api/support/refunds/${refunded}/approve`, {}, staff.idToken)).status).toBe(200);
    await waitFor(() => transactionOf(refunded), (order) => order?.status === 'refunded', 20_000);
    await dispute(refunded, 'opened');
    await reached(refunded, 'opened', 1);
    await dispute(refunded, 'lost');
    await reached(refunded, 'lost', 1);
    expect((await transactionOf(refunded))!.status).toBe('refunded');
    const queue = (await getJson('/api/support/disputes', staff.idToken)).body as Array<{ dispute: { orderId: string; status: string } }>;
    expect(queue.find((entry) => entry.dispute.orderId === refunded)?.dispute.status).toBe('lost');
    const pack = (await getJson(`/api/support/disputes/${refunded}`, staff.idToken)).body as { text: string };
    expect(pack.text).toMatch(/refunded in full to the card, A\$15\.99, .* before this dispute/);

    // The store's books for the day, as the sandbox moved the money: two chargebacks (first's, refunded's), one reversed.
    expect([await added('disputes'), await added('chargebacks'), await added('chargedBackCents'), await added('chargebacksReversed'), await added('chargebackReversedCents')]).toEqual([
      4, 2, 4599 + 1599, 1, 4599,
    ]);
  });

  it('a repeated or stale event changes nothing', async () => {
    const player = await newPlayer();
    const { orderId } = await returnedOrder(player, 3);
    await waitFor(() => gemsOf(player.uid), (gems) => gems === 3500);
    const { eventId } = await dispute(orderId, 'opened');
    await disputedAs(orderId, 'opened');
    const gemsOpened = { balance: await gemsOf(player.uid), debt: await debtOf(player.uid) };
    // The same event again, signed now: acknowledged, applied never again.
    const repeat = await postCallback(signedCallback(disputeNoticeFields(orderId, 'opened', '45.99', { ...eventFields('dispute'), event_id: eventId })));
    expect(repeat).toEqual({ status: 200, text: 'sent' });
    // A new event signed 6 minutes ago: refused.
    const stale = await postCallback(signedCallback(disputeNoticeFields(orderId, 'won', '45.99', eventFields('dispute', Date.now() - 6 * 60_000))));
    expect(stale.status).toBe(400);
    expect(stale.text).toMatch(/stale notice/);
    expect({ balance: await gemsOf(player.uid), debt: await debtOf(player.uid) }).toEqual(gemsOpened);
    expect((await transactionOf(orderId))!.dispute.status).toBe('opened');
    expect(await eventsOf(orderId, 'disputeOpened')).toBe(1);
  });

  it('support’s queue and evidence pack in the browser, and what the player reads', async () => {
    const [player, staff] = await Promise.all([newPlayer(), newStaff()]);
    const { orderId } = await returnedOrder(player, 3);
    await waitFor(() => gemsOf(player.uid), (gems) => gems === 3500);
    await spendInGame(player.uid, 2000);
    await dispute(orderId, 'opened');
    await disputedAs(orderId, 'opened');

    const playerPage = await openPage(browser(), { viewport: { width: 375, height: 812 } });
    await signInOnPage(playerPage, player.email);
    await playerPage.goto(storeUrl('/account/orders'));
    await playerPage.getByText(disputeTexts.disputed).first().waitFor();
    // The list says the dispute took the order's gems back, as the receipt does, not that the order gave them.
    await expect(playerPage.locator(`[data-order-id="${orderId}"]`).getByTestId('order-gems').textContent()).resolves.toMatch(/^[\d,]+ gems taken back by the dispute$/);
    await playerPage.goto(storeUrl(`/account/orders/${orderId}`));
    await playerPage.getByTestId('dispute-note').waitFor();
    expect(await playerPage.getByTestId('receipt-status').textContent()).toBe(disputeTexts.disputed);
    // The shop says so before any choice: the notice names the order, and no Buy is live.
    await playerPage.goto(storeUrl('/shop'));
    await expect(playerPage.getByTestId('shop-dispute-paused').textContent({ timeout: 10_000 })).resolves.toContain(orderId);
    await expect(playerPage.getByRole('button', { name: /^Buy / }).evaluateAll((buttons) => buttons.map((button) => (button as HTMLButtonElement).disabled))).resolves.toEqual(Array(6).fill(true));
    await expect(playerPage.getByTestId('paused-mark').count()).resolves.toBe(6);
    expect(await axeViolations(playerPage)).toEqual([]);
    await shootBothWidths(playerPage, 'shop-dispute-paused');
    await playerPage.goto(storeUrl('/shop?item=1'));
    await playerPage.getByTestId('dispute-paused').waitFor();
    expect(await playerPage.getByTestId('dispute-paused').textContent()).toContain('Buying is paused while your bank reviews a payment');
    // Focus on the pause itself, which a screen reader reads whole, not on its heading.
    await expect(focusedText(playerPage)).resolves.toContain('Buying is paused while your bank reviews a payment');
    expect(await axeViolations(playerPage)).toEqual([]);
    await playerPage.emulateMedia({ forcedColors: 'active' });
    expect(await axeViolations(playerPage, { forcedColours: true })).toEqual([]);
    await playerPage.emulateMedia({ forcedColors: 'none' });
    await shootBothWidths(playerPage, 'dispute-paused');

    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await signInOnPage(page, staff.email);
    await page.goto(storeUrl('/support/disputes'));
    const row = page.getByTestId('dispute-queue').getByRole('row').filter({ hasText: orderId });
    await row.waitFor();
    expect(await row.textContent()).toContain('Fraud: card absent (Visa)');
    // The order's pack and the player's account, read for the whole queue at once (getAll, getUsers).
    expect(await row.textContent()).toContain('A$45.99 (Pouch of Gem)');
    expect(await row.textContent()).toContain(player.email);
    expect(await axeViolations(page)).toEqual([]);
    await row.getByRole('link', { name: disputesTexts.open(orderId) }).click();
    const pack = page.getByTestId('evidence-pack');
    await pack.waitFor();
    expect(await page.getByTestId('gem-debt').textContent()).toBe('2,000 gems');
    const text = await page.getByTestId('evidence-text').inputValue();
    expect(text).toContain(`Order ${orderId}: Pouch of Gem, 3,500 gems`);
    expect(text).toContain('2,000 of them had been spent in the game before the dispute');
    expect(text).toMatch(/Receipt email to .+: (sent|pending)/);
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, 'dispute-evidence-pack');

    await pack.getByRole('button', { name: disputesTexts.evidenceSent }).click();
    await page.getByRole('status').filter({ hasText: 'recorded as sent' }).waitFor();
    expect(await page.getByTestId('dispute-status').textContent()).toBe(disputesTexts.statuses.evidence_submitted);
    await pack.getByRole('button', { name: disputesTexts.accept }).click();
    await page.getByRole('status').filter({ hasText: 'was accepted' }).waitFor();
    expect(await page.getByTestId('dispute-status').textContent()).toBe(disputesTexts.statuses.accepted);
    const audited = await ownerDb().collection(COLLECTIONS.staffActions).where('orderId', '==', orderId).get();
    expect(audited.docs.map((doc) => [doc.data().type, doc.data().uid]).sort()).toEqual([
      ['disputeAccepted', staff.uid],
      ['disputeEvidenceSent', staff.uid],
    ]);

    await playerPage.goto(storeUrl(`/account/orders/${orderId}`));
    await playerPage.getByTestId('adjustment-note').waitFor();
    expect(await playerPage.getByTestId('receipt-status').textContent()).toBe(disputeTexts.chargedBack);
    expect(await playerPage.getByTestId('adjustment-note').textContent()).toContain('Charged back on');
    await shootBothWidths(playerPage, 'dispute-charged-back-receipt');
    expect(pageErrors(page)).toEqual([]);
    expect(pageErrors(playerPage)).toEqual([]);
  });
});
