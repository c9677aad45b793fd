import { API_ROUTES } from '../../src/shared/api';
import { firestoreStaffRecords, setSupportRole } from '../../src/server/auth/supportRole';
import { ownerAuth, ownerDb } from '../support/emulatorAdmin';
import { newPlayer, returnedOrder, signInAgain, startPurchase, stackSettings } from '../support/paymentsHarness';
import { sign } from '../../src/shared/signature';

jest.setTimeout(300_000);

/** A small seeded generator (mulberry32): the same bodies on every run, so a failure can be replayed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const strings = [
    '',
    ' ',
    'paid',
    'WC0000000000NOSUCHORDER',
    '3',
    '-1',
    '1e309',
    'NaN',
    '__x__',
    '__proto__',
    'constructor',
    '\ud800',
    '\udc00x',
    'é👑',
    '<script>alert(1)</script>',
    '../../users/x',
    '%ff',
    'a'.repeat(600),
    '\u0000',
    'AU',
    'aria@wyrmcrown.example',
  ];
  const keys = ['packId', 'reason', 'status', 'out_trade_no', 'firstName', 'email', 'country', 'amount', 'signature', '__x__', '__proto__', 'a.b', '', 'k'.repeat(60)];
  const value = (depth: number): unknown => {
    switch (Math.floor(next() * (depth > 2 ? 5 : 7))) {
      case 0:
        return pick(strings);
      case 1:
        return pick([0, 1, 3, -3, 1.5, 2 ** 53, -0, 1e308]);
      case 2:
        return pick([true, false, null]);
      case 3:
        return String(Math.floor(next() * 1e6));
      case 4:
        return pick(strings) + pick(strings);
      case 5:
        return Array.from({ length: Math.floor(next() * 4) }, () => value(depth + 1));
      default:
        return Object.fromEntries(Array.from({ length: Math.floor(next() * 6) }, () => [pick(keys), value(depth + 1)]));
    }
  };
  /** A body: mostly JSON of any shape, sometimes not JSON at all. */
  const body = (): string => {
    const roll = next();
    if (roll < 0.1) return pick(['{', 'null', '[]', '"x"', '{"a":}', '\ud800', 'x'.repeat(20_000)]);
    if (roll < 0.3) return JSON.stringify(value(0));
    return JSON.stringify(Object.fromEntries(Array.from({ length: 1 + Math.floor(next() * 10) }, () => [pick(keys), value(1)])));
  };
  return { next, pick, body, value, strings };
}

const api = (path: string) => `${process.env.STORE_URL}${path}`;

/** A path or query part for any text: a lone surrogate goes as bytes that are not UTF-8 at all. */
function encodeAny(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ""))}%ED%A0%80`;
  }
}

/** The merchant's signature where one can be made (crypto-js refuses text that is not Unicode). */
function signIfPossible(fields: Record<string, string>): Record<string, string> {
  try {
    return { ...fields, signature: sign(fields, stackSettings.MERCHANT_PRIVATE_KEY, stackSettings.SIGNATURE_ENCODING) };
  } catch {
    return fields;
  }
}
// Seeded, so the same bodies every run: 150 per endpoint reach every shape the generator makes, within npm test's time budget.
const BODIES = 150;

describe(`${BODIES} generated bodies per API endpoint answer below 500`, () => {
  let idToken: string;
  let orderId: string;
  let paidOrderId: string;
  let staffToken: string;

  beforeAll(async () => {
    const staff = await newPlayer();
    await setSupportRole(ownerAuth(), firestoreStaffRecords(ownerDb()), staff.email, true);
    staffToken = (await signInAgain(staff)).idToken;
    const player = await newPlayer();
    idToken = player.idToken;
    ({ orderId } = await startPurchase(player));
    // A paid order too, so refund requests reach past the ownership and payment checks.
    ({ orderId: paidOrderId } = await returnedOrder(player, 1));
  });
  const someOrder = (random: ReturnType<typeof generator>) => encodeAny(random.pick([...random.strings, orderId, paidOrderId]));

  const endpoints: Array<[string, (random: ReturnType<typeof generator>) => Promise<Response>]> = [
    ['POST /api/payments', (random) => post('/api/payments', random.body())],
    ['POST /api/payments/return', (random) => post('/api/payments/return', random.body())],
    ['POST /api/transactions/reconcile', (random) => post('/api/transactions/reconcile', random.body())],
    ['GET /api/orders/:id', (random) => fetch(api(`/api/orders/${encodeAny(random.pick([...random.strings, orderId]))}`), auth())],
    ['POST /api/orders/:id/check', (random) => post(`/api/orders/${encodeAny(random.pick([...random.strings, orderId]))}/check`, random.body())],
    [
      'POST /api/gateway/callback',
      (random) => {
        const fields = Object.fromEntries(
          Array.from({ length: Math.floor(random.next() * 9) }, () => [
            random.pick(['out_trade_no', 'order_id', 'currency', 'amount', 'pay_time', 'payment_method', 'status', 'signature', '__x__']),
            String(random.pick([...random.strings, orderId, '45.99'])),
          ]),
        );
        // Now and then signed with the merchant key, so the handler past the signature is reached too.
        const signed = random.next() < 0.3 ? signIfPossible(fields) : fields;
        return fetch(api('/api/gateway/callback'), {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: random.next() < 0.2 ? random.body() : new URLSearchParams(signed).toString(),
        });
      },
    ],
    ['GET /api/orders/:id/refund', (random) => fetch(api(`/api/orders/${someOrder(random)}/refund`), auth())],
    [
      'POST /api/orders/:id/refund',
      (random) => post(`/api/orders/${someOrder(random)}/refund`, random.next() < 0.4 ? JSON.stringify({ reason: random.value(2) }) : random.body()),
    ],
    ['GET /api/support/orders?q=', (random) => fetch(api(`/api/support/orders?q=${encodeAny(random.pick([...random.strings, orderId, 'x@y']))}`), asStaff())],
    ['GET /api/support/orders/:id', (random) => fetch(api(`/api/support/orders/${someOrder(random)}`), asStaff())],
    ['POST /api/support/orders/:id/check', (random) => fetch(api(`/api/support/orders/${someOrder(random)}/check`), asStaff('POST', random.body()))],
    ['POST /api/support/orders/:id/credit', (random) => fetch(api(`/api/support/orders/${someOrder(random)}/credit`), asStaff('POST', random.body()))],
    ['POST /api/support/refunds/:id/approve', (random) => fetch(api(`/api/support/refunds/${someOrder(random)}/approve`), asStaff('POST', random.body()))],
    [
      'POST /api/support/refunds/:id/decline',
      (random) =>
        fetch(api(`/api/support/refunds/${someOrder(random)}/decline`), asStaff('POST', random.next() < 0.4 ? JSON.stringify({ reason: random.value(2) }) : random.body())),
    ],
    ['GET /api/offers', (random) => fetch(api(`/api/offers?${encodeAny(random.pick(random.strings))}=1`), random.next() < 0.5 ? auth() : {})],
    ['POST /api/offers/code', (random) => post('/api/offers/code', random.next() < 0.4 ? JSON.stringify({ code: random.value(2), packId: random.value(1) }) : random.body())],
    ['POST /api/support/offers', (random) => fetch(api('/api/support/offers'), asStaff('POST', random.body()))],
    ['GET /api/support/offers/:id', (random) => fetch(api(`/api/support/offers/${encodeAny(random.pick([...random.strings, 'first-purchase']))}`), asStaff())],
    ['PUT /api/support/offers/:id', (random) => fetch(api(`/api/support/offers/${encodeAny(random.pick(random.strings))}`), asStaff('PUT', random.body()))],
    ['POST /api/support/offers/:id/end', (random) => fetch(api(`/api/support/offers/${encodeAny(random.pick(random.strings))}/end`), asStaff('POST', random.body()))],
    ['GET /api/countries', (random) => fetch(api(`/api/countries?${encodeAny(random.pick(random.strings))}=${encodeAny(random.pick(random.strings))}`))],
  ];

  const auth = () => ({ headers: { Authorization: `Bearer ${idToken}` } });
  const asStaff = (method = 'GET', body?: string) => ({
    method,
    body,
    headers: { Authorization: `Bearer ${staffToken}`, 'Content-Type': 'application/json' },
  });
  const post = (path: string, body: string) =>
    fetch(api(path), { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` }, body });

  it.each(endpoints)('%s', async (_name, send) => {
    const random = generator(0x5eed);
    const failures: string[] = [];
    for (let i = 0; i < BODIES; i += 1) {
      const response = await send(random);
      await response.arrayBuffer();
      if (response.status >= 500) failures.push(`#${i}: ${response.status}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('ids of any shape in every route that names one answer 400 or 404, never 500', () => {
  // ('.' alone is no id: the URL's own rules read /x/. as /x/, the list.)
  const hostileIds = ['a%2Fb', 'WC0000000000ABC%2Fevents', '%2F', '..', '%2E%2E', 'a'.repeat(1000), `WC${'7'.repeat(1000)}`, '__proto__', '__x__', 'credit-purchase-WC0000000000ABC'];
  const routesWithIds = Object.values(API_ROUTES).filter((route) => route.includes('/:'));
  /** A player's own route answers 403 for an id of the right shape that is not theirs (another player's data). */
  const ownOnly = new Set<string>([API_ROUTES.dataArchive]);

  it(`${routesWithIds.length} routes × ${hostileIds.length} ids, as staff and as a player, by GET and POST`, async () => {
    const staff = await newPlayer();
    await setSupportRole(ownerAuth(), firestoreStaffRecords(ownerDb()), staff.email, true);
    const staffToken = (await signInAgain(staff)).idToken;
    const failures: string[] = [];
    for (const route of routesWithIds) {
      for (const id of hostileIds) {
        const path = `/api${route.replace(/:[A-Za-z]+/g, id)}`;
        for (const method of ['GET', 'POST']) {
          const response = await fetch(api(path), { method, headers: { Authorization: `Bearer ${staffToken}`, 'Content-Type': 'application/json' }, body: method === 'POST' ? '{}' : undefined });
          await response.arrayBuffer();
          const refusals = ownOnly.has(route) ? [400, 403, 404, 405] : [400, 404, 405];
          if (response.status >= 500 || !refusals.includes(response.status)) failures.push(`${method} ${path.slice(0, 80)}: ${response.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
