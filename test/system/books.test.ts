import { settleRefundsOnce } from '../../src/server/refunds/refundSettlement';
import { COLLECTIONS } from '../../src/shared/firestorePaths';
import { gemsOf, inProcessRefundDeps, newPlayer, ownerDb, postJson, returnedOrder, sandboxControl, transactionOf, waitFor } from '../support/paymentsHarness';
import { newStaff, refundRequested } from '../support/staff';
import { gameStandIn, spendInGame } from '../support/gameStandIn';

/**
 * The store's books against the game's, on the shared stack: every move the store makes reaches the game's
 * stand-in (its wallet keeps a debt as the store does), and after each the two read the same balance and debt.
 */
jest.setTimeout(120_000);

const standIn = gameStandIn;

/** What the store holds for the player, and what the game's wallet holds once every event of theirs was taken. */
async function books(uid: string) {
  await waitFor(
    async () => (await ownerDb().collection(COLLECTIONS.gameEvents).where('uid', '==', uid).get()).docs.map((doc) => doc.get('status') as string),
    (statuses) => statuses.every((status) => status === 'delivered'),
    15_000,
  );
  const user = (await ownerDb().doc(`users/${uid}`).get()).data() ?? {};
  const wallet = await standIn(`/wallets/${uid}`);
  return { store: { balance: user.gemCount ?? 0, debt: user.gemDebt ?? 0 }, game: { balance: wallet.gems, debt: wallet.debt } };
}

afterEach(async () => {
  await sandboxControl('DELETE', '/faults');
});

describe('the books, the store’s and the game’s', () => {
  it('a refund the provider refuses after a dispute left a debt: the gems given back pay the debt in both books', async () => {
    const [player, staff] = await Promise.all([newPlayer(), newStaff()]);
    const refunding = await refundRequested(player, 1);
    const { orderId: disputed } = await returnedOrder(player, 3);
    await waitFor(() => gemsOf(player.uid), (gems) => gems === 4500);

    // The approval takes the refund's 1,000 gems back; the provider cannot answer yet, so it stays under way.
    await sandboxControl('PUT', '/faults', { orderId: refunding, faults: { refund: { httpStatus: 503 } } });
    const approval = await postJson(`/api/support/refunds/${refunding}/approve`, {}, staff.idToken);
    expect(approval.status).toBe(504);
    expect(await books(player.uid)).toEqual({ store: { balance: 3500, debt: 0 }, game: { balance: 3500, debt: 0 } });

    // The player spends 3,000 in the game; then their bank disputes the 3,500-gem order: 500 taken, 3,000 owed.
    expect(await spendInGame(player.uid, 3000)).toEqual({ balance: 500, debt: 0 });
    await sandboxControl('POST', `/orders/${disputed}/dispute`, { stage: 'opened' });
    await waitFor(() => transactionOf(disputed), (order) => order?.dispute?.status === 'opened');
    expect(await books(player.uid)).toEqual({ store: { balance: 0, debt: 3000 }, game: { balance: 0, debt: 3000 } });

    // The provider refuses the refund when the sweep asks again: its 1,000 gems come back and pay the debt first.
    await sandboxControl('PUT', '/faults', { orderId: refunding, faults: { refund: { msg: 'REFUND_REFUSED' } } });
    await ownerDb().doc(`refund_requests/${refunding}`).update({ nextCheckAt: 0, leaseUntil: 0 });
    // The API's own sweep may settle it first: either way it ends refused, once.
    await settleRefundsOnce(inProcessRefundDeps());
    const request = await waitFor(async () => (await ownerDb().doc(`refund_requests/${refunding}`).get()).get('status') as string, (status) => status !== 'approving');
    expect(request).toBe('approval_failed');
    expect(await books(player.uid)).toEqual({ store: { balance: 0, debt: 2000 }, game: { balance: 0, debt: 2000 } });
    const history = (await ownerDb().collection(`transactions/${refunding}/events`).get()).docs.map((doc) => [doc.get('type'), doc.get('gems') ?? null]);
    expect(history).toEqual(expect.arrayContaining([['refundFailed', 1000], ['debtPaid', -1000]]));
  });
});
