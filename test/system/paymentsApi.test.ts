import { STARTING_PACKS } from '../../src/shared/startingCatalogue';
import { COLLECTIONS, PROTECTION_EVENTS } from '../../src/shared/firestorePaths';
import { sweepOnce } from '../../src/server/orderWatch/sweep';
import {
  completeInSandbox,
  gemsOf,
  getJson,
  inProcessPaymentDeps,
  newPlayer,
  ownerDb,
  paymentDetails,
  postCallback,
  postJson,
  sandboxControl,
  signedCallback,
  stackSettings,
  startPurchase,
  transactionOf,
  waitFor,
  type TestPlayer,
} from '../support/paymentsHarness';

jest.setTimeout(60_000);

const pouch = STARTING_PACKS[2]!;

afterEach(async () => {
  await sandboxControl('DELETE', '/faults');
});

/** The callback the sandbox would send for an order it has marked paid. */
function paidCallbackFor(orderId: string, returnParameters: Record<string, string>) {
  const { signature: _ignored, ...fields } = returnParameters;
  return signedCallback({ ...fields, out_trade_no: orderId, status: 'paid' });
}

describe('a full purchase', () => {
  it('records the order pending, and the provider’s callback credits the pack’s gems once', async () => {
    const player = await newPlayer();
    const { orderId, checkoutUrl } = await startPurchase(player);
    expect(checkoutUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/[\w-]+$/);

    const pending = await transactionOf(orderId);
    expect(pending).toMatchObject({
      status: 'pending',
      checked: 0,
      userId: player.uid,
      gemCount: pouch.gemCount,
      amount: '45.99',
      currency: 'AUD',
      product_name: 'Pouch of Gem',
      order_id: orderId,
      firstname: paymentDetails.firstName,
    });
    expect(pending).not.toHaveProperty('signature');
    expect(JSON.stringify(pending)).not.toContain(process.env.MERCHANT_PRIVATE_KEY ?? 'sandbox-merchant-private-key');

    const returnParameters = await completeInSandbox(orderId);
    expect(returnParameters).toMatchObject({ status: 'paid', out_trade_no: orderId });
    await waitFor(() => transactionOf(orderId), (record) => record?.checked === 1);
    expect(await gemsOf(player.uid)).toBe(pouch.gemCount);

    // The browser comes back afterwards: the return is saved, confirmed, and credits nothing more.
    const { status, body } = await postJson('/api/payments/return', returnParameters, player.idToken);
    expect(status).toBe(200);
    expect(body).toMatchObject({ orderId, status: 'paid', credited: true, packId: 3, gemCount: pouch.gemCount, amount: '45.99' });
    expect(body).not.toHaveProperty('phone');
    const saved = (await ownerDb().doc(`successful_transactions/${orderId}`).get()).data();
    expect(saved).toMatchObject({ status: 'paid', out_trade_no: orderId });
    expect(await gemsOf(player.uid)).toBe(pouch.gemCount);
  });

  it('without any callback, the return alone confirms with the provider and credits', async () => {
    const player = await newPlayer();
    const { orderId } = await startPurchase(player, 1);
    await sandboxControl('PUT', '/faults', { orderId, faults: { callback: { none: true } } });
    const returnParameters = await completeInSandbox(orderId);
    const { body } = await postJson('/api/payments/return', returnParameters, player.idToken);
    expect(body).toMatchObject({ orderId, status: 'paid', credited: true });
    expect(await gemsOf(player.uid)).toBe(STARTING_PACKS[0]!.gemCount);
  });
});

describe('what credits nothing', () => {
  it('a forged ?status=paid for an order nobody paid', async () => {
    const player = await newPlayer();
    const { orderId } = await startPurchase(player);
    const { status, body } = await postJson(
      '/api/payments/return',
      { status: 'paid', out_trade_no: orderId, signature: 'f'.repeat(64) },
      player.idToken,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ orderId, status: 'pending', credited: false });
    expect(await transactionOf(orderId)).toMatchObject({ status: 'pending', checked: 0 });
    expect(await gemsOf(player.uid)).toBe(0);
    // Not signed by the provider: nothing of it is stored, however often it comes.
    for (let i = 0; i < 5; i += 1) await postJson('/api/payments/return', { status: 'paid', out_trade_no: orderId, pay_time: String(i), signature: 'f'.repeat(64) }, player.idToken);
    expect((await ownerDb().doc(`successful_transactions/${orderId}`).get()).exists).toBe(false);
    expect((await ownerDb().collection(`transactions/${orderId}/events`).where('type', '==', 'returnReceived').get()).size).toBe(0);
  });

  it('a lone surrogate in any text field of the payment form: a field error, no order, no call to the provider', async () => {
    const player = await newPlayer();
    for (const field of ['firstName', 'lastName', 'address', 'state', 'city', 'postCode']) {
      const answer = await postJson('/api/payments', { packId: 3, ...paymentDetails, [field]: `Ar\ud800thur` }, player.idToken);
      expect([field, answer.status, JSON.stringify(answer.body)]).toEqual([field, 400, expect.stringContaining('cannot be saved')]);
    }
    expect((await ownerDb().collection('transactions').where('userId', '==', player.uid).get()).size).toBe(0);
  });

  it('a return for an order we never made, or a malformed one', async () => {
    const { idToken } = await newPlayer();
    expect((await postJson('/api/payments/return', { status: 'paid', out_trade_no: 'WC0000000000NOSUCHORDER' }, idToken)).status).toBe(404);
    expect((await postJson('/api/payments/return', { status: 'paid', out_trade_no: '../users/x' }, idToken)).status).toBe(400);
    expect((await postJson('/api/payments/return', { status: 'paid' }, idToken)).status).toBe(400);
    expect((await postJson('/api/payments/return', { status: 'paid', out_trade_no: 'WC0000000000NOSUCHORDER', __x__: '1' }, idToken)).status).toBe(400);
    expect((await postJson('/api/payments/return', { status: '\ud800', out_trade_no: 'WC0000000000NOSUCHORDER' }, idToken)).status).toBe(400);
  });

  it('a return without a session, or from another player: refused, and nothing written', async () => {
    const owner = await newPlayer();
    const other = await newPlayer();
    const { orderId } = await startPurchase(owner);
    const returnParameters = await completeInSandbox(orderId);
    await waitFor(() => transactionOf(orderId), (record) => record?.checked === 1);
    expect((await postJson('/api/payments/return', returnParameters)).status).toBe(401);
    const forged = await postJson('/api/payments/return', { ...returnParameters, pay_time: 'forged' }, other.idToken);
    expect(forged.status).toBe(403);
    expect((await ownerDb().doc(`successful_transactions/${orderId}`).get()).exists).toBe(false);
    // The owner's own return is kept, and a second one never overwrites it.
    await postJson('/api/payments/return', returnParameters, owner.idToken);
    await postJson('/api/payments/return', { ...returnParameters, pay_time: 'later' }, owner.idToken);
    const saved = ownerDb().doc(`successful_transactions/${orderId}`);
    expect((await saved.get()).data()).toMatchObject({ pay_time: returnParameters.pay_time });
    expect((await saved.collection('returns').get()).size).toBe(0);
  });

  it('another player’s order id reads as not found, and its check too', async () => {
    const owner = await newPlayer();
    const other = await newPlayer();
    const { orderId } = await startPurchase(owner);
    expect((await getJson(`/api/orders/${orderId}`, owner.idToken)).body).toMatchObject({ orderId, status: 'pending', packId: 3 });
    expect((await getJson(`/api/orders/${orderId}`, other.idToken)).status).toBe(404);
    expect((await postJson(`/api/orders/${orderId}/check`, {}, other.idToken)).status).toBe(404);
    expect((await getJson(`/api/orders/${orderId}`)).status).toBe(401);
  });

  it('a callback with a bad signature: 401, and nothing changes', async () => {
    const player = await newPlayer();
    const { orderId } = await startPurchase(player);
    const forged = signedCallback(
      { out_trade_no: orderId, order_id: 'SBX1', currency: 'AUD', amount: '45.99', pay_time: '1', payment_method: 'card', status: 'paid' },
      'not-the-merchant-key',
    );
    const answer = await postCallback(forged);
    expect(answer.status).toBe(401);
    expect(answer.text).toContain('invalid signature');
    expect(await transactionOf(orderId)).toMatchObject({ status: 'pending', checked: 0 });
    expect(await gemsOf(player.uid)).toBe(0);
  });

  it('a signed callback whose amount is not the order’s', async () => {
    const player = await newPlayer();
    const { orderId } = await startPurchase(player);
    const answer = await postCallback(
      signedCallback({ out_trade_no: orderId, order_id: 'SBX1', currency: 'AUD', amount: '0.01', pay_time: '1', payment_method: 'card', status: 'paid' }),
    );
    expect(answer.status).toBe(400);
    expect(await gemsOf(player.uid)).toBe(0);
  });
});

describe('a gateway that misbehaves when a payment starts', () => {
  async function pendingCount(player: TestPlayer): Promise<number> {
    return (await ownerDb().collection('transactions').where('userId', '==', player.uid).get()).size;
  }

  it.each([
    ['down (HTTP 503)', { httpStatus: 503 }, 502, /not available right now/],
    ['answering garbage', { garbage: true }, 502, /not available right now/],
    ['too slow (timeout)', { latencyMs: 3000 }, 504, /did not answer in time/],
    ['refusing (msg not SUCCESS)', { msg: 'CARD_BLOCKED' }, 502, /could not start this payment \(CARD_BLOCKED\)/],
  ])('%s: a clear error, and nothing stored as pending', async (_name, fault, status, message) => {
    const player = await newPlayer();
    // The fault reaches this player's payments alone (the buyer's email the form sends): other suites' go on beside it.
    await sandboxControl('PUT', '/faults', { email: player.email, faults: { payment: fault } });
    const answer = await postJson('/api/payments', { packId: 3, ...paymentDetails, email: player.email }, player.idToken);
    expect(answer.status).toBe(status);
    expect(answer.body.error).toMatch(message);
    expect(answer.body.error).toMatch(/You have not been charged/);
    expect(await pendingCount(player)).toBe(0);
  });

  it('twenty payments at once by one player open at most MAX_OPEN_ORDERS orders, and the rest are told why', async () => {
    const player = await newPlayer();
    const answers = await Promise.all(Array.from({ length: 20 }, () => postJson('/api/payments', { packId: 1, ...paymentDetails }, player.idToken)));
    const created = answers.filter((answer) => answer.status === 201);
    expect(created).toHaveLength(stackSettings.MAX_OPEN_ORDERS);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(20 - stackSettings.MAX_OPEN_ORDERS);
    expect(await pendingCount(player)).toBe(stackSettings.MAX_OPEN_ORDERS);
    // Once the places are taken by recorded orders, the refusal names the newest of them.
    const later = await postJson('/api/payments', { packId: 1, ...paymentDetails }, player.idToken);
    expect(later.status).toBe(409);
    expect(created.some((answer) => later.body.error.includes(answer.body.orderId))).toBe(true);
  });

  it('twenty payments at once at the edge of a monthly limit never pass it: one order, the rest refused, nothing stored', async () => {
    const player = await newPlayer();
    // A$31.97: room for one Tiny pack (A$15.99) and not two, though the open-order cap would allow two.
    expect((await postJson('/api/account/limits', { monthlyLimit: '31.97' }, player.idToken)).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 20 }, () => postJson('/api/payments', { packId: 1, ...paymentDetails }, player.idToken)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(19);
    expect(await pendingCount(player)).toBe(1);
    // Once the racers have settled, the refusal names what is left; the limit's view agrees.
    const later = await postJson('/api/payments', { packId: 1, ...paymentDetails }, player.idToken);
    expect([later.status, later.body.reason]).toEqual([409, 'spendingLimit']);
    expect(later.body.error).toContain('A$15.98 left this month');
    expect(answers.some((answer) => answer.body.reason === 'spendingLimit')).toBe(true);
    const view = await getJson('/api/account/limits', player.idToken);
    // Spent means paid: the open order is held against the limit, apart.
    expect(view.body).toMatchObject({ monthlyLimitCents: 3197, spentThisMonthCents: 0, heldThisMonthCents: 1599, leftThisMonthCents: 1598 });
  });

  it('a monthly limit: lowered at once, raised only after 24 hours, refused when it is not an amount, and no one else’s', async () => {
    const player = await newPlayer();
    const set = async (monthlyLimit: string) => postJson('/api/account/limits', { monthlyLimit }, player.idToken);
    expect((await set('20')).body).toMatchObject({ monthlyLimitCents: 2000, pending: null, leftThisMonthCents: 2000 });
    const raised = (await set('50')).body;
    expect(raised).toMatchObject({ monthlyLimitCents: 2000, pending: { monthlyLimitCents: 5000 } });
    expect(raised.pending.effectiveAt - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect((await set('')).body).toMatchObject({ monthlyLimitCents: 2000, pending: { monthlyLimitCents: null } });
    expect((await set('10')).body).toMatchObject({ monthlyLimitCents: 1000, pending: null });
    const refused = await set('-5');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/Enter an amount in dollars/);
    expect((await getJson('/api/account/limits', player.idToken)).body).toMatchObject({ monthlyLimitCents: 1000 });
    expect((await postJson('/api/account/limits', { monthlyLimit: '' })).status).toBe(401);
    // The history keeps every change, for support.
    const history = await ownerDb().collection(COLLECTIONS.playerProtections).doc(player.uid).collection(PROTECTION_EVENTS).where('type', '==', 'limitChanged').get();
    expect(history.size).toBe(4);
  });

  it('a query that fails leaves the order as it was, for a later check', async () => {
    const player = await newPlayer();
    const { orderId } = await startPurchase(player);
    await sandboxControl('PUT', '/faults', { orderId, faults: { callback: { none: true }, query: { httpStatus: 500 } } });
    const returnParameters = await completeInSandbox(orderId);
    expect((await postJson('/api/payments/return', returnParameters, player.idToken)).body).toMatchObject({ orderId, status: 'pending' });
    expect(await gemsOf(player.uid)).toBe(0);

    await sandboxControl('DELETE', '/faults');
    expect((await postJson('/api/transactions/reconcile', {}, player.idToken)).body).toMatchObject({ checked: 1, credited: 1 });
    expect(await gemsOf(player.uid)).toBe(pouch.gemCount);
  });
});

describe('bad input to POST /api/payments', () => {
  it('needs a signed-in player', async () => {
    expect((await postJson('/api/payments', { packId: 3, ...paymentDetails })).status).toBe(401);
    expect((await postJson('/api/payments', { packId: 3, ...paymentDetails }, 'not-a-token')).status).toBe(401);
  });

  it.each([
    ['an unknown pack', { packId: 99 }, /^That gem pack is not on sale\.$/],
    ['a country not in the list', { country: 'XX' }, /country: Choose a country from the list/],
    ['an over-long name', { firstName: 'x'.repeat(51) }, /firstName: Use at most 50 characters/],
    ['a bad email', { email: 'aria@' }, /email/],
    ['a price of its own', { amount: '0.01', packId: 'three' }, /packId/],
  ])('%s: 400 with the reason, nothing stored', async (_name, change, message) => {
    const player = await newPlayer();
    const answer = await postJson('/api/payments', { packId: 3, ...paymentDetails, ...change }, player.idToken);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(message);
    expect((await ownerDb().collection('transactions').where('userId', '==', player.uid).get()).size).toBe(0);
  });
});

describe('exactly once', () => {
  it('50 concurrent callbacks, returns and reconciles on one paid order credit it once', async () => {
    const player = await newPlayer();
    const { orderId } = await startPurchase(player, 6);
    await sandboxControl('PUT', '/faults', { orderId, faults: { callback: { none: true } } });
    const returnParameters = await completeInSandbox(orderId);
    const callback = paidCallbackFor(orderId, returnParameters);

    const calls = Array.from({ length: 50 }, (_, i) => {
      if (i % 3 === 0) return postCallback(callback).then((answer) => answer.status);
      if (i % 3 === 1) return postJson('/api/payments/return', returnParameters, player.idToken).then((answer) => answer.status);
      return postJson('/api/transactions/reconcile', {}, player.idToken).then((answer) => answer.status);
    });
    const statuses = await Promise.all(calls);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await gemsOf(player.uid)).toBe(STARTING_PACKS[5]!.gemCount);
    expect(await transactionOf(orderId)).toMatchObject({ status: 'paid', checked: 1 });
  });

  it('duplicate and late callbacks from the provider credit once', async () => {
    const player = await newPlayer();
    const { orderId } = await startPurchase(player, 2);
    await sandboxControl('PUT', '/faults', { orderId, faults: { callback: { duplicates: 4, delayMs: 300 } } });
    await completeInSandbox(orderId);
    const order = await waitFor<{ callbacks: Array<{ acknowledged: boolean }> }>(
      () => sandboxControl('GET', `/orders/${orderId}`),
      (state) => state.callbacks.length >= 5,
    );
    expect(order.callbacks.filter((attempt) => attempt.acknowledged)).toHaveLength(5);
    expect(await gemsOf(player.uid)).toBe(STARTING_PACKS[1]!.gemCount);
  });
});

describe('the reconciler and the sweep', () => {
  it('re-check only pending transactions younger than 30 minutes', async () => {
    const player = await newPlayer();
    const { orderId } = await startPurchase(player);
    await sandboxControl('PUT', '/faults', { orderId, faults: { callback: { none: true } } });
    await completeInSandbox(orderId);
    const thirtyMinutes = 1_800_000;

    await ownerDb().doc(`transactions/${orderId}`).update({ createdAt: Date.now() - thirtyMinutes - 5_000 });
    expect((await postJson('/api/transactions/reconcile', {}, player.idToken)).body).toMatchObject({ checked: 0, credited: 0 });
    expect(await gemsOf(player.uid)).toBe(0);

    await ownerDb().doc(`transactions/${orderId}`).update({ createdAt: Date.now() - thirtyMinutes + 60_000 });
    expect((await postJson('/api/transactions/reconcile', {}, player.idToken)).body).toMatchObject({ checked: 1, credited: 1 });
    expect(await gemsOf(player.uid)).toBe(pouch.gemCount);
  });

  it('the provider’s status overwrites the stored one (a declined payment becomes failed)', async () => {
    const player = await newPlayer();
    const { orderId } = await startPurchase(player);
    await completeInSandbox(orderId, 'failed');
    const { body } = await postJson('/api/transactions/reconcile', {}, player.idToken);
    expect(body.orders).toEqual([expect.objectContaining({ orderId, status: 'failed', credited: false })]);
    expect(await transactionOf(orderId)).toMatchObject({ status: 'failed', checked: 0 });
    expect(await gemsOf(player.uid)).toBe(0);
  });

  it('a player’s reconcile touches only their own transactions', async () => {
    const [alice, bob] = await Promise.all([newPlayer(), newPlayer()]);
    const { orderId } = await startPurchase(bob);
    await sandboxControl('PUT', '/faults', { orderId, faults: { callback: { none: true } } });
    await completeInSandbox(orderId);
    expect((await postJson('/api/transactions/reconcile', {}, alice.idToken)).body).toMatchObject({ checked: 0 });
    expect(await gemsOf(bob.uid)).toBe(0);
  });

  it('the server sweep credits any player’s paid order, and running it twice at once credits once', async () => {
    const player = await newPlayer();
    const { orderId } = await startPurchase(player, 4);
    await sandboxControl('PUT', '/faults', { orderId, faults: { callback: { none: true } } });
    await completeInSandbox(orderId);
    // Due at the dawn of time, and swept then: no other test's order is due that early.
    await ownerDb().doc(`transactions/${orderId}`).update({ nextCheckAt: 1 });
    const deps = inProcessPaymentDeps();
    const passes = await Promise.all([sweepOnce(deps, 10), sweepOnce(deps, 10)]);
    expect(passes.map((pass) => pass.claimed).sort()).toEqual([0, 1]);
    expect(await gemsOf(player.uid)).toBe(STARTING_PACKS[3]!.gemCount);
    expect(await transactionOf(orderId)).toMatchObject({ status: 'paid', checked: 1 });
  });
});
