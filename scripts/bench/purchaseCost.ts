import type { Settings } from '../../src/server/config/settings';
import { caughtMailsAt } from '../stack/mailCatcher';
import { API_ROUTES, apiPath } from '../../src/shared/api';
import { STARTING_PACKS } from '../../src/shared/startingCatalogue';
import { COLLECTIONS } from '../../src/shared/firestorePaths';
import { emulatorRest } from '../stack/emulatorRest';
import { meterFigures, readMeterLines, type MeterFigures } from '../meter/meterReport';
import { signUpOnAuthEmulator } from '../stack/authAccounts';
import { samplePaymentDetails, TEST_PASSWORD } from '../stack/sampleBuyer';

/** Purchases measured together: enough that the jobs' passes that find nothing weigh little on each. */
export const MEASURED_PURCHASES = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What a purchase costs in Firestore operations, from Buy to the credit, the receipt and the game's event: players
 * who already gave their birth date each buy a pack at once (the provider's callback and the return both come, as
 * they do), and the write meter's lines from the first Buy until the last receipt is sent and the last event taken
 * by the game's stand-in are divided among them. The jobs' passes in that time count too.
 */
export async function measurePurchaseCost(
  where: { apiUrl: string; mailUrl: string; meterFile: string },
  settings: Settings,
): Promise<{ figures: MeterFigures; purchases: number; seconds: number }> {
  const store = (route: string) => `${where.apiUrl}${route}`;
  const players = await Promise.all(
    Array.from({ length: MEASURED_PURCHASES }, async (_unused, index) => {
      const account = await signUpOnAuthEmulator(settings, { email: `cost-${index}-${Date.now()}@wyrmcrown.example`, password: TEST_PASSWORD });
      const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${account.idToken}` };
      await fetch(store(apiPath(API_ROUTES.birthDate)), { method: 'POST', headers, body: JSON.stringify({ birthDate: '1950-01-01' }) });
      return headers;
    }),
  );
  await sleep(1_000);
  const started = Date.now();
  const orderIds = await Promise.all(
    players.map(async (headers, index) => {
      const created = await fetch(store('/api/payments'), { method: 'POST', headers, body: JSON.stringify({ packId: STARTING_PACKS[index % STARTING_PACKS.length]!.id, ...samplePaymentDetails }) });
      const { orderId } = (await created.json()) as { orderId: string };
      const completed = await fetch(`http://${settings.HOST}:${settings.GATEWAY_SANDBOX_PORT}/__sandbox/orders/${orderId}/complete`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Sandbox-Token': settings.SANDBOX_CONTROL_TOKEN },
        body: JSON.stringify({ outcome: 'paid' }),
      });
      const { returnUrl } = (await completed.json()) as { returnUrl: string };
      await fetch(store('/api/payments/return'), { method: 'POST', headers, body: JSON.stringify(Object.fromEntries(new URL(returnUrl).searchParams)) });
      return orderId;
    }),
  );
  const deliveredEvents = () => emulatorRest(settings).countWhere('', COLLECTIONS.gameEvents, 'status', 'delivered');
  const receipts = async () => {
    const mails = await caughtMailsAt<{ subject: string }>(where.mailUrl);
    return orderIds.filter((orderId) => mails.some((mail) => mail.subject.includes(orderId) && mail.subject.includes('receipt'))).length;
  };
  const deadline = Date.now() + 120_000;
  while ((await receipts()) < orderIds.length || (await deliveredEvents()) < orderIds.length) {
    if (Date.now() > deadline) throw new Error('The purchases were not all receipted and told to the game within 2 minutes.');
    await sleep(250);
  }
  const ended = Date.now();
  // The meter writes its lines each second.
  await sleep(1_500);
  return {
    figures: meterFigures(readMeterLines([where.meterFile]), { from: started, to: ended }),
    purchases: orderIds.length,
    seconds: (ended - started) / 1000,
  };
}
