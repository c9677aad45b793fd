import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseSettings } from '../config/settings';
import { hasValidSignature } from '../../shared/signature';
import { rejectionOf } from '../../../test/support/httpRefusal';
import { createGatewayClient, GatewayError } from './gatewayClient';

/** A provider on 127.0.0.1 whose next answer a test sets; every call it received is kept. */
async function fakeProvider() {
  const received: Array<{ method: string; path: string; fields: Record<string, string>; contentType?: string }> = [];
  let answer: (res: http.ServerResponse) => void = (res) => res.end('{}');
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://127.0.0.1');
      const fields = req.method === 'GET' ? Object.fromEntries(url.searchParams) : (JSON.parse(body || '{}') as Record<string, string>);
      received.push({ method: req.method!, path: url.pathname, fields, contentType: req.headers['content-type'] });
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    received,
    answerWith: (next: (res: http.ServerResponse) => void) => (answer = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const json = (body: unknown, status = 200) => (res: http.ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

describe('the gateway client', () => {
  let provider: Awaited<ReturnType<typeof fakeProvider>>;
  let settings: ReturnType<typeof parseSettings>;
  beforeAll(async () => {
    provider = await fakeProvider();
    // Room for a first call on a busy machine (a connection made, the code warmed); the slow answer below is twice it.
    settings = parseSettings({ GATEWAY_BASE_URL: `http://127.0.0.1:${provider.port}`, GATEWAY_TIMEOUT_MS: '2000' });
  });
  afterAll(() => provider.close());

  const failureOf = async (promise: Promise<unknown>) => (await rejectionOf(promise, GatewayError)).failure;

  it('asks about an order with a signed query, and reads the status and how it was paid', async () => {
    provider.answerWith(json({ msg: 'SUCCESS', status: 'paid', pay_method: 'card:visa:4242' }));
    await expect(createGatewayClient(settings).queryStatus('WC1ABC')).resolves.toEqual({ answer: { means: 'paid', word: 'paid' }, payMethod: 'card:visa:4242' });
    const call = provider.received.at(-1)!;
    expect(call).toMatchObject({ method: 'GET', path: settings.GATEWAY_QUERY_PATH, fields: { order_id: 'WC1ABC', merchant_id: settings.MERCHANT_ID } });
    expect(hasValidSignature(call.fields, settings.MERCHANT_PRIVATE_KEY, settings.SIGNATURE_ENCODING)).toBe(true);
  });

  it('sends a payment as signed JSON and answers its checkout address', async () => {
    provider.answerWith(json({ msg: 'SUCCESS', host_url: 'https://pay.example/checkout', nonce: 'n-1' }));
    const request = { order_id: 'WC1ABC', amount: '15.99', currency: 'AUD', merchant_id: settings.MERCHANT_ID, site_id: settings.SITE_ID, timestamp: 1 };
    const client = createGatewayClient(settings);
    await expect(client.createPayment(request as Parameters<typeof client.createPayment>[0])).resolves.toEqual({ checkoutUrl: 'https://pay.example/checkout/n-1' });
    const call = provider.received.at(-1)!;
    expect(call).toMatchObject({ method: 'POST', path: settings.GATEWAY_PAYMENT_PATH, contentType: 'application/json' });
    expect(hasValidSignature(call.fields, settings.MERCHANT_PRIVATE_KEY, settings.SIGNATURE_ENCODING)).toBe(true);
  });

  it.each([
    ['a 503', 'unavailable', json({ msg: 'SUCCESS', status: 'paid' }, 503)],
    ['text that is not JSON', 'malformed', (res: http.ServerResponse) => res.end('<html>oops</html>')],
    ['a refusal', 'refused', json({ msg: 'UNKNOWN_MERCHANT' })],
    ['a status that is not a word', 'malformed', json({ msg: 'SUCCESS', status: 'PAID; DROP' })],
    ['an answer over 64 KB', 'malformed', json({ msg: 'SUCCESS', status: 'paid', padding: 'x'.repeat(70_000) })],
    [
      'a redirect (not followed)',
      'malformed',
      (res: http.ServerResponse) => {
        res.writeHead(302, { location: '/elsewhere' });
        res.end();
      },
    ],
    ['no answer within GATEWAY_TIMEOUT_MS', 'timeout', (res: http.ServerResponse) => setTimeout(() => json({ msg: 'SUCCESS', status: 'paid' })(res), 4_000)],
  ] as const)('judges %s as %s, never as an answer', async (_name, failure, answer) => {
    provider.answerWith(answer);
    const before = provider.received.length;
    expect(await failureOf(createGatewayClient(settings).queryStatus('WC1ABC'))).toBe(failure);
    // One call: a redirect's address is never asked.
    expect(provider.received.slice(before).map((call) => call.path)).toEqual([settings.GATEWAY_QUERY_PATH]);
  });

  it('calls a provider that is not listening unavailable', async () => {
    const closed = await fakeProvider();
    await closed.close();
    const client = createGatewayClient(parseSettings({ GATEWAY_BASE_URL: `http://127.0.0.1:${closed.port}`, GATEWAY_TIMEOUT_MS: '2000' }));
    expect(await failureOf(client.queryStatus('WC1ABC'))).toBe('unavailable');
  });
});
