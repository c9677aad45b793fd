import { startApiInstances, type ApiInstances } from '../../scripts/stack/testing/apiInstances';
import { STARTING_PACKS } from '../../src/shared/startingCatalogue';
import { promoCodeMessages, promoCodeOfferId } from '../../src/server/offers/offerRules';
import { firestoreOffers } from '../../src/server/offers/offersRepository';
import { mapWithConcurrency } from '../../src/server/lib/mapWithConcurrency';
import { waitForMailsAbout } from '../support/mailbox';
import { completeInSandbox, gemsOf, newPlayer, ownerDb, paymentDetails, sandboxControl, startPurchase, waitFor, type TestPlayer } from '../support/paymentsHarness';
import { newPromoCode } from '../support/promoCodes';

/**
 * The limits that must hold when the API runs as several instances, Firestore the only state they share:
 * three instances of the API, each its own process, requests spread over them as a load balancer would.
 */
jest.setTimeout(120_000);

const PAYMENTS_PER_MINUTE = 4;
const JOBS_TOKEN = 'the-jobs-token-of-these-instances';
let instances: ApiInstances;
beforeAll(async () => {
  instances = await startApiInstances(3, { RATE_LIMIT_PAYMENTS_PER_MINUTE: String(PAYMENTS_PER_MINUTE), MAX_OPEN_ORDERS: '3', JOBS_TOKEN });
});
afterAll(async () => {
  await instances?.stop();
});

const payment = (player: TestPlayer, instance: number) =>
  fetch(`${instances.urls[instance % instances.urls.length]}/api/payments`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${player.idToken}` },
    body: JSON.stringify({ packId: 1, ...paymentDetails }),
  }).then(async (response) => ({ status: response.status, body: (await response.json()) as { orderId?: string; reason?: string } }));
const pay = async (player: TestPlayer, instance: number) => (await payment(player, instance)).status;

const openOrdersOf = async (uid: string) => (await ownerDb().collection('transactions').where('userId', '==', uid).where('status', '==', 'pending').get()).size;

describe('limits across three API instances', () => {
  it('the payment rate limit is one limit, not one per instance: it counts the payments that reached the provider', async () => {
    const player = await newPlayer();
    // The counted windows are the clock's minutes: start early in one, so the twelve calls never straddle two.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 40_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 100));
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const answer = await payment(player, i);
      statuses.push(answer.status);
      // Each order left at once, so the open-order cap never refuses one first.
      if (answer.body.orderId) await fetch(`${instances.urls[i % instances.urls.length]}/api/orders/${answer.body.orderId}/cancel`, { method: 'POST', headers: { Authorization: `Bearer ${player.idToken}` } });
    }
    expect(statuses).toEqual([...Array(PAYMENTS_PER_MINUTE).fill(201), ...Array(12 - PAYMENTS_PER_MINUTE).fill(429)]);
  });

  it('a refusal before the provider (the open-order cap) leaves the limit for payments that can start', async () => {
    const player = await newPlayer();
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 40_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 100));
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) statuses.push(await pay(player, i));
    // Three orders, the cap; five refusals that asked no provider and count against nothing but the bound on tries.
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
  });

  it('a burst of twenty payments from one player is limited, not refused whole: the limit’s worth pass, the rest are told when to retry', async () => {
    const player = await newPlayer();
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 40_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 100));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_unused, i) =>
        fetch(`${instances.urls[i % instances.urls.length]}/api/payments`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${player.idToken}` },
          body: JSON.stringify({ packId: 1, ...paymentDetails }),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    // As many orders as the open-order cap allows; the rest told the cap is full (not counted) or when to retry.
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status !== 201 && status !== 409 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(20 - 2 * PAYMENTS_PER_MINUTE);
    expect(await openOrdersOf(player.uid)).toBe(3);
    for (const answer of answers.filter((each) => each.status === 429)) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('twenty payments at once by one player, spread over the instances, open at most three orders', async () => {
    // A player of their own for each burst, so the rate limit lets each burst's attempts reach the cap.
    const bursts = await Promise.all(
      [0, 1, 2, 3, 4].map(async () => {
        const player = await newPlayer();
        const statuses = await Promise.all(Array.from({ length: 20 }, (_unused, i) => pay(player, i)));
        return { statuses, open: await openOrdersOf(player.uid) };
      }),
    );
    for (const { statuses, open } of bursts) {
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(open).toBe(statuses.filter((status) => status === 201).length);
      expect(open).toBeLessThanOrEqual(3);
    }
  });

  it('the same job fired on every instance at once credits each paid order once, and sends its receipt once', async () => {
    // Paid at the provider, its callback and return lost: only the sweep job can credit these.
    const orders = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(async (packId) => {
        const player = await newPlayer();
        const { orderId } = await startPurchase(player, packId);
        await sandboxControl('PUT', '/faults', { orderId, faults: { callback: { none: true } } });
        await completeInSandbox(orderId);
        await ownerDb().doc(`transactions/${orderId}`).update({ nextCheckAt: 0 });
        return { player, orderId, gems: STARTING_PACKS[packId - 1]!.gemCount };
      }),
    );
    const job = (url: string, name: string) => fetch(`${url}/api/jobs/${name}`, { method: 'POST', headers: { Authorization: `Bearer ${JOBS_TOKEN}` } }).then((response) => response.status);
    for (let round = 0; round < 3; round += 1) {
      const statuses = await Promise.all(instances.urls.flatMap((url) => [job(url, 'sweep'), job(url, 'sweep'), job(url, 'mail')]));
      expect(statuses.every((status) => status === 200)).toBe(true);
    }
    expect((await fetch(`${instances.urls[0]}/api/jobs/sweep`, { method: 'POST' })).status).toBe(401);
    for (const { player, orderId, gems } of orders) {
      expect(await gemsOf(player.uid)).toBe(gems);
      expect((await ownerDb().collection(`transactions/${orderId}/events`).where('type', '==', 'credited').get()).size).toBe(1);
      const receipts = await waitForMailsAbout(orderId, (mails) => mails.length > 0);
      expect(receipts.filter((mail) => mail.subject.includes('receipt'))).toHaveLength(1);
    }
  });

  it('200 players using one promo code capped at 50 within a second, spread over the instances: exactly 50 uses and 50 bonuses, every other order refused for the code', async () => {
    const code = await newPromoCode('STORM', '50', '');
    const players = (await mapWithConcurrency(Array.from({ length: 200 }), 20, () => newPlayer())).map((made) => {
      if (made.status === 'rejected') throw made.reason;
      return made.value;
    });
    const answers = await Promise.all(
      players.map((player, index) =>
        fetch(`${instances.urls[index % instances.urls.length]}/api/payments`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${player.idToken}` },
          body: JSON.stringify({ packId: 1, ...paymentDetails, promoCode: code }),
        }).then(async (response) => ({ player, status: response.status, body: (await response.json()) as { orderId?: string; error?: string } })),
      ),
    );
    const made = answers.filter((answer) => answer.status === 201);
    expect(made).toHaveLength(50);
    // Everyone else was told the code is used up, and nothing of theirs was stored.
    expect(answers.filter((answer) => answer.status !== 201).map((answer) => `${answer.status} ${answer.body.error}`)).toEqual(Array(150).fill(`422 ${promoCodeMessages.usedUp}`));
    expect((await firestoreOffers(ownerDb()).find(promoCodeOfferId(code)))!.uses).toBe(50);
    expect((await ownerDb().collection('transactions').where('offer.code', '==', code).get()).size).toBe(50);

    // Paid: each of the 50 is credited the pack and the code's 500 gems, once.
    const completed = await mapWithConcurrency(made, 10, (answer) => completeInSandbox(answer.body.orderId!));
    expect(completed.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    for (const { player } of made) expect(await waitFor(() => gemsOf(player.uid), (gems) => gems > 0, 30_000)).toBe(STARTING_PACKS[0]!.gemCount + 500);
    expect((await firestoreOffers(ownerDb()).find(promoCodeOfferId(code)))!.uses).toBe(50);
  });
});
