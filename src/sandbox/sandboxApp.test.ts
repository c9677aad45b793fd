import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { hasValidSignature, sign } from '../shared/signature';
import { createSandboxApp, type SandboxOptions } from './sandboxApp';

const KEY = 'sandbox-test-key-of-sixteen';
const TOKEN = 'control-token-for-tests';

async function waitUntil(done: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function serve(overrides: Partial<SandboxOptions> = {}): Promise<{ base: string; close: () => Promise<void> }> {
  const options: SandboxOptions = {
    publicUrl: 'http://127.0.0.1:1',
    merchantId: 'm',
    siteId: 's',
    privateKey: KEY,
    encoding: 'raw',
    paymentPath: '/cardpayments',
    queryPath: '/transactions/query',
    refundPath: '/refunds',
    cancelPath: '/cardpayments/cancel',
    callbackRetryMs: 10,
    callbackAttempts: 1,
    orderTtlMs: 60_000,
    payIdSettleMs: 60_000,
    controlToken: TOKEN,
    ordersFile: null,
    ...overrides,
  };
  const server: Server = createSandboxApp(options).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function paymentRequest(orderId: string, callbackUrl = 'http://127.0.0.1:2/api/gateway/callback') {
  const fields = {
    firstname: 'Aria',
    lastname: 'Stormborn',
    address: '1 Castle Road',
    country: 'AU',
    state: 'NSW',
    city: 'Sydney',
    postcode: '2000',
    email: 'aria@wyrmcrown.example',
    phone: '+61 2 9876 5432',
    amount: '45.99',
    currency: 'AUD',
    merchant_id: 'm',
    site_id: 's',
    order_id: orderId,
    product_name: 'Pouch of Gem',
    timestamp: Math.floor(Date.now() / 1000),
    return_url: 'http://127.0.0.1:2/',
    callback_url: callbackUrl,
    cancel_order_url: 'http://127.0.0.1:2/shop?item=3',
  };
  return { ...fields, signature: sign(fields, KEY, 'raw') };
}

async function open(base: string, orderId: string, callbackUrl?: string): Promise<string> {
  const answer = (await (
    await fetch(`${base}/cardpayments`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(paymentRequest(orderId, callbackUrl)) })
  ).json()) as { msg: string; nonce: string };
  expect(answer.msg).toBe('SUCCESS');
  return answer.nonce;
}

async function query(base: string, orderId: string): Promise<{ msg: string; status?: string; pay_method?: string }> {
  const fields = { merchant_id: 'm', site_id: 's', order_id: orderId, timestamp: Math.floor(Date.now() / 1000) };
  const search = new URLSearchParams({ ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])), signature: sign(fields, KEY, 'raw') });
  return (await fetch(`${base}/transactions/query?${search}`)).json() as Promise<{ msg: string; status?: string }>;
}

async function refund(base: string, orderId: string, amount = '45.99', key = KEY, attempt: string | null = 'attempt-1'): Promise<{ msg: string; status?: string; refund_id?: string }> {
  const fields = { merchant_id: 'm', site_id: 's', order_id: orderId, amount, timestamp: Math.floor(Date.now() / 1000), ...(attempt ? { idempotency_key: attempt } : {}) };
  const body = { ...fields, signature: sign(fields, key, 'raw') };
  return (await fetch(`${base}/refunds`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).json() as Promise<{
    msg: string;
    status?: string;
    refund_id?: string;
  }>;
}

async function cancel(base: string, orderId: string, key = KEY): Promise<{ msg: string; status?: string }> {
  const fields = { merchant_id: 'm', site_id: 's', order_id: orderId, timestamp: Math.floor(Date.now() / 1000) };
  const body = { ...fields, signature: sign(fields, key, 'raw') };
  return (await fetch(`${base}/cardpayments/cancel`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).json() as Promise<{
    msg: string;
    status?: string;
  }>;
}

const completeAs = (base: string, orderId: string) =>
  fetch(`${base}/__sandbox/orders/${orderId}/complete`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Sandbox-Token': TOKEN },
    body: JSON.stringify({ outcome: 'paid' }),
  });

/** A merchant's callback address on 127.0.0.1 that keeps every notice and acknowledges from its `acknowledgeFrom`th on. */
async function receiver(acknowledgeFrom = 1) {
  const received: Array<Record<string, string>> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push(Object.fromEntries(new URLSearchParams(body)));
      res.writeHead(received.length >= acknowledgeFrom ? 200 : 503).end(received.length >= acknowledgeFrom ? 'sent' : 'busy');
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

const control = (base: string, path: string, body: unknown) =>
  fetch(`${base}/__sandbox${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Sandbox-Token': TOKEN }, body: JSON.stringify(body) });

describe('the gateway sandbox', () => {
  it('sends each notice as an event: the same id on every retry, each delivery signed with its own time; a dispute only of a paid order', async () => {
    const { base, close } = await serve({ callbackAttempts: 3 });
    const merchant = await receiver(2);
    try {
      await open(base, 'WC0000000000000021', merchant.url);
      expect((await control(base, '/orders/WC0000000000000021/dispute', { stage: 'opened' })).status).toBe(409);
      expect((await control(base, '/orders/WC0000000000009999/dispute', { stage: 'opened' })).status).toBe(404);
      await completeAs(base, 'WC0000000000000021');
      await waitUntil(() => merchant.received.length === 2);
      const [first, retry] = merchant.received as [Record<string, string>, Record<string, string>];
      expect(first).toMatchObject({ event_type: 'payment', status: 'paid', event_id: retry.event_id });
      for (const notice of [first, retry]) {
        expect(hasValidSignature(notice, KEY, 'raw')).toBe(true);
        expect(Math.abs(Number(notice.event_time) - Date.now() / 1000)).toBeLessThan(60);
      }

      expect((await control(base, '/orders/WC0000000000000021/dispute', { stage: 'won' })).status).toBe(409);
      expect((await control(base, '/orders/WC0000000000000021/dispute', { stage: 'chargeback' })).status).toBe(400);
      const opened = (await (await control(base, '/orders/WC0000000000000021/dispute', { stage: 'opened', reasonCode: '13.1' })).json()) as { eventId: string };
      await waitUntil(() => merchant.received.length === 3);
      const notice = merchant.received[2]!;
      expect(notice).toMatchObject({ event_type: 'dispute', event_id: opened.eventId, stage: 'opened', reason_code: '13.1', amount: '45.99', currency: 'AUD' });
      expect(Number(notice.evidence_due)).toBeGreaterThan(Date.now() / 1000);
      expect(hasValidSignature(notice, KEY, 'raw')).toBe(true);
      expect((await control(base, '/orders/WC0000000000000021/dispute', { stage: 'opened' })).status).toBe(409);
    } finally {
      await Promise.all([close(), merchant.close()]);
    }
  });


  it('offers a card, a wallet, PayPal and PayID, and says which in the signed return, the callback and the query', async () => {
    const { base, close } = await serve();
    const merchant = await receiver();
    try {
      const page = await (await fetch(`${base}/checkout/${await open(base, 'WC0000000000000031', merchant.url)}`)).text();
      for (const label of ['Card', 'Apple Pay or Google Pay', 'PayPal', 'PayID (bank transfer)']) expect(page).toContain(label);
      const paidWith = async (orderId: string, method: string, card?: string) => {
        const { returnUrl } = (await (await control(base, `/orders/${orderId}/complete`, { outcome: 'paid', method, ...(card ? { card } : {}) })).json()) as { returnUrl: string };
        return Object.fromEntries(new URL(returnUrl).searchParams);
      };
      const card = await paidWith('WC0000000000000031', 'card', '5555 5555 5555 4444');
      expect(card).toMatchObject({ status: 'paid', pay_method: 'card:mastercard:4444' });
      expect(hasValidSignature(card, KEY, 'raw')).toBe(true);
      await open(base, 'WC0000000000000032', merchant.url);
      expect(await paidWith('WC0000000000000032', 'paypal')).toMatchObject({ status: 'paid', pay_method: 'paypal' });
      await waitUntil(() => merchant.received.length === 2);
      expect(merchant.received.map((notice) => notice.pay_method).sort()).toEqual(['card:mastercard:4444', 'paypal']);
      expect(await query(base, 'WC0000000000000032')).toEqual({ msg: 'SUCCESS', status: 'paid', pay_method: 'paypal' });
    } finally {
      await Promise.all([close(), merchant.close()]);
    }
  });

  it('leaves a PayID payment a transfer under way (processing, never expired) until its money lands, then pays it and tells the merchant once', async () => {
    const { base, close } = await serve({ payIdSettleMs: 2 * 3_600_000, orderTtlMs: 1_000 });
    const merchant = await receiver();
    try {
      await open(base, 'WC0000000000000033', merchant.url);
      const { returnUrl } = (await (await control(base, '/orders/WC0000000000000033/complete', { outcome: 'paid', method: 'payid' })).json()) as { returnUrl: string };
      expect(Object.fromEntries(new URL(returnUrl).searchParams)).toMatchObject({ status: 'processing', pay_method: 'payid' });
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      // Past the checkout's own expiry: a transfer under way is not an unpaid checkout.
      expect(await query(base, 'WC0000000000000033')).toEqual({ msg: 'SUCCESS', status: 'processing', pay_method: 'payid' });
      expect(merchant.received).toEqual([]);
      expect((await (await control(base, '/orders/WC0000000000000033/age', { ms: 2 * 3_600_000 })).json()) as unknown).toEqual({ status: 'paid' });
      await waitUntil(() => merchant.received.length === 1);
      expect(merchant.received[0]).toMatchObject({ status: 'paid', pay_method: 'payid', event_type: 'payment' });
      expect(await query(base, 'WC0000000000000033')).toEqual({ msg: 'SUCCESS', status: 'paid', pay_method: 'payid' });
    } finally {
      await Promise.all([close(), merchant.close()]);
    }
  });

  it('refunds a paid order once, answers the same refund when asked again, and refuses the rest', async () => {
    const { base, close } = await serve();
    try {
      await open(base, 'WC0000000000000009');
      expect(await refund(base, 'WC0000000000000009')).toEqual({ msg: 'ORDER_NOT_PAID' });
      await completeAs(base, 'WC0000000000000009');
      expect(await refund(base, 'WC0000000000000009', '45.99', 'another-key-of-sixteen')).toEqual({ msg: 'INVALID_SIGNATURE' });
      expect(await refund(base, 'WC0000000000000009', '99.99')).toEqual({ msg: 'AMOUNT_MISMATCH' });
      expect(await refund(base, 'WC0000000000000009', '45.99', KEY, null)).toEqual({ msg: 'MISSING_FIELDS:idempotency_key' });
      const first = await refund(base, 'WC0000000000000009');
      expect(first).toMatchObject({ msg: 'SUCCESS', status: 'refunded', refund_id: expect.stringMatching(/^RFD\d+$/) });
      expect(await refund(base, 'WC0000000000000009')).toEqual(first);
      expect(await refund(base, 'WC0000000000000009', '45.99', KEY, 'attempt-2')).toEqual(first);
      expect((await query(base, 'WC0000000000000009')).status).toBe('refunded');
      expect(await refund(base, 'WC0000000000000010')).toEqual({ msg: 'ORDER_NOT_FOUND' });
    } finally {
      await close();
    }
  });

  it('cancels an unpaid order for its merchant, and answers the status of one already paid instead', async () => {
    const { base, close } = await serve();
    try {
      await open(base, 'WC0000000000000011');
      expect(await cancel(base, 'WC0000000000000011', 'another-key-of-sixteen')).toEqual({ msg: 'INVALID_SIGNATURE' });
      expect((await query(base, 'WC0000000000000011')).status).toBe('pending');
      expect(await cancel(base, 'WC0000000000000011')).toEqual({ msg: 'SUCCESS', status: 'cancelled' });
      expect((await query(base, 'WC0000000000000011')).status).toBe('cancelled');
      await open(base, 'WC0000000000000012');
      await completeAs(base, 'WC0000000000000012');
      expect(await cancel(base, 'WC0000000000000012')).toEqual({ msg: 'SUCCESS', status: 'paid' });
      expect(await cancel(base, 'WC0000000000000013')).toEqual({ msg: 'ORDER_NOT_FOUND' });
    } finally {
      await close();
    }
  });

  it('answers its test controls only with the stack’s token, so no web page can mark an order paid', async () => {
    const { base, close } = await serve();
    try {
      await open(base, 'WC0000000000000001');
      const complete = (headers: Record<string, string>) =>
        fetch(`${base}/__sandbox/orders/WC0000000000000001/complete`, {
          method: 'POST',
          headers,
          body: headers['Content-Type'] === 'application/json' ? JSON.stringify({ outcome: 'paid' }) : 'outcome=paid',
        });
      // What a cross-site form could send: no custom header.
      expect((await complete({ 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(403);
      expect((await complete({ 'Content-Type': 'application/json', 'X-Sandbox-Token': 'wrong' })).status).toBe(403);
      expect((await query(base, 'WC0000000000000001')).status).toBe('pending');
      expect((await complete({ 'Content-Type': 'application/json', 'X-Sandbox-Token': TOKEN })).status).toBe(200);
      expect((await query(base, 'WC0000000000000001')).status).toBe('paid');
    } finally {
      await close();
    }
  });

  it('never lets its checkout be framed', async () => {
    const { base, close } = await serve();
    try {
      const nonce = await open(base, 'WC0000000000000002');
      const page = await fetch(`${base}/checkout/${nonce}`);
      expect(page.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
      expect(page.headers.get('x-frame-options')).toBe('DENY');
    } finally {
      await close();
    }
  });

  it('keeps its orders on disk: a restarted sandbox still knows a paid order', async () => {
    const ordersFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-')), 'orders.json');
    const first = await serve({ ordersFile });
    await open(first.base, 'WC0000000000000003');
    await fetch(`${first.base}/__sandbox/orders/WC0000000000000003/complete`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Sandbox-Token': TOKEN },
      body: JSON.stringify({ outcome: 'paid' }),
    });
    await first.close();
    const second = await serve({ ordersFile });
    try {
      expect(await query(second.base, 'WC0000000000000003')).toEqual({ msg: 'SUCCESS', status: 'paid', pay_method: 'card:visa:4242', three_ds: 'not_asked' });
    } finally {
      await second.close();
    }
  });

  it('reports an order never paid as expired once its time is up, as a provider would', async () => {
    // The sandbox's clock moves on a second and a tenth instead of the test waiting for it.
    let skew = 0;
    const { base, close } = await serve({ orderTtlMs: 1_000, now: () => Date.now() + skew });
    try {
      await open(base, 'WC0000000000000004');
      expect((await query(base, 'WC0000000000000004')).status).toBe('pending');
      skew = 1_100;
      expect((await query(base, 'WC0000000000000004')).status).toBe('expired');
    } finally {
      await close();
    }
  });
});
