import { samplePaymentDetails, TEST_PASSWORD } from '../stack/sampleBuyer';
import { signUpOnAuthEmulator } from '../stack/authAccounts';
import { makeTempDir, projectRoot, testStackSettings } from '../stack/testing/throwawayStack';
import { startStack } from '../stack/startStack';
import { API_ROUTES, apiPath } from '../../src/shared/api';
import { sign } from '../../src/shared/signature';
import { userPath } from '../../src/shared/firestorePaths';
import { emulatorRest } from '../stack/emulatorRest';
import { STARTING_PACKS } from '../../src/shared/startingCatalogue';
import { perPurchaseLines } from '../meter/meterReport';
import { measurePurchaseCost } from './purchaseCost';
import { meterFileOf, startApiInstance, type ApiInstance } from '../scale/apiInstance';

/**
 * The figures of `npm run bench` on a stack of its own (emulators, sandbox, the production server; 127.0.0.1), its
 * jobs at their production intervals: what a purchase costs in Firestore operations (./purchaseCost.ts), and the latency of 200
 * checks of one paid order racing (the provider's callbacks, the player's returns and reconciles) before it
 * was credited. (The sweep's figure is ./sweep.ts.)
 */
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function benchProviderChecks(): Promise<void> {
  const settings = await testStackSettings({ MAIL_DISPATCH_INTERVAL_MS: '5000', GAME_EVENTS_DISPATCH_INTERVAL_MS: '2000' });
  process.env.METADATA_SERVER_DETECTION = 'none';
  const runDir = makeTempDir('bench');
  const stack = await startStack({ projectRoot, settings, mode: 'backing', dataDir: null, runDir });
  let api: ApiInstance | null = null;
  try {
    api = await startApiInstance({ projectRoot, stack, runDir, index: 0, port: settings.PORT });
    const apiUrl = `http://127.0.0.1:${api.port}`;
    const store = (route: string) => `${apiUrl}${route}`;
    const sandbox = (route: string, body: unknown, method = 'POST') =>
      fetch(`http://${settings.HOST}:${settings.GATEWAY_SANDBOX_PORT}/__sandbox${route}`, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-Sandbox-Token': settings.SANDBOX_CONTROL_TOKEN },
        body: JSON.stringify(body),
      });
    const cost = await measurePurchaseCost({ apiUrl, mailUrl: stack.mailUrl!, meterFile: meterFileOf(runDir, 0) }, settings);
    console.log(`\nFirestore operations a purchase, from Buy to the credit, the receipt and the game's event (${cost.purchases} at once, ${cost.seconds.toFixed(1)} s, the jobs' passes included):`);
    for (const line of perPurchaseLines(cost.figures, cost.purchases)) console.log(line);

    const account = await signUpOnAuthEmulator(settings, { email: 'bench@wyrmcrown.example', password: TEST_PASSWORD });
    const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${account.idToken}` };
    await fetch(store(apiPath(API_ROUTES.birthDate)), { method: 'POST', headers, body: JSON.stringify({ birthDate: '1950-01-01' }) });
    const { orderId } = (await (
      await fetch(store('/api/payments'), { method: 'POST', headers, body: JSON.stringify({ packId: 3, ...samplePaymentDetails }) })
    ).json()) as { orderId: string };
    await sandbox('/faults', { orderId, faults: { callback: { none: true } } }, 'PUT');
    const { returnUrl } = (await (await sandbox(`/orders/${orderId}/complete`, { outcome: 'paid' })).json()) as { returnUrl: string };
    const parameters = Object.fromEntries(new URL(returnUrl).searchParams);

    // The provider's retries of one callback, the player's returns and reconciles, all at once, before any credit.
    const { signature: _returnSignature, ...paid } = parameters;
    const notice = { ...paid, out_trade_no: orderId, status: 'paid', event_id: `evt_bench_${orderId}`, event_type: 'payment', event_time: String(Math.floor(Date.now() / 1000)) };
    const callback = new URLSearchParams({ ...notice, signature: sign(notice, settings.MERCHANT_PRIVATE_KEY, settings.SIGNATURE_ENCODING) }).toString();
    const confirm = (index: number) =>
      index % 3 === 0
        ? fetch(store('/api/gateway/callback'), { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: callback })
        : index % 3 === 1
          ? fetch(store('/api/payments/return'), { method: 'POST', headers, body: JSON.stringify(parameters) })
          : fetch(store('/api/transactions/reconcile'), { method: 'POST', headers, body: '{}' });
    const timings = await Promise.all(
      Array.from({ length: 200 }, async (_unused, index) => {
        const started = performance.now();
        const response = await confirm(index);
        await response.arrayBuffer();
        return { ms: performance.now() - started, status: response.status };
      }),
    );
    const sorted = timings.map((timing) => timing.ms).sort((a, b) => a - b);
    const errors = timings.filter((timing) => timing.status >= 500).length;
    const gems = (await emulatorRest(settings).read(userPath(account.uid))).fields?.gemCount?.integerValue;
    console.log('\nProvider checks (own stack on 127.0.0.1):');
    console.log(
      `  200 checks of one paid order at once (callbacks, returns, reconciles): p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms (goal at most 1 s), ` +
        `${errors} × 5xx, ${timings.filter((timing) => timing.status >= 400 && timing.status < 500).length} × 4xx; the player holds ${gems} gems (the pack's: ${STARTING_PACKS.find((pack) => pack.id === 3)!.gemCount})`,
    );
  } finally {
    await api?.process.stop();
    await stack.stop();
  }
}
