import type { OrderDeps } from '../payments/paymentDeps';
import { memoryRefunds } from '../../../test/support/memory/memoryRefunds';
import { fakeGateway } from '../../../test/support/fakeGateway';
import { memoryStore } from '../../../test/support/memory/memoryStore';
import { spendDownTo } from '../../../test/support/memory/memoryLedger';
import { memoryOffers } from '../../../test/support/memory/memoryOffers';
import { samplePaymentDetails } from '../../../test/fixtures/samples';
import { parseSettings } from '../config/settings';
import { HttpError } from '../http/errors';
import { silentLogger } from '../lib/logger';
import { checkOrder } from '../payments/playerOrders';
import { startPayment } from '../payments/startPayment';
import { REFUND_WINDOW_MS } from '../../shared/refunds/refundPolicy';
import { refundStanding, requestRefund, type RefundDeps } from './refundService';
import { settleApproval } from './refundSettlement';
import { GatewayError } from '../provider/gatewayClient';

const settings = parseSettings({});

function setup() {
  const memory = memoryStore();
  const { refunds, balances, requests } = memoryRefunds(memory);
  const provider = fakeGateway();
  const deps: RefundDeps & OrderDeps = { settings, ...memory.repositories, offers: memoryOffers(memory).repository, refunds, balances, gateway: provider.gateway, log: silentLogger };
  /** A credited order of the pack for player u-1. */
  const bought = async (packId: number) => {
    const { orderId } = await startPayment(deps, 'u-1', { packId, details: samplePaymentDetails });
    provider.statuses.set(orderId, 'paid');
    await checkOrder(deps, 'u-1', orderId);
    return orderId;
  };
  return { deps, memory, requests, bought, provider };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: HttpError) => [error.status, error.message],
  );

describe('refund requests, decided by the server', () => {
  it('makes one request per order, marks the order, records it and owes support an email', async () => {
    const { deps, memory, requests, bought } = setup();
    const orderId = await bought(3);
    expect(await refundStanding(deps, 'u-1', orderId)).toEqual({ request: null, eligibility: { eligible: true } });
    const standing = await requestRefund(deps, { uid: 'u-1', email: 'king@wyrmcrown.example' }, orderId, 'Wrong pack');
    expect(standing.request).toMatchObject({ orderId, status: 'requested', reason: 'Wrong pack' });
    expect(requests.get(orderId)).toMatchObject({ accountEmail: 'king@wyrmcrown.example', amount: '45.99', gemCount: 3500 });
    expect(memory.records.get(orderId)?.refund).toMatchObject({ status: 'requested' });
    expect(memory.events.at(-1)).toMatchObject({ type: 'refundRequested', source: 'player', detail: 'Wrong pack' });
    expect(memory.mail).toContainEqual({ kind: 'refundRequested', orderId });
    expect(memory.mail).toContainEqual({ kind: 'refundAcknowledged', orderId });
    expect(await refusal(requestRefund(deps, { uid: 'u-1' }, orderId, 'Again'))).toEqual([409, 'A refund has already been requested for this order.']);
  });

  it('refuses with the policy’s reason and stores nothing', async () => {
    const { deps, memory, requests, bought } = setup();
    const pouch = await bought(3);
    const paidAt = memory.records.get(pouch)!.paidAt!;
    memory.records.get(pouch)!.paidAt! -= REFUND_WINDOW_MS + 1;
    expect((await refusal(requestRefund(deps, { uid: 'u-1' }, pouch, 'x')))?.[0]).toBe(409);
    memory.records.get(pouch)!.paidAt = paidAt;
    spendDownTo(memory, 'u-1', 3499);
    expect(await refusal(requestRefund(deps, { uid: 'u-1' }, pouch, 'x'))).toEqual([
      409,
      'Refunds are for unused gems only. This pack added 3,500 gems and your balance is 3,499.',
    ]);
    expect(requests.size).toBe(0);
    expect(memory.records.get(pouch)?.refund).toBeUndefined();
  });

  it('keeps another player’s order out of reach', async () => {
    const { deps, bought } = setup();
    const orderId = await bought(1);
    expect((await refusal(refundStanding(deps, 'u-2', orderId)))?.[0]).toBe(404);
    expect((await refusal(requestRefund(deps, { uid: 'u-2' }, orderId, 'mine now')))?.[0]).toBe(404);
  });
});

describe('a refund the provider refuses', () => {
  it('gives the gems back as every credit does: a dispute’s debt paid first, with its history line and one credit for the game', async () => {
    const { deps, memory, bought, provider } = setup();
    const orderId = await bought(1);
    await requestRefund(deps, { uid: 'u-1' }, orderId, 'Wrong pack');
    const started = await deps.refunds.beginApproval(orderId, { actor: { uid: 's-1', email: 'staff@wyrmcrown.example' }, at: Date.now(), attemptId: 'attempt-1', firstCheckAt: Date.now() + 60_000 });
    expect(started.decided).toBe(true);
    expect(memory.balances.get('u-1')).toBe(0);
    // Meanwhile a dispute of another order, whose gems were spent, left the player owing 1,000 gems.
    const other = await bought(1);
    spendDownTo(memory, 'u-1', 0);
    expect((await deps.disputes.open(other, { at: Date.now(), source: 'dispute', reportedBy: 'provider', providerDisputeId: 'dp-other', reasonCode: '10.4', evidenceDueAt: null }, null)).done).toBe(true);
    expect(memory.gemDebts.get('u-1')).toBe(1000);
    provider.refundFailures.set(orderId, new GatewayError('refused', 'REFUND_REFUSED'));
    expect(await settleApproval(deps, (await deps.refunds.find(orderId))!, 'sweep')).toEqual({ refused: 'refused: REFUND_REFUSED' });
    // Not 1,000 gems beside a 1,000 debt: the credit paid the debt, as the game's wallet applies it.
    expect({ balance: memory.balances.get('u-1'), debt: memory.gemDebts.get('u-1') }).toEqual({ balance: 0, debt: 0 });
    expect(memory.events.filter((event) => event.orderId === orderId).map((event) => [event.type, event.gems])).toEqual(
      expect.arrayContaining([
        ['refundFailed', 1000],
        ['debtPaid', -1000],
      ]),
    );
    expect(memory.gameEventRecords.filter((event) => event.orderId === orderId).map((event) => [event.body.type, event.body.data.reason])).toEqual([
      ['gems.credited', 'purchase'],
      ['gems.debited', 'refund'],
      ['gems.credited', 'refund_failed'],
    ]);
  });
});
