import crypto from 'node:crypto';
import { settleRefundsOnce } from '../../src/server/refunds/refundSettlement';
import { spendInGame, trySpendInGame } from '../support/gameStandIn';
import {
  gemsOf,
  getJson,
  inProcessRefundDeps,
  newPlayer,
  ownerDb,
  postJson,
  returnedOrder,
  sandboxControl,
  stackSettings,
  transactionOf,
  waitFor,
  type TestPlayer,
} from '../support/paymentsHarness';
import { newStaff, refundRequested } from '../support/staff';

/**
 * The refund machine under racing staff, spending players and a slow provider, on the emulator and the
 * sandbox: after every round the provider's refunds and the store's debits match one for one, and no
 * balance is below zero. Each race runs ROUNDS rounds at once, each round its own player.
 */
jest.setTimeout(240_000);
const ROUNDS = 20;

let staff: TestPlayer;
beforeAll(async () => {
  staff = await newStaff();
});
afterEach(async () => {
  await sandboxControl('DELETE', '/faults');
});

const approve = (orderId: string) => postJson(`/api/support/refunds/${orderId}/approve`, {}, staff.idToken);
const decline = (orderId: string) => postJson(`/api/support/refunds/${orderId}/decline`, { reason: 'Declined in a race.' }, staff.idToken);
const rounds = <T>(round: (index: number) => Promise<T>) => Promise.all(Array.from({ length: ROUNDS }, (_unused, index) => round(index)));

/** The game spends gems as a game server does: it asks the store, which takes them only while its balance holds them. */
const spend = async (uid: string, gems: number) => (await trySpendInGame(uid, gems)).spent;

/** What the provider and the store each say of an order's refund. */
async function ledger(orderId: string) {
  const [provider, order, request] = await Promise.all([
    sandboxControl('GET', `/orders/${orderId}`),
    transactionOf(orderId),
    ownerDb().doc(`refund_requests/${orderId}`).get(),
  ]);
  const debits = (await ownerDb().collection(`transactions/${orderId}/events`).where('type', '==', 'refundApproving').get()).size;
  const givenBack = (await ownerDb().collection(`transactions/${orderId}/events`).where('type', '==', 'refundFailed').get()).size;
  return { providerRefunded: provider.status === 'refunded', storeRefunded: order!.status === 'refunded', request: request.data()!.status as string, debits: debits - givenBack };
}

/** The books agree: the provider refunded exactly when the store did, with exactly one debit, and the balance is what that leaves. */
function expectBooksAgree(book: Awaited<ReturnType<typeof ledger>>, balance: number, expected: { refunded: number; kept: number }) {
  expect(balance).toBeGreaterThanOrEqual(0);
  expect({ ...book, balance }).toEqual(
    book.providerRefunded
      ? { providerRefunded: true, storeRefunded: true, request: 'refunded', debits: 1, balance: expected.refunded }
      : { providerRefunded: false, storeRefunded: false, request: expect.stringMatching(/^(declined|requested|approval_failed)$/), debits: 0, balance: expected.kept },
  );
}

describe('refunds under races, on the emulator', () => {
  it(`approve and decline at the same moment: one wins, and the books agree (${ROUNDS} rounds)`, async () => {
    const outcomes = await rounds(async () => {
      const player = await newPlayer();
      const orderId = await refundRequested(player, 1);
      const [approved, declined] = await Promise.all([approve(orderId), decline(orderId)]);
      expect([approved.status, declined.status].filter((status) => status === 200)).toHaveLength(1);
      const book = await ledger(orderId);
      expectBooksAgree(book, await gemsOf(player.uid), { refunded: 0, kept: 1000 });
      return book.providerRefunded ? 'approved' : 'declined';
    });
    expect(outcomes).toHaveLength(ROUNDS);
  });

  it(`two approvals at once, two orders, a balance that covers one: one refund, one refusal before the provider (${ROUNDS} rounds)`, async () => {
    await rounds(async () => {
      const player = await newPlayer();
      const first = await refundRequested(player, 1);
      const second = await refundRequested(player, 1);
      expect(await spend(player.uid, 1000)).toBe(true);
      const answers = await Promise.all([approve(first), approve(second)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const books = await Promise.all([ledger(first), ledger(second)]);
      expect(books.filter((book) => book.providerRefunded)).toHaveLength(1);
      expect(books.map((book) => book.debits).sort()).toEqual([0, 1]);
      expect(await gemsOf(player.uid)).toBe(0);
    });
  });

  it(`gems spent while the provider refunds are refused by the game, never debited twice (${ROUNDS} rounds)`, async () => {
    await rounds(async () => {
      const player = await newPlayer();
      const orderId = await refundRequested(player, 1);
      // Long enough for the poll below to see the approval under way on a busy machine (600 ms was not, once),
      // and still short of the gateway's timeout (2 s), so the approval answers 200.
      await sandboxControl('PUT', '/faults', { orderId, faults: { refund: { latencyMs: 1_500 } } });
      const approval = approve(orderId);
      // The game spends while the provider is at work: once the approval is under way, before it answers.
      const underWay = await waitFor(
        async () => (await ownerDb().doc(`refund_requests/${orderId}`).get()).data()!.status as string,
        (status) => status !== 'requested',
      );
      expect(underWay).toBe('approving');
      const spent = await spend(player.uid, 1000);
      expect((await approval).status).toBe(200);
      const balance = await gemsOf(player.uid);
      // The approval held the gems back before the provider was asked: the spend found none to spend.
      expect(spent).toBe(false);
      expectBooksAgree(await ledger(orderId), balance, { refunded: 0, kept: 1000 });
    });
  });

  it(`a provider slower than the gateway's timeout: the refund stays under way, no decline, and the sweep finishes it once (${ROUNDS} rounds)`, async () => {
    const orderIds = await rounds(async () => {
      const player = await newPlayer();
      const orderId = await refundRequested(player, 1);
      await sandboxControl('PUT', '/faults', { orderId, faults: { refund: { latencyMs: stackSettings.GATEWAY_TIMEOUT_MS + 500 } } });
      const approved = await approve(orderId);
      expect([approved.status, approved.body.error]).toEqual([504, expect.stringContaining('It stays under way')]);
      expect((await decline(orderId)).status).toBe(409);
      expect((await approve(orderId)).status).toBe(409);
      expect((await ownerDb().doc(`refund_requests/${orderId}`).get()).data()!.status).toBe('approving');
      return { orderId, player };
    });
    // The provider did refund them all, after the store stopped waiting.
    for (const { orderId } of orderIds) {
      for (let tries = 0; (await sandboxControl('GET', `/orders/${orderId}`)).status !== 'refunded' && tries < 100; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await sandboxControl('DELETE', '/faults');
    await settleRefundsOnce(inProcessRefundDeps(), Date.now() + 3_600_000);
    for (const { orderId, player } of orderIds) {
      expectBooksAgree(await ledger(orderId), await gemsOf(player.uid), { refunded: 0, kept: 1000 });
      expect((await ledger(orderId)).providerRefunded).toBe(true);
    }
  });

  it('an API that dies between the provider’s refund and its commit leaves the refund under way, on the console, and the sweep finishes it', async () => {
    const player = await newPlayer();
    const orderId = await refundRequested(player, 3);
    const deps = inProcessRefundDeps();
    // What the API had done when it died: approving committed, the provider asked, nothing after.
    const attemptId = crypto.randomUUID();
    const begun = await deps.refunds.beginApproval(orderId, { actor: { uid: staff.uid, email: staff.email }, at: Date.now(), attemptId, firstCheckAt: Date.now() });
    expect(begun.decided).toBe(true);
    await deps.gateway.refund(orderId, '45.99', attemptId);

    const shown = (await getJson(`/api/support/orders/${orderId}`, staff.idToken)).body;
    expect(shown.refund).toMatchObject({ status: 'approving' });
    expect(shown.can.decideRefund).toBe(false);
    expect(shown.timeline.map((entry: { type: string }) => entry.type)).toContain('refundApproving');
    // The provider's own word for the order, refunded, moves nothing by itself: the refund machine does.
    const asked = await postJson(`/api/support/orders/${orderId}/check`, {}, staff.idToken);
    expect([asked.body.providerStatus, asked.body.detail.order.status]).toEqual(['refunded', 'paid']);
    expect(await gemsOf(player.uid)).toBe(0);

    expect(await settleRefundsOnce(deps, Date.now() + 1)).toMatchObject({ refunded: expect.any(Number) });
    expectBooksAgree(await ledger(orderId), await gemsOf(player.uid), { refunded: 0, kept: 3500 });
    expect((await ledger(orderId)).providerRefunded).toBe(true);
  });

  it('a request is judged against the gems the player’s other waiting requests would take back', async () => {
    const player = await newPlayer();
    const { orderId: first } = await returnedOrder(player, 1);
    const { orderId: second } = await returnedOrder(player, 1);
    await spendInGame(player.uid, 500);
    const ask = (orderId: string) => postJson(`/api/orders/${orderId}/refund`, { reason: 'Both by mistake.' }, player.idToken);
    expect((await ask(first)).status).toBe(201);
    expect(await ask(second)).toEqual({
      status: 409,
      body: { error: 'Refunds are for unused gems only. This pack added 1,000 gems and your balance is 1,500, of which your other refund requests would take back 1,000.' },
    });
  });
});
