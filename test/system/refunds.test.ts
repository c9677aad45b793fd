import { STARTING_PACKS } from '../../src/shared/startingCatalogue';
import { REFUND_WINDOW_MS } from '../../src/shared/refunds/refundPolicy';
import { spendInGame } from '../support/gameStandIn';
import { waitForMailsAbout, waitForOutboxSent } from '../support/mailbox';
import {
  completeInSandbox,
  gemsOf,
  getJson,
  newPlayer,
  paymentDetails,
  ownerDb,
  postCallback,
  postJson,
  returnedOrder,
  sandboxControl,
  signedCallback,
  startPurchase,
  transactionOf,
  type TestPlayer,
} from '../support/paymentsHarness';

jest.setTimeout(120_000);

afterEach(async () => {
  await sandboxControl('DELETE', '/faults');
});

const refund = (player: TestPlayer, orderId: string, reason = 'I bought the wrong pack.') =>
  postJson(`/api/orders/${orderId}/refund`, { reason }, player.idToken);

describe('receipt emails', () => {
  it('are sent exactly once per credited order, however many confirmations race', async () => {
    const player = await newPlayer();
    const { orderId } = await startPurchase(player, 3);
    await sandboxControl('PUT', '/faults', { orderId, faults: { callback: { none: true } } });
    const returnParameters = await completeInSandbox(orderId, 'paid');
    const { signature: _ignored, ...fields } = returnParameters;
    const callback = signedCallback({ ...fields, out_trade_no: orderId, status: 'paid' });
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_unused, i) =>
        i % 3 === 0
          ? postCallback(callback).then((answer) => answer.status)
          : i % 3 === 1
            ? postJson('/api/payments/return', returnParameters, player.idToken).then((answer) => answer.status)
            : postJson(`/api/orders/${orderId}/check`, {}, player.idToken).then((answer) => answer.status),
      ),
    );
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(await gemsOf(player.uid)).toBe(3500);

    // Everything owed about the order has been sent before counting: a second receipt would be caught by now.
    await waitForOutboxSent(orderId);
    const receipts = (await waitForMailsAbout(orderId, () => true)).filter((mail) => mail.subject.startsWith('Your Wyrmcrown receipt'));
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    // To the account's email, never the one typed at checkout (that goes only to the provider).
    expect(receipt!.to.map((to) => to.address)).toEqual([player.email]);
    expect(paymentDetails.email).not.toBe(player.email);
    expect(`${receipt!.text}${receipt!.html}`).not.toContain(paymentDetails.email);
    expect(receipt!.text).toContain('Tax invoice');
    expect(receipt!.text).toContain('GST included: A$4.18');
    expect(receipt!.text).toMatch(/ABN: \d{2} \d{3} \d{3} \d{3}/);
    expect(receipt!.text).toContain(`/account/orders/${orderId}`);
    expect(receipt!.html).toContain('A$45.99');
    expect((await ownerDb().doc(`mail_outbox/receipt-${orderId}`).get()).data()).toMatchObject({ status: 'sent', attempts: 0 });
  });
});

describe('refund requests', () => {
  it('are accepted once, emailed to support, shown on the order, and refused the second time', async () => {
    const player = await newPlayer();
    const { orderId } = await returnedOrder(player, 3);

    expect((await getJson(`/api/orders/${orderId}/refund`, player.idToken)).body).toEqual({ request: null, eligibility: { eligible: true } });
    const first = await refund(player, orderId, '  Bought it by mistake <b>twice</b>  ');
    expect(first.status).toBe(201);
    expect(first.body.request).toMatchObject({ orderId, status: 'requested', reason: 'Bought it by mistake <b>twice</b>' });
    expect(first.body.eligibility).toMatchObject({ eligible: false, refusal: 'alreadyRequested' });

    const second = await refund(player, orderId);
    expect(second).toEqual({ status: 409, body: { error: 'A refund has already been requested for this order.' } });

    const stored = (await ownerDb().doc(`refund_requests/${orderId}`).get()).data();
    expect(stored).toMatchObject({ orderId, userId: player.uid, status: 'requested', reason: 'Bought it by mistake <b>twice</b>', amount: '45.99', gemCount: 3500 });
    expect(await transactionOf(orderId)).toMatchObject({ status: 'paid', checked: 1, refund: { status: 'requested' } });
    expect((await getJson(`/api/orders/${orderId}`, player.idToken)).body.refund).toMatchObject({ status: 'requested' });

    const toSupport = (await waitForMailsAbout(orderId, (mails) => mails.some((mail) => mail.subject.startsWith('Refund requested')))).filter((mail) =>
      mail.subject.startsWith('Refund requested'),
    );
    expect(toSupport).toHaveLength(1);
    expect(toSupport[0]!.to.map((to) => to.address)).toEqual(['support@wyrmcrown.example']);
    expect(toSupport[0]!.text).toContain(player.email);
    expect(toSupport[0]!.html).toContain('Bought it by mistake &lt;b&gt;twice&lt;/b&gt;');
  });

  it('twenty racing requests for one order make one request and one email', async () => {
    const player = await newPlayer();
    const { orderId } = await returnedOrder(player, 2);
    const statuses = await Promise.all(Array.from({ length: 20 }, () => refund(player, orderId).then((answer) => answer.status)));
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    await waitForOutboxSent(orderId);
    expect((await waitForMailsAbout(orderId, () => true)).filter((mail) => mail.subject.startsWith('Refund requested'))).toHaveLength(1);
  });

  it('are refused with the reason once the gems are spent, past 7 days, or over the last transaction, and nothing is stored', async () => {
    const player = await newPlayer();
    const { orderId: pouch } = await returnedOrder(player, 3);
    const { orderId: vault } = await returnedOrder(player, 6);
    expect(await gemsOf(player.uid)).toBe(3500 + 10_000);

    // Spent in the game: one gem short of the Vault's 10,000.
    await spendInGame(player.uid, 3_501);
    const spent = await refund(player, vault);
    expect(spent).toEqual({
      status: 409,
      body: { error: 'Refunds are for unused gems only. This pack added 10,000 gems and your balance is 9,999.' },
    });

    // The Pouch (A$45.99, its 3,500 gems still held) is no more than the last transaction (the Vault, A$85.99); a week
    // and a millisecond later, it is too late.
    const paidAt = (await transactionOf(pouch))!.paidAt as number;
    await ownerDb().doc(`transactions/${pouch}`).update({ paidAt: paidAt - REFUND_WINDOW_MS - 1 });
    expect((await refund(player, pouch)).body.error).toBe('Refunds can be requested within 7 days of purchase, and this order is older than that.');

    // A cheaper last transaction caps what may be refunded.
    await ownerDb().doc(`transactions/${pouch}`).update({ paidAt });
    const { orderId: tiny } = await returnedOrder(player, 1);
    expect((await refund(player, pouch)).body.error).toBe(
      'A refund can be no more than your last transaction (A$15.99). Please contact support about this order.',
    );
    expect((await getJson(`/api/orders/${pouch}/refund`, player.idToken)).body.eligibility).toMatchObject({ eligible: false, refusal: 'overLastTransaction' });
    expect((await refund(player, tiny)).status).toBe(201);

    for (const orderId of [pouch, vault]) {
      expect((await ownerDb().doc(`refund_requests/${orderId}`).get()).exists).toBe(false);
      expect((await transactionOf(orderId))!.refund).toBeUndefined();
    }
  });

  it("keeps another player's orders out of reach, and refuses unpaid orders and bad reasons", async () => {
    const owner = await newPlayer();
    const stranger = await newPlayer();
    const { orderId } = await returnedOrder(owner, 1);
    expect((await refund(stranger, orderId)).status).toBe(404);
    expect((await getJson(`/api/orders/${orderId}/refund`, stranger.idToken)).status).toBe(404);
    expect((await postJson(`/api/orders/${orderId}/refund`, { reason: 'x' })).status).toBe(401);

    expect((await postJson(`/api/orders/${orderId}/refund`, { reason: '   ' }, owner.idToken)).status).toBe(400);
    expect((await postJson(`/api/orders/${orderId}/refund`, { reason: 'x'.repeat(1001) }, owner.idToken)).status).toBe(400);
    expect((await postJson(`/api/orders/${orderId}/refund`, { reason: 'fine', extra: 1 }, owner.idToken)).status).toBe(400);

    const { orderId: unpaid } = await startPurchase(owner, 2);
    expect((await refund(owner, unpaid)).body.error).toBe('Only a paid order can be refunded.');
    expect((await ownerDb().doc(`refund_requests/${orderId}`).get()).exists).toBe(false);
    expect(await gemsOf(owner.uid)).toBe(STARTING_PACKS[0]!.gemCount);
  });
});
