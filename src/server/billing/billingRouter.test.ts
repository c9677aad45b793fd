import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakePlayerAuth } from '../../../test/support/fakePlayerAuth';
import { memoryApiDeps } from '../../../test/support/memory/memoryApiDeps';
import { memoryStore } from '../../../test/support/memory/memoryStore';
import { samplePaymentDetails, TEST_ADULT_BIRTH_DATE } from '../../../test/fixtures/samples';
import { API_BASE, API_ROUTES } from '../../shared/api';
import { billingProfileTexts } from '../../shared/billingProfile';
import { createApp } from '../app';
import { parseSettings } from '../config/settings';

const { auth, storeSessionOf, sessions } = fakePlayerAuth();

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
      await expect(call('GET', API_ROUTES.billingDetails, 'ana')).resolves.toEqual({ status: 200, body: { details: null, generation: expect.any(Number) } });
      // A refused payment keeps nothing either (a pack that does not exist).
      expect((await call('POST', API_ROUTES.payments, 'ana', { packId: 99, ...samplePaymentDetails, rememberDetails: true })).status).toBe(400);
      expect(deps.billingProfiles.stored.size).toBe(0);

      expect((await call('POST', API_ROUTES.payments, 'ana', { packId: 1, ...samplePaymentDetails, rememberDetails: true })).status).toBe(201);
      await expect(call('GET', API_ROUTES.billingDetails, 'ana')).resolves.toEqual({ status: 200, body: { details: samplePaymentDetails, generation: expect.any(Number) } });
      // Another player reads only their own (none).
      await expect(call('GET', API_ROUTES.billingDetails, 'ben')).resolves.toEqual({ status: 200, body: { details: null, generation: expect.any(Number) } });
      expect((await call('POST', API_ROUTES.payments, 'ana', { packId: 1, ...samplePaymentDetails, rememberDetails: false })).status).toBe(201);
      expect(deps.billingProfiles.stored.has('ana')).toBe(false);

      await call('PUT', API_ROUTES.billingDetails, 'ana', samplePaymentDetails);
      expect(deps.billingProfiles.stored.has('ana')).toBe(true);
      await expect(call('DELETE', API_ROUTES.billingDetails, 'ana')).resolves.toEqual({ status: 200, body: { details: null, generation: expect.any(Number) } });
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
      await deps.billingProfiles.remember('kid', samplePaymentDetails, Date.now(), { enteredBy: null });
      await expect(call('GET', API_ROUTES.billingDetails, 'kid')).resolves.toEqual({ status: 200, body: { details: null, generation: expect.any(Number) } });
      expect(deps.billingProfiles.stored.has('kid')).toBe(false);
    });
  });

  it('a store session made from a game code reaches only the details it entered itself: 403 on reading, changing or forgetting the rest, and nothing kept over them', async () => {
    await withApi(async (call, deps, memory) => {
      await memory.protections.recordBirthDate('victim', TEST_ADULT_BIRTH_DATE, Date.now());
      await call('PUT', API_ROUTES.billingDetails, 'victim', samplePaymentDetails);
      const phished = storeSessionOf('victim', 'ws_phished00000000000000');
      const refused = { status: 403, body: { error: billingProfileTexts.confirmInGame, reason: 'confirmInGame' } };
      await expect(call('GET', API_ROUTES.billingDetails, phished)).resolves.toEqual(refused);
      await expect(call('DELETE', API_ROUTES.billingDetails, phished)).resolves.toEqual(refused);
      await expect(call('PUT', API_ROUTES.billingDetails, phished, { ...samplePaymentDetails, firstName: 'Mallory' })).resolves.toEqual(refused);
      // Its Submit with Remember ticked (or unticked) buys, and leaves the details as they were.
      expect((await call('POST', API_ROUTES.payments, phished, { packId: 1, ...samplePaymentDetails, firstName: 'Mallory', rememberDetails: true })).status).toBe(201);
      expect((await call('POST', API_ROUTES.payments, phished, { packId: 1, ...samplePaymentDetails, rememberDetails: false })).status).toBe(201);
      expect(deps.billingProfiles.stored.get('victim')).toEqual(samplePaymentDetails);
      // Confirmed by the game for personal data, the session reaches them.
      await expect(call('GET', API_ROUTES.billingDetails, storeSessionOf('victim', 'ws_confirmed0000000000000', true))).resolves.toEqual({ status: 200, body: { details: samplePaymentDetails, generation: expect.any(Number) } });
      // Once the player forgot them, a session's own are its own to read and forget.
      await call('DELETE', API_ROUTES.billingDetails, 'victim');
      expect((await call('POST', API_ROUTES.payments, phished, { packId: 1, ...samplePaymentDetails, firstName: 'Mallory', rememberDetails: true })).status).toBe(201);
      await expect(call('GET', API_ROUTES.billingDetails, phished)).resolves.toEqual({ status: 200, body: { details: { ...samplePaymentDetails, firstName: 'Mallory' }, generation: expect.any(Number) } });
      await expect(call('GET', API_ROUTES.billingDetails, storeSessionOf('victim', 'ws_another00000000000000'))).resolves.toEqual(refused);
    });
  });

  it('an ended store session reaches nothing: 401', async () => {
    await withApi(async (call) => {
      const token = storeSessionOf('player', 'ws_ended0000000000000000');
      await sessions.end('player', 'ws_ended0000000000000000', 'game', Date.now());
      const answer = await call('GET', API_ROUTES.billingDetails, token);
      expect(answer.status).toBe(401);
    });
  });

  it('Forget wins over a Submit whose form was filled before it, whichever reaches the server first', async () => {
    await withApi(async (call, deps, memory) => {
      await memory.protections.recordBirthDate('ana', TEST_ADULT_BIRTH_DATE, Date.now());
      await call('PUT', API_ROUTES.billingDetails, 'ana', samplePaymentDetails);
      const { generation } = (await call('GET', API_ROUTES.billingDetails, 'ana')).body;
      expect((await call('DELETE', API_ROUTES.billingDetails, 'ana')).body).toEqual({ details: null, generation: generation + 1 });
      // The form filled from the details before the Forget submits with Remember ticked: it buys, and keeps nothing.
      expect((await call('POST', API_ROUTES.payments, 'ana', { packId: 1, ...samplePaymentDetails, rememberDetails: true, rememberedGeneration: generation })).status).toBe(201);
      expect(deps.billingProfiles.stored.has('ana')).toBe(false);
      // A form filled after it remembers again.
      expect((await call('POST', API_ROUTES.payments, 'ana', { packId: 1, ...samplePaymentDetails, rememberDetails: true, rememberedGeneration: generation + 1 })).status).toBe(201);
      expect(deps.billingProfiles.stored.get('ana')).toEqual(samplePaymentDetails);
    });
  });

  it('Forget wins over a Remember already under way: the Submit read the details before the Forget, and keeps nothing', async () => {
    await withApi(async (_call, deps) => {
      const seen = await deps.billingProfiles.find('ana');
      await deps.billingProfiles.forget('ana', Date.now());
      await expect(deps.billingProfiles.remember('ana', samplePaymentDetails, Date.now(), { enteredBy: null, ifGeneration: seen.generation })).resolves.toBe(false);
      expect(deps.billingProfiles.stored.has('ana')).toBe(false);
      // A Submit after the Forget remembers again.
      const after = await deps.billingProfiles.find('ana');
      await expect(deps.billingProfiles.remember('ana', samplePaymentDetails, Date.now(), { enteredBy: null, ifGeneration: after.generation })).resolves.toBe(true);
    });
  });
});
