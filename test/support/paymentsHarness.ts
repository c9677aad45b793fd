import { createGatewayClient } from '../../src/server/provider/gatewayClient';
import { firestoreOrderRepositories } from '../../src/server/orderRepositories';
import type { SweepDeps } from '../../src/server/orderWatch/sweep';
import { silentLogger } from '../../src/server/lib/logger';
import { firestoreBalances } from '../../src/server/accounts/balancesRepository';
import type { RefundDeps } from '../../src/server/refunds/refundService';
import { firestoreRefunds } from '../../src/server/refunds/refundsRepository';
import { eventFields } from './providerEvent';
import { sign } from '../../src/shared/signature';
import { API_ROUTES, apiPath } from '../../src/shared/api';
import { samplePaymentDetails, TEST_ADULT_BIRTH_DATE, TEST_PASSWORD } from '../fixtures/samples';
import { authEmulatorAccount, signUpOnAuthEmulator } from '../../scripts/stack/authAccounts';
import { ownerDb, uniqueEmail } from './emulatorAdmin';
import { sharedStackSettings } from '../../scripts/stack/testing/sharedStackSettings';

/** Talks to the shared test stack as a player, as the provider, and as the database owner. */
const settings = sharedStackSettings();
export const api = (path: string) => `${process.env.STORE_URL}${path}`;
export const sandboxUrl = (path: string) => `http://${settings.HOST}:${settings.GATEWAY_SANDBOX_PORT}${path}`;

export const paymentDetails = samplePaymentDetails;

export interface TestPlayer {
  uid: string;
  idToken: string;
  email: string;
}

/** Signs an account in on the Auth emulator; the ID token carries the account's claims as they are now. */
async function signIn(email: string): Promise<TestPlayer> {
  return { ...(await authEmulatorAccount(settings, 'signInWithPassword', { email, password: TEST_PASSWORD })), email };
}

/** A new account as the store had them before it asked a date of birth (none given): see signUpOnAuthEmulator. */
export async function identityToolkitSignUp(email: string): Promise<TestPlayer> {
  return { ...(await signUpOnAuthEmulator(settings, { email, password: TEST_PASSWORD })), email };
}

/** A new account on the Auth emulator (password TEST_PASSWORD), with an ID token for the API: an adult, who gave their date of birth. */
export async function newPlayer(birthDate = TEST_ADULT_BIRTH_DATE): Promise<TestPlayer> {
  const player = await identityToolkitSignUp(uniqueEmail('api'));
  const given = await postJson(apiPath(API_ROUTES.birthDate), { birthDate }, player.idToken);
  if (given.status !== 200) throw new Error(`The test player's date of birth was refused: ${given.status} ${JSON.stringify(given.body)}`);
  return player;
}

/** Signs an existing account in again: a new ID token, with the claims granted since. */
export function signInAgain(player: TestPlayer): Promise<TestPlayer> {
  return signIn(player.email);
}

export function postJson(path: string, body: unknown, idToken?: string): Promise<{ status: number; body: any }> {
  return sendJson('POST', path, body, idToken);
}

export function putJson(path: string, body: unknown, idToken?: string): Promise<{ status: number; body: any }> {
  return sendJson('PUT', path, body, idToken);
}

async function sendJson(method: 'POST' | 'PUT', path: string, body: unknown, idToken?: string): Promise<{ status: number; body: any }> {
  const response = await fetch(api(path), {
    method,
    headers: { 'Content-Type': 'application/json', ...(idToken ? { Authorization: `Bearer ${idToken}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

export async function getJson(path: string, idToken?: string): Promise<{ status: number; body: any }> {
  const response = await fetch(api(path), { headers: idToken ? { Authorization: `Bearer ${idToken}` } : {} });
  return { status: response.status, body: await response.json() };
}

export async function startPurchase(player: TestPlayer, packId = 3): Promise<{ orderId: string; checkoutUrl: string }> {
  const { status, body } = await postJson('/api/payments', { packId, ...paymentDetails }, player.idToken);
  if (status !== 201) throw new Error(`Payment did not start: ${status} ${JSON.stringify(body)}`);
  return body;
}

export async function sandboxControl(method: 'PUT' | 'POST' | 'DELETE' | 'GET', path: string, body?: unknown): Promise<any> {
  if (method === 'PUT' && path === '/faults') {
    const { orderId, email } = (body ?? {}) as { orderId?: unknown; email?: unknown };
    if (typeof orderId === 'string') faultsSet.orders.add(orderId);
    else if (typeof email === 'string') faultsSet.emails.add(email);
    else faultsSet.global = true;
  }
  if (method === 'DELETE' && path === '/faults') return clearOwnFaults();
  return sandboxCall(method, path, body);
}

/**
 * The faults this suite set, and only those: another suite may be running beside it (test/support/machineShare.ts),
 * its own faults set for its own orders and its own players' emails. A suite that sets a fault of the whole sandbox runs alone.
 */
const faultsSet = { orders: new Set<string>(), emails: new Set<string>(), global: false };

async function clearOwnFaults(): Promise<{ ok: true }> {
  for (const orderId of faultsSet.orders) await sandboxCall('PUT', '/faults', { orderId, faults: {} });
  for (const email of faultsSet.emails) await sandboxCall('PUT', '/faults', { email, faults: {} });
  if (faultsSet.global) await sandboxCall('PUT', '/faults', { faults: {} });
  faultsSet.orders.clear();
  faultsSet.emails.clear();
  faultsSet.global = false;
  return { ok: true };
}

async function sandboxCall(method: 'PUT' | 'POST' | 'DELETE' | 'GET', path: string, body?: unknown): Promise<any> {
  const response = await fetch(sandboxUrl(`/__sandbox${path}`), {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Sandbox-Token': settings.SANDBOX_CONTROL_TOKEN },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json();
}

/** Presses Pay (or Decline) for an order in the sandbox, by a method of its checkout (a Visa card unless named); answers the parameters of the return redirect. */
export async function completeInSandbox(orderId: string, outcome: 'paid' | 'failed' = 'paid', method?: 'card' | 'wallet' | 'paypal' | 'payid'): Promise<Record<string, string>> {
  const { returnUrl } = (await sandboxControl('POST', `/orders/${orderId}/complete`, { outcome, ...(method ? { method } : {}) })) as { returnUrl: string };
  return Object.fromEntries(new URL(returnUrl).searchParams);
}

/** An order of `packId`, paid (or declined) at the provider and brought back by its owner's return. */
export async function returnedOrder(
  player: TestPlayer,
  packId = 3,
  outcome: 'paid' | 'failed' = 'paid',
): Promise<{ orderId: string; returnParameters: Record<string, string> }> {
  const { orderId } = await startPurchase(player, packId);
  const returnParameters = await completeInSandbox(orderId, outcome);
  await postJson('/api/payments/return', returnParameters, player.idToken);
  return { orderId, returnParameters };
}

/** The provider's callback for an order, a new payment event unless `fields` name one, signed with the merchant key (or another one). */
export function signedCallback(fields: Record<string, string>, key = settings.MERCHANT_PRIVATE_KEY): Record<string, string> {
  const notice = { ...eventFields(), ...fields };
  return { ...notice, signature: sign(notice, key, settings.SIGNATURE_ENCODING) };
}

export async function postCallback(fields: Record<string, string>): Promise<{ status: number; text: string }> {
  const response = await fetch(api('/api/gateway/callback'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, text: await response.text() };
}

export async function gemsOf(uid: string): Promise<number> {
  return ((await ownerDb().doc(`users/${uid}`).get()).data()?.gemCount as number | undefined) ?? 0;
}

export async function transactionOf(orderId: string): Promise<Record<string, any> | undefined> {
  return (await ownerDb().doc(`transactions/${orderId}`).get()).data();
}

export async function waitFor<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The API's own dependencies, in this process, for the sweep (which runs on a timer in the server). */
export function inProcessPaymentDeps(): SweepDeps {
  return { settings, ...firestoreOrderRepositories(ownerDb(), settings), gateway: createGatewayClient(settings), log: silentLogger };
}

/** Firestore's REST API on the emulator as a signed-in client: the rules judge the request by this ID token. */
const firestoreRest = (path: string) =>
  `http://${settings.EMULATOR_HOST}:${settings.FIRESTORE_EMULATOR_PORT}/v1/projects/${settings.FIREBASE_PROJECT_ID}/databases/(default)/documents/${path}`;

/** Reads one document as the holder of `idToken` would through the client SDK: 200 with it, or 403 when the rules refuse. */
export async function readAsClient(path: string, idToken: string): Promise<{ status: number; body: any }> {
  const response = await fetch(firestoreRest(path), { headers: { Authorization: `Bearer ${idToken}` } });
  return { status: response.status, body: await response.json() };
}

/** Queries `collection` under `parent` ('' for the root) where `field` equals `value`, as the holder of `idToken`; the documents' raw REST form. */
export async function queryAsClient(parent: string, collection: string, field: string, value: string, idToken: string): Promise<{ status: number; documents: any[] }> {
  const response = await fetch(`${firestoreRest(parent).replace(/\/$/, '')}:runQuery`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      structuredQuery: { from: [{ collectionId: collection }], where: { fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value: { stringValue: value } } } },
    }),
  });
  const body = (await response.json()) as Array<{ document?: unknown }> | unknown;
  return { status: response.status, documents: Array.isArray(body) ? body.flatMap((entry) => (entry.document ? [entry.document] : [])) : [] };
}

/** The API's refund dependencies, in this process, for the sweep's settling of refunds under way. */
export function inProcessRefundDeps(): RefundDeps & SweepDeps {
  return { ...inProcessPaymentDeps(), refunds: firestoreRefunds(ownerDb(), settings), balances: firestoreBalances(ownerDb()) };
}

export { ownerDb, settings as stackSettings };
