import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { fakeGateway } from '../../../test/support/fakeGateway';
import { memoryOffers } from '../../../test/support/memory/memoryOffers';
import { memoryRefunds } from '../../../test/support/memory/memoryRefunds';
import { memoryStore } from '../../../test/support/memory/memoryStore';
import { samplePaymentDetails } from '../../../test/fixtures/samples';
import { createGameServerApp, type ReceivedEvent } from '../../gameServer/gameServerApp';
import { GAME_WEBHOOK_PATH } from '../../shared/gameEvents';
import { parseSettings, type Settings } from '../config/settings';
import { silentLogger } from '../lib/logger';
import type { OrderDeps } from '../payments/paymentDeps';
import { checkOrder } from '../payments/playerOrders';
import { startPayment } from '../payments/startPayment';
import { refundDeclinedCredit } from '../refunds/declinedCredit';
import type { RefundDeps } from '../refunds/refundService';
import { afterTry, dispatchGameEventsOnce } from './gameEventDispatcher';
import { retryDelay } from './deliveryRules';
import { canMoveGameEvent } from '../gameEvents/gameEventRecords';

const TOKEN = 'game-server-control-token';

/** The stand-in on a free port, and the store's settings pointing at it. */
async function gameServer(overrides: Record<string, string> = {}) {
  const base = parseSettings({});
  const server: Server = createGameServerApp({ secret: base.GAME_WEBHOOK_SECRET, controlToken: TOKEN }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const settings = parseSettings({ GAME_WEBHOOK_URL: `${url}${GAME_WEBHOOK_PATH}`, GAME_WEBHOOK_TIMEOUT_MS: '2000', ...overrides });
  const control = (method: string, path: string, body?: unknown) =>
    fetch(`${url}/__game${path}`, { method, headers: { 'X-Sandbox-Token': TOKEN, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }).then(
      (response) => response.json() as Promise<any>,
    );
  return { settings, url, control, close: () => new Promise((resolve) => server.close(resolve)) };
}

function setup(settings: Settings) {
  const memory = memoryStore();
  const { refunds, balances } = memoryRefunds(memory);
  const provider = fakeGateway();
  const deps: RefundDeps & OrderDeps = { settings, ...memory.repositories, offers: memoryOffers(memory).repository, refunds, balances, gateway: provider.gateway, log: silentLogger };
  const delivery = { settings, gameEvents: memory.gameEvents, log: silentLogger, declined: (event: { orderId: string }, reason: string) => refundDeclinedCredit(deps, event.orderId, reason) };
  const bought = async (uid = 'u-1') => {
    const { orderId } = await startPayment(deps, uid, { packId: 3, details: samplePaymentDetails });
    provider.statuses.set(orderId, 'paid');
    await checkOrder(deps, uid, orderId);
    return orderId;
  };
  return { deps, memory, delivery, bought };
}

describe('delivery to the game’s server', () => {
  it('sends a credit once, signed as Standard Webhooks has it; the stand-in applies it to the player’s wallet', async () => {
    const game = await gameServer();
    try {
      const { memory, delivery, bought } = setup(game.settings);
      const orderId = await bought();
      expect(memory.gameEventRecords.map((event) => [event.id, event.body.type, event.body.data.gems, event.body.data.reason])).toEqual([[`credit-purchase-${orderId}`, 'gems.credited', 3500, 'purchase']]);
      expect(await dispatchGameEventsOnce(delivery)).toEqual({ claimed: 1, delivered: 1, declined: 0, failed: 0, held: 0 });
      expect(await dispatchGameEventsOnce(delivery)).toEqual({ claimed: 0, delivered: 0, declined: 0, failed: 0, held: 0 });
      const { events, refused } = await game.control('GET', '/events');
      expect(refused).toBe(0);
      expect(events.map((event: ReceivedEvent) => [event.id, event.deliveries, event.body.data])).toEqual([
        [`credit-purchase-${orderId}`, 1, expect.objectContaining({ uid: 'u-1', orderId, gems: 3500, bonusGems: 0 })],
      ]);
      expect((await game.control('GET', '/wallets/u-1')).gems).toBe(3500);
      expect(memory.gameEventRecords[0]).toMatchObject({ status: 'delivered', attempts: 1, tries: [{ answer: '2xx' }] });
    } finally {
      await game.close();
    }
  });

  it('tries a failing game again with the same id, first within GAME_WEBHOOK_RETRY_FIRST_MS, then backs off; the stand-in refuses a bad signature', async () => {
    const game = await gameServer();
    try {
      const { memory, delivery, bought } = setup(game.settings);
      await bought();
      for (const failWith of ['503', 'drop', 'slow'] as const) {
        await game.control('PUT', '/behaviour', { failNext: 1, failWith, slowMs: 4_000 });
        const event = memory.gameEventRecords[0]!;
        event.nextAttemptAt = 0;
        expect(await dispatchGameEventsOnce(delivery)).toMatchObject({ claimed: 1, failed: 1 });
        expect(event.status).toBe('pending');
      }
      const event = memory.gameEventRecords[0]!;
      expect(event.tries.map((tried) => tried.answer)).toEqual(['503', expect.stringMatching(/^refused/), 'timeout']);
      // The next try waits: nothing is due before it.
      expect(await dispatchGameEventsOnce(delivery)).toMatchObject({ claimed: 0 });
      event.nextAttemptAt = 0;
      expect(await dispatchGameEventsOnce(delivery)).toMatchObject({ delivered: 1 });
      const { events } = await game.control('GET', '/events');
      expect(events).toHaveLength(1);

      const forged = await fetch(game.settings.GAME_WEBHOOK_URL, {
        method: 'POST',
        headers: { 'webhook-id': event.id, 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': 'v1,AAAA' },
        body: JSON.stringify(event.body),
      });
      expect(forged.status).toBe(401);
    } finally {
      await game.close();
    }
  });

  it('retries within the first delay, doubling and jittered, and leaves an event for support after GAME_WEBHOOK_GIVE_UP_MS', () => {
    const settings = parseSettings({});
    expect(retryDelay(1, 10_000, () => 0.5)).toBe(10_000);
    expect(retryDelay(3, 10_000, () => 0.5)).toBe(40_000);
    expect(retryDelay(1, 10_000, () => 0)).toBe(5_000);
    expect(retryDelay(30, 10_000, () => 0.5)).toBe(6 * 3_600_000);
    const event = { id: 'e', triesFrom: 0, attempts: 40, tries: [], body: { type: 'gems.credited' } } as never;
    expect(afterTry(settings, event, { failed: '503' }, 3 * 86_400_000 - 1)).toMatchObject({ status: 'attention', why: expect.stringContaining('undelivered after 41 tries') });
    expect(afterTry(settings, { ...(event as object), attempts: 0 } as never, { failed: '503' }, 1_000)).toMatchObject({ status: 'pending' });
    // Every outcome of a try is an arrow of the delivery's machine from pending.
    const debit = { ...(event as object), attempts: 0, body: { type: 'gems.debited' } } as never;
    const outcomes = [afterTry(settings, event, { delivered: true }, 1), afterTry(settings, event, { declined: 'banned' }, 1), afterTry(settings, debit, { declined: 'no' }, 1), afterTry(settings, debit, { failed: '503' }, 1)];
    for (const { status } of outcomes) expect(canMoveGameEvent('pending', status)).toBe(true);
    expect(outcomes.map(({ status }) => status)).toEqual(['delivered', 'declined', 'attention', 'pending']);
  });

  it('refunds an order whose credit the game declines: gems taken back, the refund under way, the player emailed, no debit sent', async () => {
    const game = await gameServer();
    try {
      const { memory, delivery, bought } = setup(game.settings);
      await game.control('PUT', '/behaviour', { declineUids: ['u-banned'] });
      const orderId = await bought('u-banned');
      expect(await dispatchGameEventsOnce(delivery)).toMatchObject({ declined: 1 });
      expect(memory.records.get(orderId)).toMatchObject({ status: 'refunded', gameDeclined: { reason: 'this game account is banned' } });
      expect(memory.balances.get('u-banned')).toBe(0);
      expect(memory.mail).toContainEqual({ kind: 'deliveryDeclined', orderId });
      expect(memory.mail).toContainEqual({ kind: 'refundApproved', orderId });
      expect(memory.gameEventRecords.map((event) => [event.body.type, event.status])).toEqual([['gems.credited', 'declined']]);
      expect((await game.control('GET', '/wallets/u-banned')).gems).toBe(0);
    } finally {
      await game.close();
    }
  });

  it('sends a refund’s take-back as gems.debited', async () => {
    const game = await gameServer();
    try {
      const { deps, memory, delivery, bought } = setup(game.settings);
      const orderId = await bought();
      await deps.refunds.request(orderId, { reason: 'Mistake', at: Date.now() }, () => ({ eligible: true }));
      await deps.refunds.beginApproval(orderId, { actor: { uid: 's', email: 's@x' }, at: Date.now(), attemptId: 'a-1', firstCheckAt: Date.now() });
      await dispatchGameEventsOnce(delivery);
      expect(memory.gameEventRecords.map((event) => [event.body.type, event.body.data.reason, event.status])).toEqual([
        ['gems.credited', 'purchase', 'delivered'],
        ['gems.debited', 'refund', 'delivered'],
      ]);
      expect((await game.control('GET', '/wallets/u-1')).gems).toBe(0);
    } finally {
      await game.close();
    }
  });

  it('an order’s events reach the game in the order they were made: with the credit failing while a refund’s take-back is made, the credit is taken first, then the debit (5 of 5 rounds)', async () => {
    for (let round = 0; round < 5; round += 1) {
      const game = await gameServer({ GAME_WEBHOOK_RETRY_FIRST_MS: '100' });
      try {
        const { deps, memory, delivery, bought } = setup(game.settings);
        // The game answers 503 to the credit, twice.
        await game.control('PUT', '/behaviour', { failNext: 2, failWith: '503' });
        const orderId = await bought();
        expect(await dispatchGameEventsOnce(delivery)).toMatchObject({ claimed: 1, failed: 1 });
        await deps.refunds.request(orderId, { reason: 'Mistake', at: Date.now() }, () => ({ eligible: true }));
        await deps.refunds.beginApproval(orderId, { actor: { uid: 's', email: 's@x' }, at: Date.now(), attemptId: 'a-1', firstCheckAt: Date.now() });
        // Both due: the debit is held back while the credit fails again, then follows it.
        for (let pass = 0; pass < 10 && memory.gameEventRecords.some((event) => event.status === 'pending'); pass += 1) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          await dispatchGameEventsOnce(delivery, Date.now() + 60_000);
        }
        const { events } = await game.control('GET', '/events');
        expect(events.map((event: ReceivedEvent) => event.body.type)).toEqual(['gems.credited', 'gems.debited']);
        expect((await game.control('GET', '/wallets/u-1')).gems).toBe(0);
      } finally {
        await game.close();
      }
    }
  });

  it('signs what a game verifies with the standardwebhooks package, and nothing else', async () => {
    const game = await gameServer();
    try {
      const secret = game.settings.GAME_WEBHOOK_SECRET;
      const body = '{"type":"gems.credited"}';
      const signature = new Webhook(secret).sign('credit-purchase-WC1', new Date(), body);
      expect(signature).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(body, { 'webhook-id': 'credit-purchase-WC1', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': signature })).toThrow();
    } finally {
      await game.close();
    }
  });
});
