import { samplePaymentDetails } from '../../../test/fixtures/samples';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Auth } from 'firebase-admin/auth';
import { memoryApiDeps } from '../../../test/support/memory/memoryApiDeps';
import { memoryStore } from '../../../test/support/memory/memoryStore';
import { createApp } from '../app';
import { parseSettings } from '../config/settings';
import { sign } from '../../shared/signature';
import type { GatewayClient } from '../provider/gatewayClient';
import { eventFields } from '../../../test/support/providerEvent';
import { providerAnswer } from '../provider/providerAnswer';

/** A player's ID token here is just their uid: the limits are under test, not Firebase. */
const auth = { verifyIdToken: async (token: string) => ({ uid: token }) } as unknown as Auth;
const gateway: GatewayClient = {
  createPayment: async () => ({ checkoutUrl: 'http://127.0.0.1:1/checkout/x' }),
  queryStatus: async () => ({ answer: providerAnswer('pending') }),
  refund: async () => ({ refundId: 'RFD1' }),
  cancelPayment: async () => providerAnswer('cancelled'),
};

async function serve(env: Record<string, string>): Promise<{ base: string; close: () => Promise<void> }> {
  const settings = parseSettings({ RATE_LIMIT_PLAYER_PER_MINUTE: '5', RATE_LIMIT_ANONYMOUS_PER_MINUTE: '5', ...env });
  const memory = memoryStore();
  const deps = memoryApiDeps(settings, memory, gateway);
  const server: Server = createApp({ settings, payments: { deps, auth } }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const CALLBACK_FIELDS = { out_trade_no: 'WC0000000000NOSUCH', order_id: 'SBX1', currency: 'AUD', amount: '15.99', pay_time: '1', payment_method: 'card', status: 'paid', ...eventFields() };

const statuses = async (count: number, send: (i: number) => Promise<Response>) => {
  const answers: number[] = [];
  for (let i = 0; i < count; i += 1) answers.push((await send(i)).status);
  return answers;
};

describe('rate limits', () => {
  it('count each player on their own, whatever X-Forwarded-For says', async () => {
    const { base, close } = await serve({});
    try {
      const reconcile = (player: string, i: number) =>
        fetch(`${base}/api/transactions/reconcile`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${player}`, 'X-Forwarded-For': `203.0.113.${i}` },
        });
      expect(await statuses(7, (i) => reconcile('alice', i))).toEqual([200, 200, 200, 200, 200, 429, 429]);
      // Bob shares alice's address, but not her bucket.
      expect(await statuses(1, (i) => reconcile('bob', i))).toEqual([200]);
    } finally {
      await close();
    }
  });

  it('per address for anonymous calls: a spoofed X-Forwarded-For is not believed from an unlisted proxy', async () => {
    const { base, close } = await serve({});
    try {
      const spoofed = await statuses(8, (i) => fetch(`${base}/api/countries?fields=name,alpha2Code`, { headers: { 'X-Forwarded-For': `198.51.100.${i}` } }));
      expect(spoofed.filter((status) => status === 429)).toHaveLength(3);
    } finally {
      await close();
    }
  });

  it('believes X-Forwarded-For from a proxy that TRUST_PROXY names, so clients behind it get their own buckets', async () => {
    const { base, close } = await serve({ TRUST_PROXY: '127.0.0.1' });
    try {
      const behindProxy = await statuses(8, (i) => fetch(`${base}/api/countries?fields=name,alpha2Code`, { headers: { 'X-Forwarded-For': `198.51.100.${i}` } }));
      expect(behindProxy.every((status) => status === 200)).toBe(true);
    } finally {
      await close();
    }
  });

  it('keeps payments, returns and reconciles in separate buckets', async () => {
    const { base, close } = await serve({ RATE_LIMIT_PLAYER_PER_MINUTE: '2' });
    try {
      const call = (path: string) => fetch(`${base}${path}`, { method: 'POST', headers: { Authorization: 'Bearer carol', 'Content-Type': 'application/json' }, body: '{}' });
      expect(await statuses(3, () => call('/api/transactions/reconcile'))).toEqual([200, 200, 429]);
      expect((await call('/api/payments/return')).status).toBe(400);
    } finally {
      await close();
    }
  });

  it('counts against the payments limit only the payments that reached the provider: refusals before it leave the next purchase free, within a bound of their own', async () => {
    const { base, close } = await serve({ RATE_LIMIT_PAYMENTS_PER_MINUTE: '2' });
    try {
      // The page showed a price that is not the pack's now (or any refusal made before the provider is asked).
      const pay = (priceCents: number) =>
        fetch(`${base}/api/payments`, {
          method: 'POST',
          headers: { Authorization: 'Bearer dana', 'Content-Type': 'application/json' },
          body: JSON.stringify({ packId: 1, ...samplePaymentDetails, priceCents }),
        });
      expect(await statuses(9, () => pay(1))).toEqual(Array(9).fill(409));
      // Then two purchases, the limit, start; a third is over it.
      expect(await statuses(3, () => pay(1599))).toEqual([201, 201, 429]);
      // Refused tries are bounded too: six times the payments limit in all, a minute.
      expect(await statuses(1, () => pay(1))).toEqual([429]);
    } finally {
      await close();
    }
  });

  it('gives the provider’s validly signed callbacks a budget of their own, so junk from the same address cannot starve them', async () => {
    const { base, close } = await serve({});
    try {
      const callback = (signature: string) =>
        fetch(`${base}/api/gateway/callback`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ ...CALLBACK_FIELDS, signature }).toString(),
        });
      const junk = await statuses(8, () => callback('f'.repeat(64)));
      expect(junk.slice(-3)).toEqual([429, 429, 429]);
      const genuine = sign(CALLBACK_FIELDS, parseSettings({}).MERCHANT_PRIVATE_KEY, 'raw');
      // Through to the order's judgement (no such order here), never turned away at the door.
      expect(await statuses(3, () => callback(genuine))).toEqual([404, 404, 404]);
    } finally {
      await close();
    }
  });
});
