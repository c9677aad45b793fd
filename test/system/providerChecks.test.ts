import { execFileSync } from 'node:child_process';
import { storedCatalogue } from '../../src/server/catalogue/publishedCatalogue';
import { firestoreCatalogue } from '../../src/server/catalogue/catalogueRepository';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { STARTING_PACKS } from '../../src/shared/startingCatalogue';
import { createGatewayClient, type GatewayClient } from '../../src/server/provider/gatewayClient';
import { API_ROUTES, apiPath } from '../../src/shared/api';
import { silentLogger } from '../../src/server/lib/logger';
import { startPayment } from '../../src/server/payments/startPayment';
import type { OrderDeps } from '../../src/server/payments/paymentDeps';
import { firestoreOffers } from '../../src/server/offers/offersRepository';
import { sweepOnce, type SweepDeps } from '../../src/server/orderWatch/sweep';
import type { TransactionRecord } from '../../src/server/orders/orderRules';
import { firestoreOrderRepositories } from '../../src/server/orderRepositories';
import { firestoreOrderWatch } from '../../src/server/orderWatch/orderWatchRepository';
import { firestoreProtections } from '../../src/server/protections/protectionsRepository';
import { startStack } from '../../scripts/stack/startStack';
import { isolatedDb } from '../support/emulatorAdmin';
import { TEST_ADULT_BIRTH_DATE, TEST_PASSWORD } from '../fixtures/samples';
import { signUpOnAuthEmulator } from '../../scripts/stack/authAccounts';
import { loopbackGuardEnv, makeTempDir, projectRoot, testStackSettings } from '../../scripts/stack/testing/throwawayStack';
import { providerAnswer } from '../../src/server/provider/providerAnswer';
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
  type TestPlayer,
} from '../support/paymentsHarness';

jest.setTimeout(240_000);

afterEach(async () => {
  await sandboxControl('DELETE', '/faults');
});

interface PaidOrder {
  player: TestPlayer;
  orderId: string;
  packIndex: number;
  returnParameters: Record<string, string>;
}

/** `count` players, each with one order paid at the provider whose callback never came. */
async function paidOrders(count: number): Promise<PaidOrder[]> {
  return Promise.all(
    Array.from({ length: count }, async (_unused, index) => {
      const player = await newPlayer();
      const packIndex = index % STARTING_PACKS.length;
      const { orderId } = await startPurchase(player, STARTING_PACKS[packIndex]!.id);
      await sandboxControl('PUT', '/faults', { orderId, faults: { callback: { none: true } } });
      const returnParameters = await completeInSandbox(orderId);
      return { player, orderId, packIndex, returnParameters };
    }),
  );
}

/** The provider's signed callback for a paid order. */
function callbackOf({ orderId, returnParameters }: PaidOrder): Record<string, string> {
  const { signature: _ignored, ...fields } = returnParameters;
  return signedCallback({ ...fields, out_trade_no: orderId, status: 'paid' });
}

describe('checks with the provider that race', () => {
  it('1,000 callbacks, returns, reconciles, checks and sweeps over 20 paid orders, in 4 parallel bursts: each credited once, no 5xx', async () => {
    const orders = await paidOrders(20);
    // Their sweep is due at the dawn of time: the in-process sweeps below meet no other test's order.
    await Promise.all(orders.map(({ orderId }) => ownerDb().doc(`transactions/${orderId}`).update({ nextCheckAt: 1 })));
    const deps = inProcessPaymentDeps();

    const confirm = (i: number): Promise<number> => {
      const order = orders[i % orders.length]!;
      switch (i % 5) {
        case 0:
          return postCallback(callbackOf(order)).then((answer) => answer.status);
        case 1:
          return postJson('/api/payments/return', order.returnParameters, order.player.idToken).then((answer) => answer.status);
        case 2:
          return postJson('/api/transactions/reconcile', {}, order.player.idToken).then((answer) => answer.status);
        case 3:
          return postJson(`/api/orders/${order.orderId}/check`, {}, order.player.idToken).then((answer) => answer.status);
        default:
          return sweepOnce(deps, 10).then(() => 200);
      }
    };
    const burst = (offset: number) => Promise.all(Array.from({ length: 250 }, (_unused, i) => confirm(offset + i)));
    const statuses = (await Promise.all([0, 250, 500, 750].map(burst))).flat();

    expect(statuses).toHaveLength(1000);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    for (const order of orders) {
      expect([order.orderId, await gemsOf(order.player.uid)]).toEqual([order.orderId, STARTING_PACKS[order.packIndex]!.gemCount]);
      expect(await transactionOf(order.orderId)).toMatchObject({ status: 'paid', checked: 1 });
    }
  });

  it('200 concurrent returns of one order: one credit, no 5xx', async () => {
    const [order] = await paidOrders(1);
    const statuses = await Promise.all(
      Array.from({ length: 200 }, () =>
        postJson('/api/payments/return', order!.returnParameters, order!.player.idToken).then((answer) => answer.status),
      ),
    );
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(await gemsOf(order!.player.uid)).toBe(STARTING_PACKS[0]!.gemCount);
  });
});

/** The sandbox client, counting the questions each order is asked. */
function countingGateway(): { gateway: GatewayClient; asked: Map<string, number> } {
  const real = createGatewayClient(stackSettings);
  const asked = new Map<string, number>();
  return {
    asked,
    gateway: {
      createPayment: (request) => real.createPayment(request),
      queryStatus: (orderId) => {
        asked.set(orderId, (asked.get(orderId) ?? 0) + 1);
        return real.queryStatus(orderId);
      },
      refund: (orderId, amount, idempotencyKey) => real.refund(orderId, amount, idempotencyKey),
      cancelPayment: (orderId) => real.cancelPayment(orderId),
    },
  };
}

/** An instance of the API's sweep on its own database: its own deps, as another process would have. */
const instanceOn = (db: Firestore, gateway: GatewayClient, settings = stackSettings): OrderDeps & SweepDeps => ({
  settings,
  ...firestoreOrderRepositories(db, settings),
  offers: firestoreOffers(db),
  catalogue: storedCatalogue(firestoreCatalogue(db)),
  gateway,
  log: silentLogger,
});

describe('the sweep, across instances and time', () => {
  it('three instances sweeping 200 recent pending orders ask about each order once per pass', async () => {
    const db = isolatedDb('sweep3');
    const now = Date.now();
    const batch = db.batch();
    const ids = Array.from({ length: 200 }, (_unused, i) => `WC${now.toString(36).toUpperCase()}SWEEP${String(i).padStart(4, '0')}`);
    for (const orderId of ids) {
      batch.set(db.doc(`transactions/${orderId}`), {
        order_id: orderId,
        userId: 'u-sweep',
        status: 'pending',
        checked: 0,
        gemCount: 1000,
        amount: '15.99',
        currency: 'AUD',
        product_name: 'Tiny of Gem',
        createdAt: now - 60_000,
        updatedAt: now - 60_000,
        nextCheckAt: now - 1_000,
        leaseUntil: 0,
        checks: 0,
      } satisfies Partial<TransactionRecord>);
    }
    await batch.commit();

    const { gateway, asked } = countingGateway();
    const passes = await Promise.all([0, 1, 2].map(() => sweepOnce(instanceOn(db, gateway), now)));
    expect(passes.reduce((sum, pass) => sum + pass.claimed, 0)).toBe(200);
    expect(ids.map((orderId) => asked.get(orderId) ?? 0)).toEqual(ids.map(() => 1));

    // The next pass at the same moment finds nothing due: each order waits for its backoff.
    expect((await sweepOnce(instanceOn(db, gateway), now)).claimed).toBe(0);
    const record = (await db.doc(`transactions/${ids[0]}`).get()).data() as TransactionRecord;
    expect(record.checks).toBe(1);
    expect(record.nextCheckAt).toBeGreaterThan(now);
  });

  it('a provider that fails for 31 minutes, then says processing, then paid: credited once it answers', async () => {
    const db = isolatedDb('outage');
    const { gateway } = countingGateway();
    const deps = instanceOn(db, gateway);
    const player = 'u-outage';
    await firestoreProtections(db).recordBirthDate(player, TEST_ADULT_BIRTH_DATE, Date.now());
    const { orderId } = await startPayment(deps, player, { packId: 3, details: paymentDetails });
    await sandboxControl('PUT', '/faults', { orderId, faults: { callback: { none: true }, query: { httpStatus: 503 } } });
    await completeInSandbox(orderId);

    const record = async () => (await db.doc(`transactions/${orderId}`).get()).data() as TransactionRecord;
    const start = (await record()).createdAt;
    let checks = 0;
    // Jump from one due check to the next until 31 minutes have passed with the provider down.
    while ((await record()).nextCheckAt < start + 31 * 60_000) {
      const pass = await sweepOnce(deps, (await record()).nextCheckAt);
      checks += pass.claimed;
      expect(await record()).toMatchObject({ status: 'pending', checked: 0 });
    }
    expect(checks).toBeGreaterThanOrEqual(5);

    await sandboxControl('PUT', '/faults', { orderId, faults: { callback: { none: true }, query: { status: 'processing' } } });
    await sweepOnce(deps, (await record()).nextCheckAt);
    expect(await record()).toMatchObject({ status: 'pending', checked: 0 });

    await sandboxControl('DELETE', '/faults');
    const afterOutage = (await record()).nextCheckAt;
    expect((await sweepOnce(deps, afterOutage)).credited).toBe(1);
    expect((await sweepOnce(deps, afterOutage + 24 * 3_600_000)).claimed).toBe(0);
    expect(await record()).toMatchObject({ status: 'paid', checked: 1 });
    expect((await db.doc(`users/${player}`).get()).data()?.gemCount).toBe(STARTING_PACKS[2]!.gemCount);
  });
  it('orders from before the watch (no next check) are put under it once, however many instances start, and the paid one is credited', async () => {
    const db = isolatedDb('adopt');
    const { gateway, asked } = countingGateway();
    const deps = instanceOn(db, gateway);
    const start = async (player: string) => {
      await firestoreProtections(db).recordBirthDate(player, TEST_ADULT_BIRTH_DATE, Date.now());
      const { orderId } = await startPayment(deps, player, { packId: 3, details: paymentDetails });
      await sandboxControl('PUT', '/faults', { orderId, faults: { callback: { none: true } } });
      return orderId;
    };
    const [paid, processing, credited] = [await start('u-old-paid'), await start('u-old-processing'), await start('u-old-credited')];
    await completeInSandbox(paid);
    await completeInSandbox(credited);
    await deps.orders.applyProviderAnswer(credited, providerAnswer('paid'), { source: 'callback' });
    // As orders made before the watch were kept: no next check, and an older record holding the provider's word.
    for (const orderId of [paid, processing, credited]) await db.doc(`transactions/${orderId}`).update({ nextCheckAt: FieldValue.delete() });
    await db.doc(`transactions/${processing}`).update({ status: 'processing' });
    const now = Date.now();
    expect((await sweepOnce(deps, now)).claimed).toBe(0);

    const adoptions = await Promise.all([0, 1, 2].map(() => firestoreOrderWatch(db).adoptUnwatched(now)));
    expect(adoptions.reduce<number>((sum, adopted) => sum + (adopted ?? 0), 0)).toBe(2);
    await expect(firestoreOrderWatch(db).adoptUnwatched(now)).resolves.toBeNull();
    const watchStarted = await db.collectionGroup('events').where('type', '==', 'watchStarted').get();
    expect(watchStarted.docs.map((doc) => doc.get('orderId')).sort()).toEqual([paid, processing].sort());

    const pass = await sweepOnce(deps, now);
    expect(pass).toMatchObject({ claimed: 2, credited: 1, failed: 0 });
    expect([paid, processing, credited].map((orderId) => asked.get(orderId) ?? 0)).toEqual([1, 1, 0]);
    const record = async (orderId: string) => (await db.doc(`transactions/${orderId}`).get()).data() as TransactionRecord;
    expect(await record(paid)).toMatchObject({ status: 'paid', checked: 1 });
    expect(await record(processing)).toMatchObject({ status: 'pending', checked: 0, checks: 1 });
    expect((await record(credited)).nextCheckAt).toBeUndefined();
    expect((await db.doc('users/u-old-paid').get()).data()?.gemCount).toBe(STARTING_PACKS[2]!.gemCount);
    expect((await db.doc('users/u-old-credited').get()).data()?.gemCount).toBe(STARTING_PACKS[2]!.gemCount);
  });
});

describe('GET /api/orders/:id', () => {
  it('reads a paid order of the player’s own', async () => {
    const [order] = await paidOrders(1);
    await postJson('/api/payments/return', order!.returnParameters, order!.player.idToken);
    expect((await getJson(`/api/orders/${order!.orderId}`, order!.player.idToken)).body).toMatchObject({ status: 'paid', credited: true });
  });
});

describe('an API instance killed in the middle of a storm', () => {
  it('is started again by the supervisor, and every paid order is credited once within a sweep interval', async () => {
    // A slow machine must not turn into provider timeouts that back the checks off past the test: the
    // provider gets 10 s, and a still-pending order is asked again at least every 2 s.
    const settings = await testStackSettings({
      SWEEP_INTERVAL_MS: '1000',
      SWEEP_LEASE_MS: '900',
      ORDER_RECHECK_FIRST_MS: '500',
      ORDER_RECHECK_MAX_MS: '2000',
      GATEWAY_TIMEOUT_MS: '10000',
    });
    const notices: string[] = [];
    const stack = await startStack({
      projectRoot,
      settings,
      mode: 'serve',
      dataDir: null,
      runDir: makeTempDir('crash'),
      extraEnv: loopbackGuardEnv(),
      onNotice: (message) => notices.push(message),
    });
    try {
      const store = (route: string) => `${stack.url}${route}`;
      const sandbox = (route: string, method: string, body?: unknown) =>
        fetch(`http://${settings.HOST}:${settings.GATEWAY_SANDBOX_PORT}/__sandbox${route}`, {
          method,
          headers: { 'Content-Type': 'application/json', 'X-Sandbox-Token': settings.SANDBOX_CONTROL_TOKEN },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      const orders = await Promise.all(
        Array.from({ length: 10 }, async (_unused, index) => {
          const account = await signUpOnAuthEmulator(settings, { email: `crash-${index}-${Date.now()}@wyrmcrown.example`, password: TEST_PASSWORD });
          const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${account.idToken}` };
          await fetch(store(apiPath(API_ROUTES.birthDate)), { method: 'POST', headers, body: JSON.stringify({ birthDate: TEST_ADULT_BIRTH_DATE }) });
          const started = await fetch(store('/api/payments'), { method: 'POST', headers, body: JSON.stringify({ packId: 2, ...paymentDetails }) });
          const { orderId } = (await started.json()) as { orderId: string };
          await sandbox('/faults', 'PUT', { orderId, faults: { callback: { none: true } } });
          const { returnUrl } = (await (await sandbox(`/orders/${orderId}/complete`, 'POST', { outcome: 'paid' })).json()) as { returnUrl: string };
          return { orderId, headers, uid: account.uid, parameters: Object.fromEntries(new URL(returnUrl).searchParams) };
        }),
      );

      // The storm: returns and reconciles from every player; halfway through, the API dies.
      const api = stack.processes.find((part) => part.name === 'API server')!;
      const storm = Promise.all(
        Array.from({ length: 300 }, async (_unused, i) => {
          await new Promise((resolve) => setTimeout(resolve, i * 3));
          const order = orders[i % orders.length]!;
          const route = i % 2 === 0 ? '/api/payments/return' : '/api/transactions/reconcile';
          try {
            const response = await fetch(store(route), { method: 'POST', headers: order.headers, body: JSON.stringify(order.parameters) });
            return response.status;
          } catch {
            return 0; // the connection died with the API
          }
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The API itself (its guardian's child, leading its own process group), not its guardian.
      const apiPid = Number(execFileSync('pgrep', ['-P', String(api.pid)], { encoding: 'utf8' }).trim().split('\n')[0]);
      process.kill(-apiPid, 'SIGKILL');
      const statuses = await storm;
      expect(statuses.filter((status) => status >= 500)).toEqual([]);

      // The supervisor brings the API back; its first pass, at once, takes back the claims it held when it
      // was killed (its instance name is the same), and credits every order, once. (Generous margins: the
      // whole suite may be running beside this test on two cores.)
      const backBy = Date.now() + 60_000;
      const isBack = () => notices.some((notice) => /API server is running again/.test(notice));
      while (Date.now() < backBy && !isBack()) await new Promise((resolve) => setTimeout(resolve, 200));
      expect([isBack(), notices]).toEqual([true, notices]);
      const deadline = Date.now() + 45_000;
      const db = (uid: string) =>
        fetch(`http://${settings.EMULATOR_HOST}:${settings.FIRESTORE_EMULATOR_PORT}/v1/projects/${settings.FIREBASE_PROJECT_ID}/databases/(default)/documents/users/${uid}`, {
          headers: { Authorization: 'Bearer owner' },
        }).then(async (response) => Number(((await response.json()) as { fields?: { gemCount?: { integerValue?: string } } }).fields?.gemCount?.integerValue ?? 0));
      let balances: number[] = [];
      while (Date.now() < deadline) {
        balances = await Promise.all(orders.map((order) => db(order.uid)));
        if (balances.every((gems) => gems === STARTING_PACKS[1]!.gemCount)) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect([balances, notices]).toEqual([orders.map(() => STARTING_PACKS[1]!.gemCount), notices]);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(await Promise.all(orders.map((order) => db(order.uid)))).toEqual(orders.map(() => STARTING_PACKS[1]!.gemCount));
      // The sweep's passes are on the record: support's health view and the metrics show the last one.
      const metrics = await (await fetch(store('/api/metrics'))).text();
      const lastPass = Number(/^wyrmcrown_sweep_last_pass_timestamp_seconds (\S+)$/m.exec(metrics)?.[1]);
      expect(Date.now() / 1000 - lastPass).toBeLessThan(30);
    } finally {
      await stack.stop();
    }
  });
});
