import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Auth } from 'firebase-admin/auth';
import { memoryApiDeps } from '../../../test/support/memory/memoryApiDeps';
import { memoryStore } from '../../../test/support/memory/memoryStore';
import { samplePaymentDetails, TEST_ADULT_BIRTH_DATE } from '../../../test/fixtures/samples';
import { API_BASE, API_ROUTES } from '../../shared/api';
import { billingProfileTexts } from '../../shared/billingProfile';
import { createApp } from '../app';
import { parseSettings } from '../config/settings';

/** A player's ID token here is their uid. */
const auth = { verifyIdToken: async (token: string) => ({ uid: token, email: `${token}@x.example` }) } as unknown as Auth;

async function withApi(run: (call: (method: string, path: string, uid: string, body?: unknown) => Promise<{ status: number; body: any }>, deps: ReturnType<typeof memoryApiDeps>, memory: ReturnType<typeof memoryStore>) => Promise<void>) {
  const settings = parseSettings({});
  const memory = memoryStore();
  const deps = memoryApiDeps(settings, memory);
  const server: Server = createApp({ settings, payments: { deps, auth } }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const call = async (method: string, path: string, uid: string, body?: unknown) => {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${API_BASE}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${uid}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: await response.json() };
  };
  try {
    await run(call, deps, memory);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('remembered payment details', () => {
  it('are kept only when the player ticks Remember on a payment that starts, forgotten when they untick it or press Forget', async () => {
    await withApi(async (call, deps, memory) => {
      await memory.protections.recordBirthDate('ana', TEST_ADULT_BIRTH_DATE, Date.now());
      // Never ticked: nothing is kept, ever.
      expect((await call('POST', API_ROUTES.payments, 'ana', { packId: 1, ...samplePaymentDetails })).status).toBe(201);
      expect(deps.billingProfiles.stored.size).toBe(0);
      await expect(call('GET', API_ROUTES.billingDetails, 'ana')).resolves.toEqual({ status: 200, body: { details: null } });
      // A refused payment keeps nothing either (a pack that does not exist).
      expect((await call('POST', API_ROUTES.payments, 'ana', { packId: 99, ...samplePaymentDetails, rememberDetails: true })).status).toBe(400);
      expect(deps.billingProfiles.stored.size).toBe(0);

      expect((await call('POST', API_ROUTES.payments, 'ana', { packId: 1, ...samplePaymentDetails, rememberDetails: true })).status).toBe(201);
      await expect(call('GET', API_ROUTES.billingDetails, 'ana')).resolves.toEqual({ status: 200, body: { details: samplePaymentDetails } });
      // Another player reads only their own (none).
      await expect(call('GET', API_ROUTES.billingDetails, 'ben')).resolves.toEqual({ status: 200, body: { details: null } });
      expect((await call('POST', API_ROUTES.payments, 'ana', { packId: 1, ...samplePaymentDetails, rememberDetails: false })).status).toBe(201);
      expect(deps.billingProfiles.stored.has('ana')).toBe(false);

      await call('PUT', API_ROUTES.billingDetails, 'ana', samplePaymentDetails);
      expect(deps.billingProfiles.stored.has('ana')).toBe(true);
      await expect(call('DELETE', API_ROUTES.billingDetails, 'ana')).resolves.toEqual({ status: 200, body: { details: null } });
      expect(deps.billingProfiles.stored.has('ana')).toBe(false);
    });
  });

  it('a wrong field is refused and nothing is kept', async () => {
    await withApi(async (call, deps, memory) => {
      await memory.protections.recordBirthDate('ana', TEST_ADULT_BIRTH_DATE, Date.now());
      const refused = await call('PUT', API_ROUTES.billingDetails, 'ana', { ...samplePaymentDetails, country: 'XX' });
      expect(refused.status).toBe(400);
      expect(deps.billingProfiles.stored.size).toBe(0);
    });
  });

  it('a young player’s are kept only while their guardian’s consent is in place', async () => {
    await withApi(async (call, deps, memory) => {
      await memory.protections.recordBirthDate('kid', '2016-05-01', Date.now());
      await expect(call('PUT', API_ROUTES.billingDetails, 'kid', samplePaymentDetails)).resolves.toEqual({ status: 409, body: { error: billingProfileTexts.youngNeedsConsent } });
      expect(deps.billingProfiles.stored.size).toBe(0);
      // Kept earlier (consent since withdrawn, say): the next read forgets them.
      await deps.billingProfiles.remember('kid', samplePaymentDetails, Date.now());
      await expect(call('GET', API_ROUTES.billingDetails, 'kid')).resolves.toEqual({ status: 200, body: { details: null } });
      expect(deps.billingProfiles.stored.has('kid')).toBe(false);
    });
  });
});
