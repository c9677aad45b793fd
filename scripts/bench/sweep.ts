import crypto from 'node:crypto';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { API_ROUTES, apiPath } from '../../src/shared/api';
import { COLLECTIONS } from '../../src/shared/firestorePaths';
import type { SweepPass } from '../../src/server/orderWatch/sweep';
import { startApiInstance, type ApiInstance } from '../scale/apiInstance';
import { findFreePort } from '../stack/network';
import { samplePaymentDetails } from '../stack/sampleBuyer';
import { STARTING_PACKS } from '../../src/shared/startingCatalogue';
import { gatewayAmount } from '../../src/shared/money';
import { createGatewayClient } from '../../src/server/provider/gatewayClient';
import { buildPaymentRequest } from '../../src/server/payments/paymentRequest';
import { mapWithConcurrency } from '../../src/server/lib/mapWithConcurrency';
import { startStack } from '../stack/startStack';
import { makeTempDir, projectRoot, testStackSettings } from '../stack/testing/throwawayStack';

/** A launch's backlog: open orders the sweep must ask the provider about in one pass. */
export const BACKLOG = 10_000;
const INSTANCES = 3;

export interface SweepFigures {
  /** One instance's pass over the backlog (ms), and what it claimed. */
  one: { ms: number; claimed: number };
  /** Three instances' passes started at once over the same backlog (ms until the last answered), and what each claimed. */
  three: { ms: number; claimed: number[]; checked: number; failed: number };
}

/**
 * The sweep's figure of `npm run bench`: three API instances from the production build (jobs only, as on Cloud Run)
 * on their own emulators and sandbox, a backlog of 10,000 recent pending orders seeded, and the sweep's job asked of
 * one instance, then (the backlog seeded again) of all three at once, as Cloud Scheduler would on a busy day.
 */
export async function benchSweep(): Promise<SweepFigures> {
  const jobsToken = crypto.randomBytes(24).toString('hex');
  const settings = await testStackSettings({
    BACKGROUND_WORK: 'jobs',
    JOBS_AUTH: 'token',
    JOBS_TOKEN: jobsToken,
    SWEEP_BATCH: String(BACKLOG),
    SWEEP_CONCURRENCY: '32',
    SWEEP_PASS_MS: '600000',
    SWEEP_LEASE_MS: '700000',
  });
  process.env.METADATA_SERVER_DETECTION = 'none';
  const runDir = makeTempDir('bench-sweep');
  const stack = await startStack({ projectRoot, settings, mode: 'backing', dataDir: null, runDir });
  const instances: ApiInstance[] = [];
  try {
    for (let index = 0; index < INSTANCES; index += 1) instances.push(await startApiInstance({ projectRoot, stack, runDir, index, port: await findFreePort() }));
    const sweep = async (instance: ApiInstance) => {
      const response = await fetch(`http://127.0.0.1:${instance.port}${apiPath(API_ROUTES.jobSweep)}`, { method: 'POST', headers: { Authorization: `Bearer ${jobsToken}` } });
      if (response.status !== 200) throw new Error(`The sweep's job answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as SweepPass;
    };
    // Each instance's first pass takes back its claims and adopts older orders: done before the backlog comes.
    await Promise.all(instances.map(sweep));
    process.env.FIRESTORE_EMULATOR_HOST = `${settings.EMULATOR_HOST}:${settings.FIRESTORE_EMULATOR_PORT}`;
    const name = `bench-sweep-${settings.FIRESTORE_EMULATOR_PORT}`;
    const db = getFirestore(getApps().find((app) => app.name === name) ?? initializeApp({ projectId: settings.FIREBASE_PROJECT_ID }, name));

    // The provider knows each order of the backlog as a payment under way, as it would at a launch.
    const gateway = createGatewayClient(settings);
    const pouch = STARTING_PACKS[0]!;
    await mapWithConcurrency(backlogIds(), 32, (id) => gateway.createPayment(buildPaymentRequest(settings, pouch, samplePaymentDetails, id, Date.now())));
    await seedBacklog(db);
    let started = Date.now();
    const alone = await sweep(instances[0]!);
    const one = { ms: Date.now() - started, claimed: alone.claimed };

    await seedBacklog(db);
    started = Date.now();
    const passes = await Promise.all(instances.map(sweep));
    const three = {
      ms: Date.now() - started,
      claimed: passes.map((pass) => pass.claimed),
      checked: passes.reduce((sum, pass) => sum + pass.checked, 0),
      failed: passes.reduce((sum, pass) => sum + pass.failed, 0),
    };
    return { one, three };
  } finally {
    await Promise.all(instances.map((instance) => instance.process.stop()));
    await stack.stop();
  }
}

/** The backlog's order ids. */
const backlogIds = () => Array.from({ length: BACKLOG }, (_unused, i) => `WCBENCH${String(i).padStart(8, '0')}`);

/** 10,000 pending orders of 100 players, placed a minute ago and due a check now (set again: a pass moved them on). */
async function seedBacklog(db: Firestore): Promise<void> {
  const now = Date.now();
  const ids = backlogIds();
  for (let start = 0; start < BACKLOG; start += 500) {
    const batch = db.batch();
    for (let i = start; i < Math.min(BACKLOG, start + 500); i += 1) {
      const id = ids[i]!;
      batch.set(db.doc(`${COLLECTIONS.transactions}/${id}`), {
        order_id: id,
        userId: `bench-${i % 100}`,
        status: 'pending',
        checked: 0,
        gemCount: STARTING_PACKS[0]!.gemCount,
        amount: gatewayAmount(STARTING_PACKS[0]!.priceCents),
        currency: 'AUD',
        createdAt: now - 60_000,
        updatedAt: now - 60_000,
        nextCheckAt: now - 1_000,
        leaseUntil: 0,
        checks: 0,
      });
    }
    await batch.commit();
  }
}

export function sweepLine({ one, three }: SweepFigures): string {
  return (
    `  one sweep pass over ${BACKLOG.toLocaleString('en-AU')} open orders: ${(one.ms / 1000).toFixed(1)} s with one instance (${one.claimed} claimed); ` +
    `${(three.ms / 1000).toFixed(1)} s with ${INSTANCES} sharing it (claimed ${three.claimed.join(' + ')}, ${three.checked} checked, ${three.failed} failed; goal at most 10 s)`
  );
}
