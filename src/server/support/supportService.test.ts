import type { OrderDeps } from '../payments/paymentDeps';
import { fakeGateway } from '../../../test/support/fakeGateway';
import { memoryRefunds } from '../../../test/support/memory/memoryRefunds';
import { memorySupport } from '../../../test/support/memory/memorySupport';
import { memoryStore } from '../../../test/support/memory/memoryStore';
import { memoryOffers } from '../../../test/support/memory/memoryOffers';
import { samplePaymentDetails } from '../../../test/fixtures/samples';
import { parseSettings } from '../config/settings';
import { HttpError } from '../http/errors';
import { silentLogger } from '../lib/logger';
import { GatewayError } from '../provider/gatewayClient';
import { checkOrder } from '../payments/playerOrders';
import { startPayment } from '../payments/startPayment';
import { sweepOnce } from '../orderWatch/sweep';
import { requestRefund } from '../refunds/refundService';
import { settleRefundsOnce } from '../refunds/refundSettlement';
import { playerTagOf } from '../../shared/playerTag';
import { askProviderNow, orderDetail, searchOrders, type SupportDeps } from './supportService';
import { approveRefund, declineRefund, refundQueue } from './refundDesk';
import { spendDownTo } from '../../../test/support/memory/memoryLedger';

const settings = parseSettings({});
const staff = { uid: 'staff-1', email: 'helper@wyrmcrown.example' };

function setup() {
  const memory = memoryStore();
  const refunds = memoryRefunds(memory);
  const support = memorySupport(memory, refunds);
  const provider = fakeGateway();
  const deps: SupportDeps & OrderDeps = { settings, ...memory.repositories, offers: memoryOffers(memory).repository, ...refunds, ...support, gateway: provider.gateway, log: silentLogger };
  support.accounts.set('u-1', { uid: 'u-1', email: 'king@wyrmcrown.example' });
  /** A credited Pouch of Gem of u-1 with a refund request. */
  const refundable = async () => {
    const { orderId } = await startPayment(deps, 'u-1', { packId: 3, details: samplePaymentDetails });
    provider.statuses.set(orderId, 'paid');
    await checkOrder(deps, 'u-1', orderId);
    await requestRefund(deps, { uid: 'u-1', email: 'king@wyrmcrown.example' }, orderId, 'Wrong pack');
    return orderId;
  };
  return { deps, memory, refunds, provider, refundable };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: HttpError) => [error.status, error.message] as const,
  );

describe('the support service', () => {
  it('finds orders by number, by the account’s email or the one given at checkout, and by uid', async () => {
    const { deps, refundable } = setup();
    const orderId = await refundable();
    expect((await searchOrders(deps, orderId.toLowerCase())).map((found) => found.order.orderId)).toEqual([orderId]);
    expect((await searchOrders(deps, 'KING@wyrmcrown.example')).map((found) => [found.order.orderId, found.playerEmail])).toEqual([[orderId, 'king@wyrmcrown.example']]);
    expect((await searchOrders(deps, samplePaymentDetails.email)).map((found) => found.order.orderId)).toEqual([orderId]);
    expect((await searchOrders(deps, 'u-1')).map((found) => found.userId)).toEqual(['u-1']);
    // By the tag the store's header shows the player, with or without its "#", in any case.
    expect((await searchOrders(deps, `#${playerTagOf('u-1').toLowerCase()}`)).map((found) => found.userId)).toEqual(['u-1']);
    expect((await searchOrders(deps, playerTagOf('u-1'))).map((found) => found.order.orderId)).toEqual([orderId]);
    expect(await searchOrders(deps, 'nobody@wyrmcrown.example')).toEqual([]);
    expect((await failure(searchOrders(deps, '  ')))?.[0]).toBe(400);
    expect((await failure(searchOrders(deps, 'not a uid!')))?.[0]).toBe(400);
    // A valid tag of nobody the store knows: said so, not "not a player tag".
    expect(await failure(searchOrders(deps, '#ZZZZZZZZ'))).toEqual([404, expect.stringContaining('No player with the tag #ZZZZZZZZ has signed in to the store from the game')]);
  });

  it('shows the history in words and what may be done, and queues the request with its deadline', async () => {
    const { deps, refundable } = setup();
    const orderId = await refundable();
    const detail = await orderDetail(deps, orderId);
    expect(detail.player).toEqual({ uid: 'u-1', email: 'king@wyrmcrown.example', balance: 3500 });
    expect(detail.timeline.map((entry) => entry.type)).toEqual(['created', 'providerAnswered', 'credited', 'refundRequested']);
    expect(detail.can).toEqual({ creditManually: false, decideRefund: true });
    expect(detail.refund).toMatchObject({ status: 'requested', replyDue: { workingDaysLeft: expect.any(Number) } });
    expect((await refundQueue(deps)).map((entry) => [entry.request.orderId, entry.playerEmail])).toEqual([[orderId, 'king@wyrmcrown.example']]);
    expect((await failure(orderDetail(deps, 'WC0000000000NOSUCH')))?.[0]).toBe(404);
  });

  it("shows the sweep's checks of an open order, the next one while it is watched, and none due once it is paid", async () => {
    const { deps, memory, provider } = setup();
    const { orderId } = await startPayment(deps, 'u-1', { packId: 3, details: samplePaymentDetails });
    expect((await orderDetail(deps, orderId)).checks).toMatchObject({ count: 0, lastAt: null, nextAt: expect.any(Number) });
    const at = Date.now() + 60_000;
    await sweepOnce({ ...deps, orderWatch: memory.orderWatch }, at);
    const checked = await orderDetail(deps, orderId, at);
    expect(checked.checks).toEqual({ count: 1, lastAt: at, nextAt: expect.any(Number) });
    expect(checked.checks.nextAt!).toBeGreaterThan(at);
    // The check changed nothing: it is counted here, not told in the timeline.
    expect(checked.timeline.map((entry) => entry.type)).toEqual(['created']);
    provider.statuses.set(orderId, 'paid');
    await checkOrder(deps, 'u-1', orderId);
    expect((await orderDetail(deps, orderId, at)).checks).toEqual({ count: 1, lastAt: at, nextAt: null });
  });

  it('audits Ask the provider now with the staff member, even when nothing changes', async () => {
    const { deps, memory, refundable } = setup();
    const orderId = await refundable();
    const result = await askProviderNow(deps, staff, orderId);
    expect(result).toMatchObject({ providerStatus: 'paid', failure: null });
    expect(memory.events.at(-1)).toMatchObject({ type: 'staffChecked', actor: staff, providerStatus: 'paid' });
  });

  it('approves through approving: gems taken back before the provider is asked, refunded once, the player emailed', async () => {
    const { deps, memory, provider, refunds, refundable } = setup();
    const orderId = await refundable();
    const detail = await approveRefund(deps, staff, orderId);
    expect(provider.refunds).toEqual([{ orderId, amount: '45.99', idempotencyKey: refunds.requests.get(orderId)!.attemptId }]);
    expect(detail.order).toMatchObject({ status: 'refunded', refund: { status: 'refunded' } });
    expect(memory.balances.get('u-1')).toBe(0);
    expect(memory.events.slice(-2).map((event) => [event.type, event.gems])).toEqual([
      ['refundApproving', -3500],
      ['refundApproved', undefined],
    ]);
    expect(memory.mail.map((mail) => mail.kind)).toEqual(['receipt', 'refundRequested', 'refundAcknowledged', 'refundApproved']);
    expect(await failure(approveRefund(deps, staff, orderId))).toEqual([409, 'This refund request was already approved and refunded.']);
    expect(await failure(declineRefund(deps, staff, orderId, 'late'))).toEqual([409, 'This refund request was already approved and refunded.']);
    expect(provider.refunds).toHaveLength(1);
    expect(memory.balances.get('u-1')).toBe(0);
  });

  it('a provider that refuses the refund ends the request approval_failed and gives the gems back', async () => {
    const { deps, memory, provider, refunds, refundable } = setup();
    const orderId = await refundable();
    provider.refundFailures.set(orderId, new GatewayError('refused', 'ORDER_NOT_PAID'));
    const [status, message] = (await failure(approveRefund(deps, staff, orderId)))!;
    expect(status).toBe(502);
    expect(message).toContain("Nothing was refunded: the order is still paid, and the player's gems were given back.");
    expect(memory.records.get(orderId)).toMatchObject({ status: 'paid', refund: { status: 'approval_failed' } });
    expect(refunds.requests.get(orderId)).toMatchObject({ status: 'approval_failed', failure: 'refused: ORDER_NOT_PAID' });
    expect(memory.balances.get('u-1')).toBe(3500);
    expect(memory.events.at(-1)).toMatchObject({ type: 'refundFailed', gems: 3500 });
    expect(await failure(approveRefund(deps, staff, orderId))).toEqual([409, 'The provider refused this refund earlier, and the request is closed. The order is still paid.']);
  });

  it('a provider that does not answer leaves the refund under way: no decline, no second approval, and the sweep finishes it', async () => {
    const { deps, memory, provider, refunds, refundable } = setup();
    const orderId = await refundable();
    provider.refundFailures.set(orderId, new GatewayError('timeout', 'timeout of 10000ms exceeded'));
    const [status, message] = (await failure(approveRefund(deps, staff, orderId)))!;
    expect(status).toBe(504);
    expect(message).toContain('It stays under way');
    expect(refunds.requests.get(orderId)).toMatchObject({ status: 'approving', checks: 1 });
    expect(memory.balances.get('u-1')).toBe(0);
    expect((await orderDetail(deps, orderId)).can.decideRefund).toBe(false);
    expect((await failure(declineRefund(deps, staff, orderId, 'No')))?.[0]).toBe(409);
    expect((await failure(approveRefund(deps, staff, orderId)))?.[0]).toBe(409);

    // The provider made the refund after all; the sweep asks with the same key and finishes it, once.
    provider.refundFailures.delete(orderId);
    const due = refunds.requests.get(orderId)!.nextCheckAt!;
    expect(await settleRefundsOnce(deps, due)).toEqual({ claimed: 1, refunded: 1, refused: 0, underWay: 0 });
    expect(await settleRefundsOnce(deps, due + 3_600_000)).toEqual({ claimed: 0, refunded: 0, refused: 0, underWay: 0 });
    expect(memory.records.get(orderId)).toMatchObject({ status: 'refunded' });
    expect(provider.refunds).toHaveLength(1);
    expect(memory.balances.get('u-1')).toBe(0);
  });

  it('refuses to approve once the gems were spent since the request, before asking the provider', async () => {
    const { deps, memory, provider, refundable } = setup();
    const orderId = await refundable();
    spendDownTo(memory, 'u-1', 3499);
    expect((await failure(approveRefund(deps, staff, orderId)))?.[0]).toBe(409);
    expect(provider.refunds).toEqual([]);
  });

  it('declines with a reason the player is shown, once', async () => {
    const { deps, memory, refundable } = setup();
    const orderId = await refundable();
    const detail = await declineRefund(deps, staff, orderId, 'Gems were used.');
    expect(detail.order.refund).toMatchObject({ status: 'declined', declineReason: 'Gems were used.' });
    expect(detail.can.decideRefund).toBe(false);
    expect(memory.mail.at(-1)).toEqual({ kind: 'refundDeclined', orderId });
    expect(await failure(declineRefund(deps, staff, orderId, 'Again'))).toEqual([409, 'This refund request was already declined.']);
  });
});
