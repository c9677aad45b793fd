import { supportTexts } from '../../src/client/features/support/supportTexts';
import { API_ROUTES, apiPath } from '../../src/shared/api';
import { COLLECTIONS } from '../../src/shared/firestorePaths';
import { CALLBACK_REJECTION_EXPIRY_FIELD, CALLBACK_REJECTION_KEEP_MS } from '../../src/server/provider/providerNoticesRepository';
import { openPage, pageErrors, sharedBrowser, shootBothWidths, storeUrl } from '../../scripts/browser/browser';
import { ownerAuth, ownerDb } from '../support/emulatorAdmin';
import { waitForMailsAbout } from '../support/mailbox';
import {
  api,
  completeInSandbox,
  gemsOf,
  getJson,
  inProcessRefundDeps,
  queryAsClient,
  readAsClient,
  returnedOrder,
  newPlayer,
  postCallback,
  postJson,
  sandboxControl,
  signedCallback,
  stackSettings,
  startPurchase,
  transactionOf,
  waitFor,
} from '../support/paymentsHarness';
import { moneyOnPage, nav, signInOnPage } from '../../scripts/browser/storePages';
import { settleRefundsOnce } from '../../src/server/refunds/refundSettlement';
import { newStaff, refundRequested, supportCommand } from '../support/staff';

jest.setTimeout(180_000);

const browser = sharedBrowser();
afterEach(async () => {
  await sandboxControl('DELETE', '/faults');
});

const SUPPORT_CALLS: Array<[string, string]> = [
  ['GET', apiPath(API_ROUTES.supportHealth)],
  ['GET', `${apiPath(API_ROUTES.supportOrders)}?q=x@wyrmcrown.example`],
  ['GET', apiPath(API_ROUTES.supportOrder, { orderId: 'WC0000000000NOSUCH' })],
  ['POST', apiPath(API_ROUTES.supportOrderCheck, { orderId: 'WC0000000000NOSUCH' })],
  ['POST', apiPath(API_ROUTES.supportOrderCredit, { orderId: 'WC0000000000NOSUCH' })],
  ['GET', apiPath(API_ROUTES.supportRefunds)],
  ['POST', apiPath(API_ROUTES.supportRefundApprove, { orderId: 'WC0000000000NOSUCH' })],
  ['POST', apiPath(API_ROUTES.supportRefundDecline, { orderId: 'WC0000000000NOSUCH' })],
  ['GET', apiPath(API_ROUTES.supportDisputes)],
  ['GET', apiPath(API_ROUTES.supportDispute, { orderId: 'WC0000000000NOSUCH' })],
  ['POST', apiPath(API_ROUTES.supportDispute, { orderId: 'WC0000000000NOSUCH' })],
  ['POST', apiPath(API_ROUTES.supportDisputeAccept, { orderId: 'WC0000000000NOSUCH' })],
  ['POST', apiPath(API_ROUTES.supportDisputeEvidenceSent, { orderId: 'WC0000000000NOSUCH' })],
  ['POST', apiPath(API_ROUTES.supportDisputeWriteOff, { orderId: 'WC0000000000NOSUCH' })],
];

describe('the support console, on the real stack', () => {
  it('finds a player’s paid order by email, shows its history, approves its refund once, and both emails go out', async () => {
    const player = await newPlayer();
    expect((await postJson('/api/account/limits', { monthlyLimit: '100' }, player.idToken)).status).toBe(200);
    const orderId = await refundRequested(player, 3);
    expect(await gemsOf(player.uid)).toBe(3500);
    const staff = await newStaff();

    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await signInOnPage(page, staff.email);
    await page.goto(storeUrl('/support'));
    await page.getByRole('heading', { level: 1, name: 'Support console' }).waitFor();
    await page.getByTestId('health').waitFor();
    // The queue shows the request with the days left of the 3-working-day promise.
    const queued = page.getByTestId('refund-queue').getByRole('row').filter({ hasText: orderId });
    await expect(queued.innerText()).resolves.toMatch(/working days? left|due today/);

    await page.getByLabel(supportTexts.searchLabel).fill(player.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('status').filter({ hasText: '1 order found.' }).waitFor();
    await shootBothWidths(page, 'support-console');
    await page.getByTestId('search-results').getByRole('link', { name: orderId }).click();
    await page.waitForURL(storeUrl(`/support/orders/${orderId}`));
    await expect(page.getByTestId('order-facts').innerText()).resolves.toContain(player.email);
    // Paid: the sweep asks about it no more (checks that changed nothing are counted here, not in the timeline).
    await expect(page.getByTestId('order-checks').innerText()).resolves.toMatch(/^(never|once, on .+|\d+ times, last on .+); no more due$/);
    expect((await moneyOnPage(page)).otherwise).toEqual([]);
    // The player's protections, read-only: the limit they set, and the change in their history.
    const protections = await page.getByTestId('player-protections').innerText();
    expect(protections).toContain('Age: 18 or over.');
    expect(protections).toContain("Guardian's consent: none recorded.");
    expect(protections).toContain('Date of birth given by the player.');
    expect(protections).toContain('Monthly spending limit: A$100.00.');
    expect(protections).toContain('Limit changed by the player from none to A$100.00.');

    // The history, in order: created → the provider's paid → credited, then the refund request.
    const timeline = async () => page.getByTestId('timeline').locator('li').allInnerTexts();
    await page.getByTestId('timeline').locator('li').first().waitFor();
    const lines = await timeline();
    const position = (pattern: RegExp) => lines.findIndex((line) => pattern.test(line));
    expect(position(/Order created/)).toBe(0);
    expect(position(/Provider: pending → paid/)).toBeGreaterThan(0);
    expect(position(/3,500 gems credited/)).toBe(position(/Provider: pending → paid/) + 1);
    expect(position(/Refund requested by the player/)).toBeGreaterThan(position(/3,500 gems credited/));

    // Ask the provider now: audited with the staff member.
    await page.getByRole('button', { name: 'Ask the provider now' }).click();
    await page.getByRole('status').filter({ hasText: 'The provider says "paid".' }).waitFor();
    expect((await timeline()).at(-1)).toContain(`${staff.email} asked the provider (provider said "paid")`);

    // Approve, confirmed: the money goes back, the gems once, the player is told.
    await page.getByRole('button', { name: 'Approve refund' }).click();
    await page.getByText("Return A$45.99 to the player's card and take back 3,500 gems?").waitFor();
    await shootBothWidths(page, 'support-order');
    await page.getByRole('button', { name: 'Yes, approve the refund' }).click();
    await page.getByRole('status').filter({ hasText: /^Refund approved/ }).waitFor();
    await expect(page.getByTestId('order-status').innerText()).resolves.toBe('refunded');
    // Not "Gems credited: yes" and "The provider last said: paid": what happened since, and when.
    const facts = page.getByTestId('order-facts');
    await facts.getByText(/^Gems credited, then taken back on .+ AE[DS]T$/).waitFor();
    await expect(facts.innerText()).resolves.toMatch(/paid; the refund was returned to the card on .+ AE[DS]T/);
    expect((await timeline()).slice(-2)).toEqual([
      expect.stringContaining(`Refund approved by ${staff.email}; 3,500 gems taken back while the provider refunds`),
      expect.stringMatching(/Refunded, via support: A\$45\.99 returned by the provider \(refund RFD\d+\)/),
    ]);
    expect(await gemsOf(player.uid)).toBe(0);
    expect(await transactionOf(orderId)).toMatchObject({ status: 'refunded', checked: 1, refund: { status: 'refunded' } });
    expect((await ownerDb().doc(`refund_requests/${orderId}`).get()).data()).toMatchObject({
      status: 'refunded',
      providerRefundId: expect.stringMatching(/^RFD/),
    });
    expect((await sandboxControl('GET', `/orders/${orderId}`)).status).toBe('refunded');

    // The player reads their order's history and request, where support is a role, never who.
    const history = await queryAsClient(`transactions/${orderId}`, 'events', 'userId', player.uid, player.idToken);
    expect(history.status).toBe(200);
    expect(history.documents.length).toBeGreaterThan(4);
    const seenByPlayer = JSON.stringify([history.documents, (await readAsClient(`refund_requests/${orderId}`, player.idToken)).body]);
    expect(seenByPlayer).toContain('"role":{"stringValue":"support"}');
    expect(seenByPlayer).not.toContain(staff.email);
    expect(seenByPlayer).not.toContain(staff.uid);
    expect((await readAsClient(`staff_actions/${(await ownerDb().collection('staff_actions').where('orderId', '==', orderId).get()).docs[0]!.id}`, player.idToken)).status).toBe(403);

    // A second approve changes nothing.
    const again = await postJson(`/api/support/refunds/${orderId}/approve`, {}, staff.idToken);
    expect(again).toEqual({ status: 409, body: { error: 'This refund request was already approved and refunded.' } });
    expect(await gemsOf(player.uid)).toBe(0);

    // Both emails: the request to support, the approval to the player.
    const mails = await waitForMailsAbout(orderId, (caught) => caught.some((mail) => mail.subject.includes('is approved')));
    expect(mails.filter((mail) => mail.subject.startsWith('Refund requested')).map((mail) => mail.to[0]!.address)).toEqual(['support@wyrmcrown.example']);
    const approved = mails.filter((mail) => mail.subject.includes('is approved'));
    expect(approved).toHaveLength(1);
    expect(approved[0]!.text).toContain('return A$45.99 to your card');

    // The player sees Refunded.
    const playerPage = await openPage(browser());
    await signInOnPage(playerPage, player.email);
    await nav(playerPage).getByRole('link', { name: 'Account' }).click();
    await playerPage.locator(`[data-order-id="${orderId}"]`).getByTestId('order-status').filter({ hasText: 'Refunded' }).waitFor();
    // Its receipt: the original tax invoice, and beside it the adjustment note (amount, date, GST adjusted).
    await playerPage.locator(`[data-order-id="${orderId}"]`).getByRole('link', { name: 'Receipt' }).click();
    const note = playerPage.getByTestId('adjustment-note');
    await note.getByRole('heading', { name: 'Adjustment note' }).waitFor();
    await expect(playerPage.getByTestId('invoice-total').innerText()).resolves.toBe('A$45.99');
    await expect(note.getByTestId('adjustment-amount').innerText()).resolves.toBe('A$45.99');
    await expect(note.getByTestId('adjustment-gst').innerText()).resolves.toBe('A$4.18');
    await expect(note.innerText()).resolves.toMatch(/Refunded on\s+\d{1,2} \w+ \d{4}/);
    await shootBothWidths(playerPage, 'receipt-refunded');
    // The approval email carries the same note.
    expect(approved[0]!.text).toContain('GST adjusted: A$4.18');
    expect(pageErrors(page)).toEqual([]);
    await playerPage.context().close();
    await page.context().close();
  });

  it('a refund the provider does not confirm stays under way, and the sweep finishes it; a decline tells the player why', async () => {
    const player = await newPlayer();
    const slow = await refundRequested(player, 2);
    const declined = await refundRequested(player, 1);
    await sandboxControl('PUT', '/faults', { orderId: slow, faults: { refund: { httpStatus: 503 } } });
    const staff = await newStaff();
    const before = await gemsOf(player.uid);

    const page = await openPage(browser());
    await signInOnPage(page, staff.email);
    await page.goto(storeUrl(`/support/orders/${slow}`));
    await page.getByRole('button', { name: 'Approve refund' }).click();
    await page.getByRole('button', { name: 'Yes, approve the refund' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The provider has not confirmed the refund yet' });
    await alert.waitFor();
    await expect(alert.innerText()).resolves.toContain('It stays under way');
    await page.getByTestId('refund-decided').filter({ hasText: 'under way at the provider' }).waitFor();
    await expect(page.getByTestId('order-status').innerText()).resolves.toBe('paid');
    await expect(page.getByRole('button', { name: 'Decline refund' }).count()).resolves.toBe(0);
    await page.getByTestId('timeline').getByText(/The provider did not confirm the refund yet/).waitFor();
    // The gems are held back from the moment of approval, so they cannot be spent while the provider works.
    expect(await gemsOf(player.uid)).toBe(before - 1500);
    expect(await transactionOf(slow)).toMatchObject({ status: 'paid', checked: 1, refund: { status: 'approving' } });
    expect((await postJson(`/api/support/refunds/${slow}/decline`, { reason: 'Changed my mind' }, staff.idToken)).status).toBe(409);

    // The provider recovers; the sweep's next pass asks again with the same key and finishes the refund, once.
    await sandboxControl('DELETE', '/faults');
    const request = (await ownerDb().doc(`refund_requests/${slow}`).get()).data()!;
    expect(await settleRefundsOnce(inProcessRefundDeps(), request.nextCheckAt)).toMatchObject({ refunded: expect.any(Number) });
    await page.reload();
    await page.getByTestId('refund-decided').filter({ hasText: 'Approved and refunded.' }).waitFor();
    await expect(page.getByTestId('order-status').innerText()).resolves.toBe('refunded');
    expect(await gemsOf(player.uid)).toBe(before - 1500);
    expect((await sandboxControl('GET', `/orders/${slow}`)).status).toBe('refunded');

    await page.goto(storeUrl(`/support/orders/${declined}`));
    await page.getByRole('button', { name: 'Decline refund' }).click();
    await page.getByLabel('Reason for declining (the player sees and is emailed it)').fill('The gems were used in the game.');
    await page.getByRole('button', { name: 'Decline with this reason' }).click();
    await page.getByTestId('refund-decided').filter({ hasText: 'Declined: The gems were used in the game.' }).waitFor();
    expect(await gemsOf(player.uid)).toBe(before - 1500);
    const mails = await waitForMailsAbout(declined, (caught) => caught.some((mail) => mail.subject.startsWith('Your refund request')));
    expect(mails.find((mail) => mail.subject.startsWith('Your refund request'))!.text).toContain("Support's reason: The gems were used in the game.");
    expect((await getJson(`/api/orders/${declined}/refund`, player.idToken)).body.request).toMatchObject({
      status: 'declined',
      declineReason: 'The gems were used in the game.',
    });
    await page.context().close();
  });

  it('a plain player gets not-found on /support and 403 on every support API; the command revokes the role', async () => {
    const player = await newPlayer();
    for (const [method, path] of SUPPORT_CALLS) {
      const response = await fetch(api(path), { method, headers: { Authorization: `Bearer ${player.idToken}`, 'Content-Type': 'application/json' }, body: method === 'POST' ? '{}' : undefined });
      expect([method, path, response.status]).toEqual([method, path, 403]);
      const anonymous = await fetch(api(path), { method });
      expect([method, path, anonymous.status]).toEqual([method, path, 401]);
    }
    const page = await openPage(browser());
    await signInOnPage(page, player.email);
    for (const path of ['/support', '/support/orders/WC0000000000NOSUCH']) {
      await page.goto(storeUrl(path));
      await page.getByRole('heading', { level: 1, name: 'Lost in the wilds' }).waitFor();
      await expect(page.getByText('Support console').count()).resolves.toBe(0);
    }

    // A staff member whose role is revoked is out at once: the ID token they still hold passes no support
    // endpoint (its session is revoked) and reads no order through Firestore (the staff record is gone).
    const staff = await newStaff();
    const { orderId } = await returnedOrder(player, 1);
    expect((await getJson(apiPath(API_ROUTES.supportHealth), staff.idToken)).status).toBe(200);
    expect((await readAsClient(`transactions/${orderId}`, staff.idToken)).status).toBe(200);
    // Revocation counts whole seconds: a token minted in the second of the revoke would still pass.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await supportCommand('revoke', staff.email)).output).toContain('is no longer support staff, and signed out everywhere');
    expect(((await ownerAuth().getUserByEmail(staff.email)).customClaims ?? {}).support).toBeUndefined();
    for (const [method, path] of SUPPORT_CALLS) {
      const response = await fetch(api(path), { method, headers: { Authorization: `Bearer ${staff.idToken}`, 'Content-Type': 'application/json' }, body: method === 'POST' ? '{}' : undefined });
      expect([method, path, response.status]).toEqual([method, path, 401]);
    }
    expect((await readAsClient(`transactions/${orderId}`, staff.idToken)).status).toBe(403);
    expect(await supportCommand('grant', 'nobody-at-all@wyrmcrown.example')).toEqual({
      code: 1,
      output: expect.stringContaining('There is no account with the email nobody-at-all@wyrmcrown.example'),
    });
    await page.context().close();
  });

  it('credits manually only when the provider says paid and the gems were not credited, once', async () => {
    const player = await newPlayer();
    const staff = await newStaff();
    const { orderId } = await startPurchase(player, 1);
    // Not paid at the provider: nothing to credit.
    const refused = await postJson(`/api/support/orders/${orderId}/credit`, {}, staff.idToken);
    expect(refused).toEqual({ status: 409, body: { error: 'The provider says "pending", so there is nothing to credit.' } });
    // Paid at the provider, recorded paid but never credited (as an order from before crediting was one commit).
    await sandboxControl('PUT', '/faults', { orderId, faults: { callback: { none: true } } });
    await completeInSandbox(orderId);
    await ownerDb().doc(`transactions/${orderId}`).update({ status: 'paid', providerStatus: 'paid' });
    const detail = await getJson(`/api/support/orders/${orderId}`, staff.idToken);
    expect(detail.body.can).toEqual({ creditManually: true, decideRefund: false });
    // Three staff clicks at once: each is told the order is credited (sharing one confirmation, or finding it
    // done), and it is, once.
    const credits = await Promise.all([1, 2, 3].map(() => postJson(`/api/support/orders/${orderId}/credit`, {}, staff.idToken)));
    const told = credits.map((answer) => (answer.status === 200 ? answer.body.order.credited : answer.body.error));
    expect(told).toContain(true);
    expect(told.filter((answer) => answer !== true && answer !== 'The gems of this order were already credited.')).toEqual([]);
    expect(await gemsOf(player.uid)).toBe(1000);
    expect(await postJson(`/api/support/orders/${orderId}/credit`, {}, staff.idToken)).toEqual({
      status: 409,
      body: { error: 'The gems of this order were already credited.' },
    });
    expect(await gemsOf(player.uid)).toBe(1000);
    const timeline = (await getJson(`/api/support/orders/${orderId}`, staff.idToken)).body.timeline as Array<{ text: string }>;
    expect(timeline.filter((entry) => /gems credited/.test(entry.text)).map((entry) => entry.text)).toEqual([`1,000 gems credited by ${staff.email}`]);
  });
});

describe('GET /api/metrics', () => {
  const metric = (text: string, name: string) => Number(new RegExp(`^${name.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
  const scrape = async () => (await fetch(api('/api/metrics'))).text();

  it('shows the orders waiting by age and the refused callbacks, and they move when the store does', async () => {
    const before = await scrape();
    expect(before).toContain('# TYPE wyrmcrown_orders_waiting_for_provider gauge');
    const waiting = (text: string) => metric(text, 'wyrmcrown_orders_waiting_for_provider{age="under_5m"}');
    const rejected = (text: string) => metric(text, 'wyrmcrown_callbacks_rejected_last_hour');

    const player = await newPlayer();
    const { orderId } = await startPurchase(player, 1);
    const forged = signedCallback({ out_trade_no: orderId, order_id: 'SBX1', currency: 'AUD', amount: '15.99', pay_time: '1', payment_method: 'card', status: 'paid' }, 'not-the-merchant-key-at-all');
    expect((await postCallback(forged)).status).toBe(401);
    const after = await scrape();
    // This order waits, under 5 minutes old. (Not "one more than before": other suites' orders on the shared stack are
    // settled by their callbacks, or age past 5 minutes, at any moment: 6 before and 6 after was seen once.)
    expect(waiting(before)).toBeGreaterThanOrEqual(0);
    expect(waiting(after)).toBeGreaterThanOrEqual(1);
    expect(rejected(after)).toBeGreaterThanOrEqual(rejected(before) + 1);
    // Kept for a while, then deleted by Firestore's TTL policy on its expiry.
    const [refusal] = (await ownerDb().collection(COLLECTIONS.callbackRejections).where('orderId', '==', orderId).get()).docs;
    expect(refusal!.get(CALLBACK_REJECTION_EXPIRY_FIELD).toMillis() - refusal!.get('at')).toBe(CALLBACK_REJECTION_KEEP_MS);
    // An hour-old pending order moves to its own bucket.
    await ownerDb().doc(`transactions/${orderId}`).update({ createdAt: Date.now() - 2 * 3_600_000 });
    expect(metric(await scrape(), 'wyrmcrown_orders_waiting_for_provider{age="30m_to_24h"}')).toBeGreaterThanOrEqual(1);
    expect(after).toMatch(/^wyrmcrown_refunds_waiting \d+$/m);
    expect(after).toMatch(/^wyrmcrown_api_process_resident_memory_bytes \d+/m);
    expect(stackSettings.METRICS_TOKEN).toBe('');
  });

  it('shows this month’s disputes against the card schemes’ marks, as the health panel does, and they move when a dispute opens', async () => {
    const staff = await newStaff();
    const health = async () => (await getJson('/api/support/health', staff.idToken)).body.disputes;
    const before = await health();
    const player = await newPlayer();
    const { orderId } = await returnedOrder(player, 1);
    await sandboxControl('POST', `/orders/${orderId}/dispute`, { stage: 'opened' });
    // Other tests may open disputes meanwhile: at least this one is counted.
    await waitFor(health, (figures) => figures.month.disputes > before.month.disputes && figures.open > before.open);
    const after = await health();
    expect(after.month.rate).toBeCloseTo(after.month.disputes / after.month.paidOrders, 10);
    const text = await scrape();
    const [disputes, paid] = [metric(text, 'wyrmcrown_disputes_this_month'), metric(text, 'wyrmcrown_orders_paid_this_month')];
    expect(disputes).toBeGreaterThanOrEqual(after.month.disputes);
    expect(metric(text, 'wyrmcrown_dispute_rate_this_month')).toBeCloseTo(disputes / paid, 10);
    expect(metric(text, 'wyrmcrown_disputes_open')).toBeGreaterThanOrEqual(1);
    expect(metric(text, 'wyrmcrown_dispute_rate_mark{mark="monitoring"}')).toBe(0.015);
    expect(metric(text, 'wyrmcrown_dispute_rate_mark{mark="stronger_checks"}')).toBe(0.002);
  });
});
