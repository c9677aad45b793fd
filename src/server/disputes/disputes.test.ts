import { fakeGateway } from '../../../test/support/fakeGateway';
import { memoryOffers } from '../../../test/support/memory/memoryOffers';
import { memoryRefunds } from '../../../test/support/memory/memoryRefunds';
import { memoryStore } from '../../../test/support/memory/memoryStore';
import { spendDownTo } from '../../../test/support/memory/memoryLedger';
import { disputeNoticeFields, eventFields } from '../../../test/support/providerEvent';
import { samplePaymentDetails } from '../../../test/fixtures/samples';
import { sign } from '../../shared/signature';
import { parseSettings } from '../config/settings';
import { HttpError } from '../http/errors';
import { silentLogger } from '../lib/logger';
import type { OrderDeps } from '../payments/paymentDeps';
import { checkOrder } from '../payments/playerOrders';
import { acceptCallback } from '../provider/providerNotices';
import { startPayment } from '../payments/startPayment';
import type { RefundDeps } from '../refunds/refundService';
import { memorySupport } from '../../../test/support/memory/memorySupport';
import { disputeQueue } from '../support/disputeDesk';
import { moveDisputeBySupport, recordDisputeByHand, writeOffDebt } from './disputeService';
import { planMove } from './disputePlans';
import type { DisputeRecord } from './disputeRecord';
import type { TransactionRecord } from '../orders/orderRules';

const settings = parseSettings({});
const staff = { uid: 'staff-1', email: 'agent@wyrmcrown.example' };

function setup() {
  const memory = memoryStore();
  const { refunds, balances } = memoryRefunds(memory);
  const provider = fakeGateway();
  const deps: RefundDeps & OrderDeps = { settings, ...memory.repositories, offers: memoryOffers(memory).repository, refunds, balances, gateway: provider.gateway, log: silentLogger };
  /** A credited order of the pack (3: Pouch of Gem, 3,500 gems, A$45.99) for the player. */
  const bought = async (uid = 'u-1', packId = 3) => {
    const { orderId } = await startPayment(deps, uid, { packId, details: samplePaymentDetails });
    provider.statuses.set(orderId, 'paid');
    await checkOrder(deps, uid, orderId);
    return orderId;
  };
  const signed = (fields: Record<string, string>) => ({ ...fields, signature: sign(fields, settings.MERCHANT_PRIVATE_KEY, settings.SIGNATURE_ENCODING) });
  const notify = (orderId: string, stage: string, event = eventFields('dispute')) => acceptCallback(deps, signed(disputeNoticeFields(orderId, stage, '45.99', event)));
  return { deps, memory, bought, notify, signed, provider };
}

const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: HttpError) => error.status,
  );

describe('a dispute notice, by the dispute machine', () => {
  it('opened takes the order’s gems back once, however often the notice comes, and pauses buying until it is won', async () => {
    const { deps, memory, bought, notify } = setup();
    const orderId = await bought();
    expect(memory.balances.get('u-1')).toBe(3500);
    const event = eventFields('dispute');
    await Promise.all([notify(orderId, 'opened', event), notify(orderId, 'opened', event)]);
    // Another event of the same stage (the provider's own duplicate): acknowledged, nothing more.
    await notify(orderId, 'opened');
    expect(memory.balances.get('u-1')).toBe(0);
    expect(memory.events.filter((entry) => entry.type === 'disputeOpened')).toHaveLength(1);
    expect(memory.records.get(orderId)!.dispute).toMatchObject({ status: 'opened', gemsTaken: 3500, debtAdded: 0 });
    expect(memory.mail).toContainEqual({ kind: 'disputeOpened', orderId });

    const refused = await startPayment(deps, 'u-1', { packId: 1, details: samplePaymentDetails }).catch((error: HttpError) => error);
    expect(refused).toMatchObject({ status: 409, details: { reason: 'disputePaused' } });
    expect((refused as HttpError).message).toContain('Buying is paused while your bank reviews a payment');

    await notify(orderId, 'won');
    expect(memory.balances.get('u-1')).toBe(3500);
    expect(memory.records.get(orderId)).toMatchObject({ status: 'paid', dispute: { status: 'won' } });
    expect(memory.mail).toContainEqual({ kind: 'disputeWon', orderId });
    await expect(startPayment(deps, 'u-1', { packId: 1, details: samplePaymentDetails })).resolves.toHaveProperty('orderId');
  });

  it('takes what the balance holds and owes the rest, never below 0; later credits pay the debt first, and the history says so', async () => {
    const { memory, bought, notify } = setup();
    const disputed = await bought();
    spendDownTo(memory, 'u-1', 1000); // 2,500 spent in the game
    await notify(disputed, 'opened');
    expect(memory.balances.get('u-1')).toBe(0);
    expect(memory.gemDebts.get('u-1')).toBe(2500);
    await notify(disputed, 'lost');
    expect(memory.records.get(disputed)!.status).toBe('charged_back');
    expect(memory.mail).toContainEqual({ kind: 'disputeChargedBack', orderId: disputed });
    // Buying resumes once the dispute is decided; the debt stays, and the next credit pays it first.
    const next = await bought('u-1', 3);
    expect(memory.gemDebts.get('u-1')).toBe(0);
    expect(memory.balances.get('u-1')).toBe(1000);
    expect(memory.events.find((entry) => entry.orderId === next && entry.type === 'debtPaid')).toMatchObject({ gems: -2500, detail: '0 gems still owed' });
  });

  it('won gives back what was taken and cancels the debt still owed, counting what later credits paid of it', async () => {
    const { memory, bought, notify, deps, provider } = setup();
    const disputed = await bought();
    // An order placed before the dispute opened, paid while it is open.
    const { orderId: later } = await startPayment(deps, 'u-1', { packId: 3, details: samplePaymentDetails });
    spendDownTo(memory, 'u-1', 500);
    await notify(disputed, 'opened'); // 500 taken, 3,000 owed
    provider.statuses.set(later, 'paid');
    await checkOrder(deps, 'u-1', later); // 3,500: 3,000 pays the debt, 500 to the balance
    expect(memory.gemDebts.get('u-1')).toBe(0);
    expect(memory.balances.get('u-1')).toBe(500);
    await notify(disputed, 'won');
    // As if never disputed: 500 + 3,500.
    expect(memory.balances.get('u-1')).toBe(4000);
    expect(memory.gemDebts.get('u-1')).toBe(0);
  });

  it('a repeated, stale, future or unsigned notice changes nothing', async () => {
    const { memory, bought, notify, signed, deps } = setup();
    const orderId = await bought();
    const event = eventFields('dispute');
    await notify(orderId, 'opened', event);
    const opened = [memory.balances.get('u-1'), memory.gemDebts.get('u-1'), memory.ledgerEntries.get('u-1')!.length];
    await notify(orderId, 'opened', event);
    expect([memory.balances.get('u-1'), memory.gemDebts.get('u-1'), memory.ledgerEntries.get('u-1')!.length]).toEqual(opened);
    expect(await statusOf(notify(orderId, 'won', eventFields('dispute', Date.now() - 6 * 60_000)))).toBe(400);
    expect(await statusOf(notify(orderId, 'won', eventFields('dispute', Date.now() + 6 * 60_000)))).toBe(400);
    const forged = { ...signed(disputeNoticeFields(orderId, 'won', '45.99')), signature: 'f'.repeat(64) };
    expect(await statusOf(acceptCallback(deps, forged))).toBe(401);
    expect(await statusOf(notify(orderId, 'lost', { ...eventFields('dispute'), event_type: 'chargeback' as 'dispute' }))).toBe(400);
    expect(memory.records.get(orderId)!.dispute!.status).toBe('opened');
    expect([memory.balances.get('u-1'), memory.gemDebts.get('u-1'), memory.ledgerEntries.get('u-1')!.length]).toEqual(opened);
    expect(memory.rejectedCallbacks.map((rejection) => rejection.reason)).toEqual([
      expect.stringMatching(/^stale notice: signed 3\d\d s ago$/),
      expect.stringMatching(/^notice signed 3\d\d s ahead of the store's clock$/),
      'invalid signature',
    ]);
  });

  it('a payment callback is an event too: its repeat credits nothing more, and a stale one is refused', async () => {
    const { memory, deps, signed } = setup();
    const { orderId } = await startPayment(deps, 'u-2', { packId: 3, details: samplePaymentDetails });
    const paid = { out_trade_no: orderId, order_id: 'SBX1', currency: 'AUD', amount: '45.99', pay_time: '1', payment_method: 'card', status: 'paid' };
    expect(await statusOf(acceptCallback(deps, signed({ ...paid, ...eventFields('payment', Date.now() - 10 * 60_000) })))).toBe(400);
    expect(memory.balances.get('u-2')).toBeUndefined();
    const event = eventFields('payment');
    await acceptCallback(deps, signed({ ...paid, ...event }));
    await acceptCallback(deps, signed({ ...paid, ...event }));
    expect(memory.balances.get('u-2')).toBe(3500);
    expect(memory.providerEvents.has(event.event_id)).toBe(true);
    expect(memory.events.filter((entry) => entry.orderId === orderId && entry.type === 'callbackReceived')).toHaveLength(2);
  });
});

describe('the bank moving money after a dispute ended', () => {
  /** The sandbox's book of the order: money with the store (+1) or back with the card (-1), as each decision moves it. */
  const wallet = (memory: ReturnType<typeof setup>['memory'], uid: string) =>
    memory.gameEventRecords.filter((event) => event.uid === uid).reduce((sum, { body }) => sum + (body.type === 'gems.credited' ? 1 : -1) * (body.data.gems + body.data.bonusGems), 0);

  it('lost after won (a pre-arbitration the store loses): the gems are taken again and the order is charged back', async () => {
    const { memory, bought, notify } = setup();
    const orderId = await bought();
    await notify(orderId, 'opened');
    await notify(orderId, 'won');
    expect(memory.balances.get('u-1')).toBe(3500);
    await notify(orderId, 'lost');
    expect(memory.records.get(orderId)).toMatchObject({ status: 'charged_back', dispute: { status: 'lost' } });
    expect(memory.disputeRecords.get(orderId)).toMatchObject({ status: 'lost', round: 2, gemsTaken: 3500 });
    // The money is back with the card: the gems are gone, from the store and from the game alike.
    expect([memory.balances.get('u-1'), memory.gemDebts.get('u-1') ?? 0, wallet(memory, 'u-1')]).toEqual([0, 0, 0]);
    expect(memory.mail).toContainEqual({ kind: 'disputeChargedBack', orderId });
  });

  it('a second dispute (a new dispute id) after won opens a new round: the gems taken again, buying paused, and won gives them back', async () => {
    const { deps, memory, bought, notify, signed } = setup();
    const orderId = await bought();
    await notify(orderId, 'opened');
    await notify(orderId, 'won');
    await acceptCallback(deps, signed({ ...disputeNoticeFields(orderId, 'opened', '45.99'), dispute_id: 'dp_second_one' }));
    expect(memory.disputeRecords.get(orderId)).toMatchObject({ status: 'opened', round: 2, providerDisputeId: 'dp_second_one' });
    expect(memory.balances.get('u-1')).toBe(0);
    expect(await statusOf(startPayment(deps, 'u-1', { packId: 1, details: samplePaymentDetails }))).toBe(409);
    await notify(orderId, 'won');
    expect([memory.records.get(orderId)!.status, memory.balances.get('u-1'), wallet(memory, 'u-1')]).toEqual(['paid', 3500, 3500]);
    // Every event of the game has an id of its own: one per order, reason and round.
    expect(new Set(memory.gameEventRecords.map((event) => event.id)).size).toBe(memory.gameEventRecords.length);
  });

  it('won after lost (the bank reverses on arbitration): the order is paid again, the gems given back, the reversal counted', async () => {
    const { memory, bought, notify } = setup();
    const orderId = await bought();
    spendDownTo(memory, 'u-1', 1000); // 2,500 spent in the game
    await notify(orderId, 'opened');
    await notify(orderId, 'lost');
    expect(memory.records.get(orderId)!.status).toBe('charged_back');
    await notify(orderId, 'won');
    expect(memory.records.get(orderId)).toMatchObject({ status: 'paid', dispute: { status: 'won' } });
    expect([memory.balances.get('u-1'), memory.gemDebts.get('u-1') ?? 0]).toEqual([1000, 0]);
    expect(wallet(memory, 'u-1') - 2500).toBe(1000);
    expect(memory.events.filter((event) => event.orderId === orderId).map((event) => event.type)).toContain('disputeWon');
  });

  it('a notice no arrow takes (won after support accepted, a second dispute while one is open) is recorded for support and acknowledged, never dropped', async () => {
    const { deps, memory, bought, notify, signed } = setup();
    const accepted = await bought();
    await notify(accepted, 'opened');
    await moveDisputeBySupport(deps, staff, accepted, 'accepted');
    await notify(accepted, 'won'); // acknowledged: it throws on a refusal
    expect(memory.disputeRecords.get(accepted)!.unapplied).toEqual([expect.objectContaining({ stage: 'won', why: expect.stringContaining('accepted') })]);
    expect(memory.records.get(accepted)!.status).toBe('charged_back');

    const open = await bought();
    await notify(open, 'opened');
    await acceptCallback(deps, signed({ ...disputeNoticeFields(open, 'opened', '45.99'), dispute_id: 'dp_another' }));
    expect(memory.disputeRecords.get(open)).toMatchObject({ status: 'opened', round: 1, unapplied: [expect.objectContaining({ stage: 'opened', providerDisputeId: 'dp_another' })] });
    expect(memory.events.filter((event) => event.type === 'disputeNoticeUnapplied')).toHaveLength(2);
  });

  it('counts each move on its day as the money moved: a chargeback on a refunded order is money out, a reversal money back', () => {
    const gems = { credited: { balance: 0, debt: 0 }, payer: null };
    const refunded = { order_id: 'WC0000000000REFUND', userId: 'u-1', status: 'refunded', checked: 1, gemCount: 3500, amount: '45.99', currency: 'AUD', dispute: { status: 'opened', openedAt: 1, gemsTaken: 0, debtAdded: 0 } } as unknown as TransactionRecord;
    const dispute = { orderId: refunded.order_id, userId: 'u-1', status: 'opened', gemsTaken: 0, debtAdded: 0 } as DisputeRecord;
    const lost = planMove(refunded, dispute, gems, 'lost', { at: 2, source: 'dispute' });
    expect(lost.ok && lost.plan).toMatchObject({ dayCounts: { chargebacks: 1, chargedBackCents: 4599 }, orderUpdate: { dispute: { status: 'lost' } } });
    expect(lost.ok && lost.plan.orderUpdate.status).toBeUndefined();
    const chargedBack = { ...refunded, status: 'charged_back', dispute: { ...refunded.dispute!, status: 'lost' } } as TransactionRecord;
    const reversed = planMove(chargedBack, { ...dispute, status: 'lost' }, gems, 'won', { at: 3, source: 'dispute' });
    expect(reversed.ok && reversed.plan.dayCounts).toEqual({ chargebacksReversed: 1, chargebackReversedCents: 4599 });
  });
});

describe('a refund and a dispute of one order', () => {
  it('never take the gems twice: a disputed order is not refunded, and a refund under way leaves the dispute nothing to take', async () => {
    const { deps, memory, bought, notify } = setup();
    const orderId = await bought();
    await deps.refunds.request(orderId, { reason: 'Bought by mistake', accountEmail: 'king@wyrmcrown.example', at: Date.now() }, () => ({ eligible: true }));
    await notify(orderId, 'opened');
    expect(memory.balances.get('u-1')).toBe(0);
    const approval = await deps.refunds.beginApproval(orderId, { actor: staff, at: Date.now(), attemptId: 'a-1', firstCheckAt: Date.now() });
    expect(approval).toMatchObject({ decided: false, why: expect.stringContaining('disputed with the player') });
    expect(memory.balances.get('u-1')).toBe(0);
  });

  it('a dispute opened while a refund is under way takes nothing, and holds the gems if the provider then refuses the refund', async () => {
    const { deps, memory, bought, notify } = setup();
    const orderId = await bought();
    await deps.refunds.request(orderId, { reason: 'Bought by mistake', accountEmail: 'king@wyrmcrown.example', at: Date.now() }, () => ({ eligible: true }));
    await deps.refunds.beginApproval(orderId, { actor: staff, at: Date.now(), attemptId: 'a-1', firstCheckAt: Date.now() });
    expect(memory.balances.get('u-1')).toBe(0);
    await notify(orderId, 'opened');
    expect(memory.records.get(orderId)!.dispute).toMatchObject({ gemsTaken: 0, debtAdded: 0 });
    expect(memory.gemDebts.get('u-1') ?? 0).toBe(0);
    await deps.refunds.finishApproval(orderId, 'a-1', { refunded: false, reason: 'CARD_CLOSED' }, Date.now(), 'support');
    expect(memory.balances.get('u-1')).toBe(0);
    expect(memory.records.get(orderId)!.dispute).toMatchObject({ gemsTaken: 3500 });
    await notify(orderId, 'won');
    expect(memory.balances.get('u-1')).toBe(3500);
  });
});

describe('support and disputes', () => {
  it('accepts a dispute (charged back), says evidence was sent, records one by hand, and writes off a debt, each audited', async () => {
    const { deps, memory, bought, notify } = setup();
    const first = await bought();
    await notify(first, 'opened');
    await moveDisputeBySupport(deps, staff, first, 'evidence_submitted');
    await notify(first, 'lost');
    expect(memory.records.get(first)!.status).toBe('charged_back');
    expect(await statusOf(moveDisputeBySupport(deps, staff, first, 'accepted'))).toBe(409);

    const second = await bought();
    spendDownTo(memory, 'u-1', 0);
    await recordDisputeByHand(deps, staff, second, { stage: 'opened', reasonCode: '13.1', evidenceDue: '2026-12-01' });
    expect(memory.gemDebts.get('u-1')).toBe(3500);
    expect(await statusOf(recordDisputeByHand(deps, staff, second, { stage: 'opened', reasonCode: '13.1' }))).toBe(409);
    await moveDisputeBySupport(deps, staff, second, 'accepted');
    expect(memory.records.get(second)).toMatchObject({ status: 'charged_back', dispute: { status: 'accepted' } });
    expect(await writeOffDebt(deps, staff, second)).toBe(3500);
    expect(memory.gemDebts.get('u-1')).toBe(0);
    expect(await statusOf(writeOffDebt(deps, staff, second))).toBe(409);
    // An order that is unknown, or has no dispute: nothing to move, a 404 (not a 409 as if the move were refused).
    const undisputed = await bought();
    for (const orderId of ['WC0000000000NOSUCH', undisputed]) {
      expect(await statusOf(moveDisputeBySupport(deps, staff, orderId, 'accepted'))).toBe(404);
      expect(await statusOf(writeOffDebt(deps, staff, orderId))).toBe(404);
    }
    const audited = memory.events.filter((entry) => entry.actor?.uid === staff.uid).map((entry) => entry.type);
    expect(audited).toEqual(['disputeEvidenceSent', 'disputeOpened', 'disputeAccepted', 'debtWrittenOff']);
  });

  it('a write-off during an open dispute forgives that debt for good: won gives back only what was taken, and the game’s wallet ends where the store’s books do', async () => {
    for (let run = 0; run < 5; run += 1) {
      const { deps, memory, bought, notify } = setup();
      const disputed = await bought();
      spendDownTo(memory, 'u-1', 1000); // 2,500 spent in the game
      await notify(disputed, 'opened');
      expect([memory.balances.get('u-1'), memory.gemDebts.get('u-1')]).toEqual([0, 2500]);
      expect(await writeOffDebt(deps, staff, disputed)).toBe(2500);
      expect(await statusOf(writeOffDebt(deps, staff, disputed))).toBe(409);
      await notify(disputed, 'won');
      // What was taken (1,000) comes back; the 2,500 forgiven are not paid out again.
      expect([memory.balances.get('u-1'), memory.gemDebts.get('u-1') ?? 0]).toEqual([1000, 0]);
      // The game, told of each move, holds the same: its wallet (the events, less the 2,500 spent in it) is the store's balance less the debt.
      const wallet = memory.gameEventRecords
        .filter((event) => event.uid === 'u-1')
        .reduce((sum, { body }) => sum + (body.type === 'gems.credited' ? 1 : -1) * (body.data.gems + body.data.bonusGems), 0);
      expect(wallet - 2500).toBe(memory.balances.get('u-1')! - (memory.gemDebts.get('u-1') ?? 0));
      expect(memory.gameEventRecords.map((event) => event.id)).toContain(`credit-debt_written_off-${disputed}`);
    }
  });

  it('a write-off on one order leaves another dispute’s debt alone', async () => {
    const { deps, memory, bought, notify } = setup();
    const first = await bought();
    const second = await bought();
    spendDownTo(memory, 'u-1', 0);
    await notify(first, 'opened');
    await notify(second, 'opened');
    expect(memory.gemDebts.get('u-1')).toBe(7000);
    expect(await writeOffDebt(deps, staff, first)).toBe(3500);
    expect(memory.gemDebts.get('u-1')).toBe(3500);
    expect(await statusOf(writeOffDebt(deps, staff, first))).toBe(409);
    // The second dispute, won, cancels its own debt, which the write-off left owing.
    await notify(second, 'won');
    expect([memory.balances.get('u-1'), memory.gemDebts.get('u-1')]).toEqual([0, 0]);
  });

  it('the queue: newest first, each with its pack, gems and the player’s email, read in one batch of orders and one of accounts', async () => {
    const { deps, memory, bought, notify } = setup();
    const support = memorySupport(memory, memoryRefunds(memory));
    support.accounts.set('u-1', { uid: 'u-1', email: 'king@wyrmcrown.example' });
    const older = await bought('u-1', 3);
    const newer = await bought('u-2', 3);
    await notify(older, 'opened');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await notify(newer, 'opened');
    const reads = { orders: 0, accounts: 0 };
    const counted = {
      ...deps,
      ...support,
      orders: { ...deps.orders, find: () => Promise.reject(new Error('one read per dispute')), findMany: (ids: readonly string[]) => ((reads.orders += 1), deps.orders.findMany(ids)) },
      directory: { ...support.directory, byUid: () => Promise.reject(new Error('one read per dispute')), byUids: (uids: readonly string[]) => ((reads.accounts += 1), support.directory.byUids(uids)) },
    };
    const queue = await disputeQueue(counted);
    expect(queue.map(({ dispute, productName, gems, playerEmail }) => [dispute.orderId, productName, gems, playerEmail])).toEqual([
      // u-2 has no account in the directory (and no account email on its order): no email, rather than a failed queue.
      [newer, 'Pouch of Gem', 3500, null],
      [older, 'Pouch of Gem', 3500, 'king@wyrmcrown.example'],
    ]);
    expect(reads).toEqual({ orders: 1, accounts: 1 });
  });
});

