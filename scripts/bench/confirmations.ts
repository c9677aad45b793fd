import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { createGatewayClient } from '../../src/server/payments/gatewayClient';
import { silentLogger } from '../../src/server/logger';
import { sweepOnce } from '../../src/server/orderWatch/sweep';
import { firestoreOrderRepositories } from '../../src/server/orderRepositories';
import { samplePaymentDetails, TEST_PASSWORD } from '../stack/sampleBuyer';
import { signUpOnAuthEmulator } from '../stack/authAccounts';
import { makeTempDir, projectRoot, testStackSettings } from '../stack/testing/throwawayStack';
import { startStack } from '../stack/startStack';
import { API_ROUTES, apiPath } from '../../src/shared/api';

/**
 * The confirmation figures of `npm run bench`, on a stack of its own (emulators, sandbox, API; 127.0.0.1):
 * the latency of 200 concurrent confirmations (returns) of one paid order, and the time of one sweep pass
 * over 10,000 recent pending orders seeded in the emulator.
 */
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function benchConfirmations(): Promise<void> {
  const settings = await testStackSettings({ SWEEP_BATCH: '10000', SWEEP_CONCURRENCY: '32', SWEEP_PASS_MS: '600000' });
  process.env.METADATA_SERVER_DETECTION = 'none';
  const stack = await startStack({ projectRoot, settings, mode: 'serve', dataDir: null, runDir: makeTempDir('bench') });
  try {
    const store = (route: string) => `${stack.url}${route}`;
    const sandbox = (route: string, body: unknown, method = 'POST') =>
      fetch(`http://${settings.HOST}:${settings.GATEWAY_SANDBOX_PORT}/__sandbox${route}`, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-Sandbox-Token': settings.SANDBOX_CONTROL_TOKEN },
        body: JSON.stringify(body),
      });
    const account = await signUpOnAuthEmulator(settings, { email: 'bench@wyrmcrown.example', password: TEST_PASSWORD });
    const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${account.idToken}` };
    await fetch(store(apiPath(API_ROUTES.birthDate)), { method: 'POST', headers, body: JSON.stringify({ birthDate: '1950-01-01' }) });
    const { orderId } = (await (
      await fetch(store('/api/payments'), { method: 'POST', headers, body: JSON.stringify({ packId: 3, ...samplePaymentDetails }) })
    ).json()) as { orderId: string };
    await sandbox('/faults', { orderId, faults: { callback: { none: true } } }, 'PUT');
    const { returnUrl } = (await (await sandbox(`/orders/${orderId}/complete`, { outcome: 'paid' })).json()) as { returnUrl: string };
    const parameters = Object.fromEntries(new URL(returnUrl).searchParams);

    const timings = await Promise.all(
      Array.from({ length: 200 }, async () => {
        const started = performance.now();
        const response = await fetch(store('/api/payments/return'), { method: 'POST', headers, body: JSON.stringify(parameters) });
        await response.arrayBuffer();
        return { ms: performance.now() - started, status: response.status };
      }),
    );
    const sorted = timings.map((timing) => timing.ms).sort((a, b) => a - b);
    const errors = timings.filter((timing) => timing.status >= 500).length;
    console.log('\nConfirmations (own stack on 127.0.0.1):');
    console.log(
      `  200 concurrent returns of one paid order: p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms, ${errors} × 5xx`,
    );

    process.env.FIRESTORE_EMULATOR_HOST = `${settings.EMULATOR_HOST}:${settings.FIRESTORE_EMULATOR_PORT}`;
    const projectId = `demo-bench-sweep-${Date.now()}`;
    const db = getFirestore(getApps().find((app) => app.name === projectId) ?? initializeApp({ projectId }, projectId));
    const now = Date.now();
    const count = 10_000;
    for (let start = 0; start < count; start += 500) {
      const batch = db.batch();
      for (let i = start; i < Math.min(count, start + 500); i += 1) {
        const id = `WCBENCH${String(i).padStart(8, '0')}`;
        batch.set(db.doc(`transactions/${id}`), {
          order_id: id,
          userId: `bench-${i % 100}`,
          status: 'pending',
          checked: 0,
          gemCount: 1000,
          amount: '15.99',
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
    const deps = { settings, ...firestoreOrderRepositories(db, settings), gateway: createGatewayClient(settings), log: silentLogger };
    const pass = await sweepOnce(deps, now);
    console.log(
      `  one sweep pass over ${count.toLocaleString('en-AU')} recent pending orders: ${(pass.durationMs / 1000).toFixed(1)} s ` +
        `(${pass.claimed} claimed, ${pass.checked} asked with ${settings.SWEEP_CONCURRENCY} at once, ${pass.failed} failed)`,
    );
  } finally {
    await stack.stop();
  }
}
