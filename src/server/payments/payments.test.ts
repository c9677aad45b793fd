import pino from 'pino';
import { refusalOf } from '../../../test/support/httpRefusal';
import { memoryPayments } from '../../../test/support/memory/memoryPayments';
import { samplePaymentDetails } from '../../../test/fixtures/samples';
import { sign } from '../../shared/signature';
import type { TransactionRecord } from '../orders/orderRules';
import { planOrderSlot } from './orderSlotRules';
import { checkClaim } from '../orders/orderWatchRules';
import { parseSettings } from '../config/settings';
import { GatewayError } from '../provider/gatewayClient';
import { checkWithProvider } from '../provider/providerCheck';
import type { OrderDeps } from './paymentDeps';
import { cancelOrder, checkOrder, listOpenOrders, orderFor, reconcilePending } from './playerOrders';
import { acceptCallback, acceptReturn } from '../provider/providerNotices';
import { startPayment } from './startPayment';
import { eventFields } from '../../../test/support/providerEvent';

const settings = parseSettings({});

const setup = () => memoryPayments(settings);

const start = (deps: OrderDeps, uid = 'u-1', packId = 3) => startPayment(deps, uid, { packId, details: samplePaymentDetails });


describe('startPayment', () => {
  it('decides price, product, gems and the three URLs from the catalogue, and records the order pending', async () => {
    const { deps, memory } = setup();
    const { orderId, checkoutUrl } = await start(deps);
    expect(checkoutUrl).toContain('/checkout/');
    expect(memory.records.get(orderId)).toMatchObject({
      status: 'pending',
      checked: 0,
      packId: 3,
      gemCount: 3500,
      amount: '45.99',
      product_name: 'Pouch of Gem',
      return_url: 'http://127.0.0.1:3000/',
      callback_url: 'http://127.0.0.1:3000/api/gateway/callback',
      cancel_order_url: `http://127.0.0.1:3000/shop?item=3&cancelled=${orderId}`,
    });
  });

  it('records where its buyer was and how the sale is taxed: an Australian sale by default, an export only where two signals agree', async () => {
    const { deps, memory } = setup();
    const { orderId } = await startPayment(deps, 'u-1', { packId: 3, details: samplePaymentDetails, addressCountry: 'AU' });
    expect(memory.records.get(orderId)!.tax).toEqual({ treatment: 'gst', country: 'AU', billingCountry: 'AU', addressCountry: 'AU' });
    const worldwide = { ...deps, settings: { ...settings, SALES_COUNTRIES: 'worldwide' as const } };
    const exported = await startPayment(worldwide, 'u-2', { packId: 3, details: { ...samplePaymentDetails, country: 'NZ' }, addressCountry: 'NZ' });
    expect(memory.records.get(exported.orderId)).toMatchObject({ amount: '45.99', tax: { treatment: 'gstFreeExport', country: 'NZ' } });
  });

  it('a buyer in New Zealand by both signals, with the store selling in Australia only: refused before the provider is asked, nothing stored or held', async () => {
    const { deps, memory, provider } = setup();
    const refused = await refusalOf(startPayment(deps, 'u-1', { packId: 3, details: { ...samplePaymentDetails, country: 'NZ' }, addressCountry: 'NZ' }));
    expect([refused.status, refused.details.reason]).toEqual([422, 'salesCountry']);
    expect(refused.message).toContain('New Zealand');
    expect(provider.created).toEqual([]);
    expect(memory.records.size).toBe(0);
    // No place of the open-order cap was held: a cap of one still has its place.
    expect(await deps.orderSlots.reserve('u-1', 'WCPROBE', { limit: 1, now: 0, until: 1, cents: 1, monthOrders: [], today: '2026-11-27' }, [])).toMatchObject({ reserved: true });
  });

  it('a refusal from the provider is a clear 502 and records nothing', async () => {
    const { deps, memory, provider } = setup();
    provider.statuses.set('*create*', new GatewayError('refused', 'CARD_BLOCKED'));
    const error = await refusalOf(start(deps));
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/CARD_BLOCKED.*not been charged/);
    expect(memory.records.size).toBe(0);
  });

  it('an unknown pack is a 400', async () => {
    const { deps } = setup();
    expect((await refusalOf(start(deps, 'u-1', 99))).status).toBe(400);
  });
});

describe('checkWithProvider, by the shared order machine', () => {
  it('processing keeps the order pending; paid credits once; a later paid credits nothing more', async () => {
    const { deps, memory, provider } = setup();
    const { orderId } = await start(deps);
    provider.statuses.set(orderId, 'processing');
    expect((await checkWithProvider(deps, orderId, 'check'))?.record).toMatchObject({ status: 'pending', checked: 0 });
    provider.statuses.set(orderId, 'paid');
    expect((await checkWithProvider(deps, orderId, 'check'))?.record).toMatchObject({ status: 'paid', checked: 1 });
    expect((await checkWithProvider(deps, orderId, 'check'))?.record).toMatchObject({ status: 'paid', checked: 1 });
    expect(memory.balances.get('u-1')).toBe(3500);
  });

  it('a paid order never goes back; a late paid after a decline is honoured', async () => {
    const { deps, memory, provider } = setup();
    const { orderId } = await start(deps);
    provider.statuses.set(orderId, 'declined');
    expect((await checkWithProvider(deps, orderId, 'check'))?.record).toMatchObject({ status: 'failed' });
    provider.statuses.set(orderId, 'paid');
    expect((await checkWithProvider(deps, orderId, 'check'))?.record).toMatchObject({ status: 'paid', checked: 1 });
    provider.statuses.set(orderId, 'failed');
    expect((await checkWithProvider(deps, orderId, 'check'))?.record).toMatchObject({ status: 'paid', checked: 1 });
    expect(memory.balances.get('u-1')).toBe(3500);
  });

  it('a provider that cannot answer changes nothing and reports what is stored', async () => {
    const { deps, provider } = setup();
    const { orderId } = await start(deps);
    provider.statuses.set(orderId, new GatewayError('timeout', 'slow'));
    expect((await checkWithProvider(deps, orderId, 'check'))?.record).toMatchObject({ status: 'pending', checked: 0 });
  });
});

describe('the player’s own orders', () => {
  it('a return is the owner’s: another player gets 403, an unknown order 404, and only a paid return the provider signed is kept, once', async () => {
    const { deps, memory, provider } = setup();
    const { orderId } = await start(deps);
    expect((await refusalOf(acceptReturn(deps, 'u-2', { status: 'paid', out_trade_no: orderId }))).status).toBe(403);
    expect((await refusalOf(acceptReturn(deps, 'u-1', { status: 'paid', out_trade_no: 'WC0000000000NOSUCH' }))).status).toBe(404);
    expect(memory.returns.size).toBe(0);

    // A forged paid return: not signed by the provider, so nothing is kept, and the provider says pending, so nothing is credited.
    expect(await acceptReturn(deps, 'u-1', { status: 'paid', out_trade_no: orderId })).toMatchObject({ status: 'pending', credited: false });
    expect(memory.returns.size).toBe(0);
    const signedReturn = (fields: Record<string, string>) => ({ ...fields, signature: sign(fields, settings.MERCHANT_PRIVATE_KEY, settings.SIGNATURE_ENCODING) });
    provider.statuses.set(orderId, 'paid');
    expect(await acceptReturn(deps, 'u-1', signedReturn({ status: 'paid', out_trade_no: orderId, pay_time: '1' }))).toMatchObject({ status: 'paid' });
    // The same signed return again, and another: the first is kept, once.
    await acceptReturn(deps, 'u-1', signedReturn({ status: 'paid', out_trade_no: orderId, pay_time: '1' }));
    await acceptReturn(deps, 'u-1', signedReturn({ status: 'paid', out_trade_no: orderId, pay_time: '2' }));
    expect(memory.returns.get(orderId)).toEqual([expect.objectContaining({ pay_time: '1' })]);
    expect(memory.events.filter((event) => event.type === 'returnReceived')).toHaveLength(1);
  });

  it('a signed paid return that cannot be confirmed yet makes its order due for the sweep now, not after its backoff', async () => {
    const { deps, memory, provider } = setup();
    const { orderId } = await start(deps);
    const scheduled = memory.records.get(orderId)!.nextCheckAt;
    const at = Date.now();
    expect(scheduled).toBeGreaterThan(at);
    provider.statuses.set(orderId, new GatewayError('timeout', 'slow'));
    const fields = { status: 'paid', out_trade_no: orderId, pay_time: '1' };
    await acceptReturn(deps, 'u-1', { ...fields, signature: sign(fields, settings.MERCHANT_PRIVATE_KEY, settings.SIGNATURE_ENCODING) });
    expect(memory.records.get(orderId)).toMatchObject({ status: 'pending', checked: 0 });
    // Any instance's next pass claims it (a restarted one too), where before it waited until `scheduled`.
    const claimOf = (record: TransactionRecord) => checkClaim(record, { at: Date.now(), claimant: 'another', leaseUntil: Date.now() + 1_000, delayOf: () => 30_000 });
    expect((await memory.orderWatch.claimDue(Date.now(), 10, claimOf)).map((record) => record.order_id)).toEqual([orderId]);
    // A forged return moves nothing: the order just claimed is not made due again.
    await acceptReturn(deps, 'u-1', fields);
    expect(memory.records.get(orderId)!.nextCheckAt).toBeGreaterThan(Date.now());
  });

  it('a paid return just after a sweep check made due now when the check put the next one off past its claim, not when the claim brings it back', async () => {
    const { deps, memory, provider } = setup();
    const fields = (orderId: string) => ({ status: 'paid', out_trade_no: orderId, pay_time: '1' });
    const signed = (orderId: string) => ({ ...fields(orderId), signature: sign(fields(orderId), settings.MERCHANT_PRIVATE_KEY, settings.SIGNATURE_ENCODING) });
    const now = Date.now();
    const claimWaiting = (delayMs: number) => (record: TransactionRecord) => checkClaim(record, { at: now, claimant: 'a', leaseUntil: now + 45_000, delayOf: () => delayMs });
    // Checked often already: its next check an hour on, past the claim's 45 s.
    const { orderId: longWait } = await start(deps);
    memory.records.get(longWait)!.nextCheckAt = now;
    await memory.orderWatch.claimDue(now, 10, claimWaiting(3_600_000));
    provider.statuses.set(longWait, new GatewayError('timeout', 'slow'));
    await acceptReturn(deps, 'u-1', signed(longWait));
    expect(memory.records.get(longWait)!.nextCheckAt).toBeLessThanOrEqual(Date.now());
    // Its next check when the claim lapses, 45 s on: left as it is.
    const { orderId: soon } = await start(deps);
    memory.records.get(soon)!.nextCheckAt = now;
    await memory.orderWatch.claimDue(now, 10, claimWaiting(30_000));
    provider.statuses.set(soon, new GatewayError('timeout', 'slow'));
    await acceptReturn(deps, 'u-1', signed(soon));
    expect(memory.records.get(soon)!.nextCheckAt).toBe(now + 45_000);
  });

  it('reading or checking another player’s order is not found', async () => {
    const { deps, provider } = setup();
    const { orderId } = await start(deps);
    expect(await orderFor(deps, 'u-1', orderId)).toMatchObject({ orderId, packId: 3, status: 'pending' });
    expect((await refusalOf(orderFor(deps, 'u-2', orderId))).status).toBe(404);
    expect((await refusalOf(checkOrder(deps, 'u-2', orderId))).status).toBe(404);
    provider.statuses.set(orderId, 'paid');
    expect(await checkOrder(deps, 'u-1', orderId)).toMatchObject({ status: 'paid', credited: true });
  });
});

describe('cancelOrder', () => {
  it('cancels the player’s own unpaid order through the provider, once; another player’s is not found', async () => {
    const { deps, memory } = setup();
    const { orderId } = await start(deps);
    expect((await refusalOf(cancelOrder(deps, 'u-2', orderId))).status).toBe(404);
    expect(await cancelOrder(deps, 'u-1', orderId)).toMatchObject({ orderId, status: 'cancelled', credited: false });
    expect(memory.records.get(orderId)?.status).toBe('cancelled');
    expect((await refusalOf(cancelOrder(deps, 'u-1', orderId))).status).toBe(409);
  });

  it('an order the provider says was paid meanwhile is credited, not cancelled', async () => {
    const { deps, memory, provider } = setup();
    const { orderId } = await start(deps);
    provider.statuses.set(orderId, 'paid');
    expect(await cancelOrder(deps, 'u-1', orderId)).toMatchObject({ status: 'paid', credited: true });
    expect(memory.balances.get('u-1')).toBe(3500);
  });

  it('a bank transfer under way, which the provider cannot cancel: the player stops waiting, and money that lands later is still credited once', async () => {
    const { deps, memory, provider } = setup();
    const { orderId } = await start(deps);
    memory.records.get(orderId)!.payMethod = 'payid';
    provider.statuses.set(orderId, 'processing');
    expect(await cancelOrder(deps, 'u-1', orderId)).toMatchObject({ status: 'cancelled', credited: false });
    expect(memory.records.get(orderId)).toMatchObject({ status: 'cancelled', payMethod: 'payid' });
    expect(memory.events.filter((event) => event.orderId === orderId).map((event) => event.type)).toEqual(['created', 'waitingStopped']);
    // Not asked about as an open order any more; the transfer lands hours later: a late payment, credited once.
    expect((await listOpenOrders(deps, 'u-1')).orders).toEqual([]);
    provider.statuses.set(orderId, 'paid');
    expect(await checkOrder(deps, 'u-1', orderId)).toMatchObject({ status: 'paid', credited: true });
    expect(memory.balances.get('u-1')).toBe(3500);
  });

  it('a provider that cannot be reached changes nothing and says so', async () => {
    const { deps, memory, provider } = setup();
    const { orderId } = await start(deps);
    provider.statuses.set(orderId, new GatewayError('timeout', 'slow'));
    const error = await refusalOf(cancelOrder(deps, 'u-1', orderId));
    expect([error.status, error.message]).toEqual([504, expect.stringContaining('Nothing changed')]);
    expect(memory.records.get(orderId)?.status).toBe('pending');
  });
});

describe('acceptCallback', () => {
  const fieldsFor = (orderId: string, amount = '45.99') => ({
    out_trade_no: orderId,
    order_id: 'SBX1',
    currency: 'AUD',
    amount,
    pay_time: '1',
    payment_method: 'card',
    status: 'paid',
    ...event,
  });
  const event = eventFields();

  it('credits on a signed paid notice, and refuses a bad signature or a wrong amount', async () => {
    const { deps, memory } = setup();
    const { orderId } = await start(deps);
    const forged = { ...fieldsFor(orderId), signature: sign(fieldsFor(orderId), 'another-key-of-16-chars', 'raw') };
    expect((await refusalOf(acceptCallback(deps, forged))).status).toBe(401);
    const cheap = fieldsFor(orderId, '0.01');
    expect((await refusalOf(acceptCallback(deps, { ...cheap, signature: sign(cheap, settings.MERCHANT_PRIVATE_KEY, 'raw') }))).status).toBe(400);
    expect(memory.balances.size).toBe(0);

    await acceptCallback(deps, { ...fieldsFor(orderId), signature: sign(fieldsFor(orderId), settings.MERCHANT_PRIVATE_KEY, 'raw') });
    expect(memory.balances.get('u-1')).toBe(3500);
  });
});

describe('reconcilePending', () => {
  it('one order that cannot be checked never ends the pass', async () => {
    const { deps, memory, provider } = setup();
    const first = await start(deps);
    const second = await start(deps);
    provider.statuses.set(second.orderId, 'paid');
    const apply = memory.orders.applyProviderAnswer.bind(memory.orders);
    memory.orders.applyProviderAnswer = async (orderId, answer, context) => {
      if (orderId === first.orderId) throw new Error('database hiccup');
      return apply(orderId, answer, context);
    };
    const result = await reconcilePending(deps, 'u-1');
    expect(result.checked).toBe(2);
    expect(result.credited).toBe(1);
    expect(result.orders.map((order) => [order.orderId, order.status])).toEqual([
      [first.orderId, 'pending'],
      [second.orderId, 'paid'],
    ]);
  });
});

describe('the order’s log', () => {
  it('is one JSON line per event, each with the orderId, from creation to credit', async () => {
    const lines: string[] = [];
    const { deps, provider } = setup();
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const logged = { ...deps, log };
    const { orderId } = await start(logged);
    provider.statuses.set(orderId, 'paid');
    await checkOrder(logged, 'u-1', orderId);
    const events = lines.map((line) => JSON.parse(line) as { event: string; orderId?: string; source?: string });
    expect(events.map((entry) => [entry.event, entry.orderId])).toEqual([
      ['order.created', orderId],
      ['order.checked', orderId],
      ['order.credited', orderId],
    ]);
    expect(events[1]).toMatchObject({ source: 'check', status: 'paid' });
  });
});

describe('a player’s open orders', () => {
  it('a fourth unpaid order is refused with 409, naming an open one', async () => {
    const { deps } = setup();
    const opened = [];
    for (let i = 0; i < settings.MAX_OPEN_ORDERS; i += 1) opened.push((await start(deps)).orderId);
    const error = await refusalOf(start(deps));
    expect(error.status).toBe(409);
    expect(opened.filter((orderId) => error.message.includes(orderId))).toHaveLength(1);
    // Another player is not held back.
    await expect(start(deps, 'u-2')).resolves.toMatchObject({ orderId: expect.any(String) });
  });

  it('lists them newest first, each with its checkout, wherever it was started', async () => {
    const { deps, memory } = setup();
    const second = await start(deps, 'u-1', 3);
    const first = await start(deps, 'u-1', 2);
    await start(deps, 'u-2');
    memory.records.get(first.orderId)!.createdAt = 1_000;
    memory.records.get(second.orderId)!.createdAt = 2_000;
    const { orders } = await listOpenOrders(deps, 'u-1');
    expect(orders.map((order) => [order.orderId, order.packId])).toEqual([[second.orderId, 3], [first.orderId, 2]]);
    expect(orders.find((order) => order.orderId === first.orderId)?.checkoutUrl).toBe(first.checkoutUrl);
  });

  it('with the open orders the player was asked about, refuses before a second payable order they were not: 409 with the orders, nothing started', async () => {
    const { deps, memory } = setup();
    expect((await startPayment(deps, 'u-1', { packId: 3, details: samplePaymentDetails, openOrdersSeen: [] })).orderId).toEqual(expect.any(String));
    const [open] = [...memory.records.keys()];
    const error = await refusalOf(startPayment(deps, 'u-1', { packId: 2, details: samplePaymentDetails, openOrdersSeen: [] }));
    expect(error.status).toBe(409);
    expect(error.message).toContain(open);
    expect(error.details.openOrders).toEqual([expect.objectContaining({ orderId: open, packId: 3 })]);
    expect(memory.records.size).toBe(1);
    // Asked, and the player chose a new order.
    await expect(startPayment(deps, 'u-1', { packId: 2, details: samplePaymentDetails, openOrdersSeen: [open!] })).resolves.toMatchObject({ orderId: expect.any(String) });
    expect(memory.records.size).toBe(2);
  });

  it('counts the places held by payments still starting, and gives a place back when the provider refuses', async () => {
    const { deps, provider, memory } = setup();
    provider.statuses.set('*create*', new GatewayError('refused', 'INVALID_SIGNATURE'));
    for (let i = 0; i < settings.MAX_OPEN_ORDERS + 2; i += 1) expect((await refusalOf(start(deps))).status).toBe(502);
    expect(memory.slots.get('u-1')).toEqual({});
    provider.statuses.delete('*create*');
    await expect(start(deps)).resolves.toMatchObject({ orderId: expect.any(String) });
  });

  it('refuses an order that would pass the monthly spending limit, naming what is left, and stores nothing', async () => {
    const { deps, memory, provider } = setup();
    await memory.protections.changeSpendingLimit('u-1', 2000, Date.now());
    const { orderId } = await start(deps, 'u-1', 1);
    provider.statuses.set(orderId, 'paid');
    await checkOrder(deps, 'u-1', orderId);
    const refused = await refusalOf(start(deps, 'u-1', 1));
    expect([refused.status, refused.details.reason]).toEqual([409, 'spendingLimit']);
    expect(refused.message).toContain('A$4.01 left this month');
    expect([...memory.records.keys()]).toEqual([orderId]);
    expect(provider.created).toHaveLength(1);
    // A refund stops the order counting; another player is not limited at all.
    memory.records.get(orderId)!.status = 'refunded';
    await expect(start(deps, 'u-1', 1)).resolves.toMatchObject({ orderId: expect.any(String) });
    await expect(start(deps, 'u-2', 6)).resolves.toMatchObject({ orderId: expect.any(String) });
  });

  it('plans a place only while the open orders and the holds still running leave one free', () => {
    const now = 1_000_000;
    const hold = { limit: 3, now, until: now + 30_000, cents: 1599, block: null, spendingLimitCents: null, monthOrders: [] };
    const open = [{ order_id: 'WCOPEN' }] as TransactionRecord[];
    const held = (cents: number) => ({ until: now + 5, cents });
    // A hold whose order was recorded is counted once; an expired hold is dropped (a bare number is an old hold).
    expect(planOrderSlot({ WCOPEN: held(500), WCFLIGHT: now + 5, WCOLD: held(500), WCGONE: now - 1 }, open, 'WCNEW', { ...hold, now: now + 1 })).toEqual({ refused: 'openOrderCap' });
    expect(planOrderSlot({ WCOPEN: held(500), WCFLIGHT: now + 5, WCGONE: now - 1 }, open, 'WCNEW', hold)).toEqual({
      slots: { WCOPEN: held(500), WCFLIGHT: { until: now + 5, cents: 0 }, WCNEW: { until: now + 30_000, cents: 1599 } },
    });
    expect(planOrderSlot({ WCA: held(500), WCB: held(500) }, open, 'WCNEW', hold)).toEqual({ refused: 'openOrderCap' });
    // Three bank transfers under way hold no place: a card payment still starts.
    const transfers = ['WCPAYID1', 'WCPAYID2', 'WCPAYID3'].map((order_id) => ({ order_id, status: 'pending', payMethod: 'payid' })) as TransactionRecord[];
    expect(planOrderSlot({}, transfers, 'WCNEW', hold)).toMatchObject({ slots: { WCNEW: { cents: 1599 } } });
    expect(planOrderSlot({}, transfers.map((record) => ({ ...record, payMethod: 'card:visa:4242' })), 'WCNEW', hold)).toEqual({ refused: 'openOrderCap' });
  });

  it('plans a place only while the month’s paid and open orders, the payments starting and this one stay within the limit', () => {
    const now = 1_000_000;
    const order = (id: string, status: TransactionRecord['status'], amount: string) => ({ order_id: id, status, amount }) as TransactionRecord;
    const paid = order('WCPAID', 'paid', '9.99');
    const open = [order('WCOPEN', 'pending', '4.99')];
    const monthOrders = [paid, order('WCREFUNDED', 'refunded', '99.99'), order('WCDECLINED', 'failed', '99.99'), ...open];
    const request = { limit: 5, now, until: now + 30_000, cents: 1599, block: null, spendingLimitCents: 4000, monthOrders };
    // 9.99 paid + 4.99 open (listed twice, counted once) + 8.00 starting + 15.99 = 38.97: within A$40.
    const starting = { WCOPEN: { until: now + 5, cents: 499 }, WCSTART: { until: now + 5, cents: 800 } };
    expect(planOrderSlot(starting, open, 'WCNEW', request)).toMatchObject({ slots: { WCNEW: { until: now + 30_000, cents: 1599 } } });
    // A$38.96 would not leave room: A$22.98 is spent, so A$15.98 is left.
    expect(planOrderSlot(starting, open, 'WCNEW', { ...request, spendingLimitCents: 3896 })).toEqual({ refused: 'spendingLimit', leftCents: 1598 });
    // Spent past the limit (it was lowered): nothing is left, never less.
    expect(planOrderSlot(starting, open, 'WCNEW', { ...request, spendingLimitCents: 1000 })).toEqual({ refused: 'spendingLimit', leftCents: 0 });
  });
});

describe('the order’s history and the mail it owes', () => {
  it('records creation, the provider’s answer and the credit, and owes one receipt however often it is confirmed', async () => {
    const { deps, memory, provider } = setup();
    const { orderId } = await start(deps);
    provider.statuses.set(orderId, 'paid');
    await checkWithProvider(deps, orderId, 'sweep');
    await Promise.all([checkOrder(deps, 'u-1', orderId), checkWithProvider(deps, orderId, 'sweep'), reconcilePending(deps, 'u-1')]);
    expect(memory.events.map((event) => [event.type, event.source, event.statusFrom, event.statusTo, event.gems])).toEqual([
      ['created', 'player', undefined, undefined, undefined],
      ['providerAnswered', 'sweep', 'pending', 'paid', undefined],
      ['credited', 'sweep', undefined, undefined, 3500],
    ]);
    expect(memory.mail).toEqual([{ kind: 'receipt', orderId }]);
  });

  it('records every callback with its signature’s verdict, and keeps refused ones for support', async () => {
    const { deps, memory } = setup();
    const { orderId } = await start(deps);
    const fields = { out_trade_no: orderId, order_id: 'SBX1', currency: 'AUD', amount: '45.99', pay_time: '1', payment_method: 'card', status: 'paid', ...eventFields() };
    await refusalOf(acceptCallback(deps, { ...fields, signature: sign(fields, 'another-key-of-16-chars', 'raw') }));
    await acceptCallback(deps, { ...fields, signature: sign(fields, settings.MERCHANT_PRIVATE_KEY, 'raw') });
    const callbacks = memory.events.filter((event) => event.type === 'callbackReceived');
    expect(callbacks.map((event) => [event.signature, event.providerStatus])).toEqual([
      ['invalid', 'paid'],
      ['valid', 'paid'],
    ]);
    expect(memory.rejectedCallbacks).toEqual([{ orderId, reason: 'invalid signature' }]);
    expect(memory.events.at(-1)).toMatchObject({ type: 'credited', source: 'callback' });
  });
});
