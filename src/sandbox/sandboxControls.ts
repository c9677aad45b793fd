import crypto from 'node:crypto';
import express from 'express';
import { sign, type SignatureEncoding } from '../shared/signature';
import type { CallbackSettings } from './callbacks';
import { disputeControl } from './disputes';
import { faultsSchema, type FaultBook } from './faults';
import type { OrderBook, SandboxOrder } from './orders';
import { fieldsOf } from './fields';
import { payMethodChosen, providerWordOf } from './payMethods';
import { THREE_DS_CHALLENGE, threeDSecureOrNull, type ThreeDSecureOutcome } from '../shared/risk/threeDSecure';

/** What the test controls reach of the sandbox: its orders, its faults, and how an order ends or settles. */
export interface ControlDeps {
  orders: OrderBook;
  faults: FaultBook;
  /** Pay or Decline pressed for the order, by a method; answers the return address. */
  finish: (order: SandboxOrder, outcome: 'paid' | 'failed', payMethod?: string, threeDs?: ThreeDSecureOutcome) => string;
  settleIfDue: (order: SandboxOrder) => void;
  callbackSettings: CallbackSettings;
  now: () => number;
  controlToken: string;
  privateKey: string;
  encoding: SignatureEncoding;
}

/**
 * The sandbox's test controls (/__sandbox): faults, an order read, completed, aged or disputed, a callback signed with
 * any key.
 */
export function sandboxControls({ orders, faults, finish, settleIfDue, callbackSettings, now, controlToken, privateKey, encoding }: ControlDeps): express.Router {
  // Test controls, on the loopback interface only, and only with the token the stack made at start: a web
  // page cannot set the header, so no cross-site request can mark an order paid.
  const control = express.Router();
  control.use((req, res, next) => {
    const given = req.get('x-sandbox-token') ?? '';
    const expected = controlToken;
    const matches =
      expected.length > 0 &&
      given.length === expected.length &&
      crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected));
    if (!matches) {
      res.status(403).json({ error: 'The sandbox controls need the X-Sandbox-Token of this stack.' });
      return;
    }
    next();
  });
  control.put('/faults', (req, res) => {
    const parsed = faultsSchema.safeParse(req.body?.faults);
    if (!parsed.success) {
      res.status(400).json({ error: parsed.error.message });
      return;
    }
    const { orderId, email } = req.body as { orderId?: unknown; email?: unknown };
    faults.set(parsed.data, { ...(typeof orderId === 'string' ? { orderId } : {}), ...(typeof email === 'string' ? { email } : {}) });
    res.json({ ok: true });
  });
  control.delete('/faults', (_req, res) => {
    faults.clear();
    res.json({ ok: true });
  });
  control.get('/orders/:orderId', (req, res) => {
    const order = orders.byMerchantOrderId(req.params.orderId);
    if (!order) {
      res.status(404).json({ error: 'No such order' });
      return;
    }
    res.json({ status: order.status, nonce: order.nonce, callbacks: order.callbacks, request: order.request, refundId: order.refundId ?? null });
  });
  /** What pressing Pay or Decline does, without a browser: answers the return address. */
  control.post('/orders/:orderId/complete', (req, res) => {
    const order = orders.byMerchantOrderId(req.params.orderId);
    const outcome = req.body?.outcome === 'failed' ? 'failed' : 'paid';
    if (!order) {
      res.status(404).json({ error: 'No such order' });
      return;
    }
    const payMethod = payMethodChosen(req.body?.method, req.body?.card ?? '4242424242424242');
    // A challenge the store asked for is answered as the outcome says, unless the test names how it went.
    const asked = order.request.three_ds === THREE_DS_CHALLENGE;
    const threeDs = threeDSecureOrNull(req.body?.threeDs) ?? (asked ? (outcome === 'paid' ? 'authenticated' : 'failed') : 'not_asked');
    res.json({ returnUrl: finish(order, outcome, payMethod, threeDs) });
  });
  /** Moves one order's clock on by `ms` (its checkout opened and its transfer started that much earlier): a bank transfer lands, an order ages. */
  control.post('/orders/:orderId/age', (req, res) => {
    const order = orders.byMerchantOrderId(req.params.orderId);
    const ms = Number(req.body?.ms);
    if (!order || !Number.isFinite(ms) || ms < 0) {
      res.status(order ? 400 : 404).json({ error: order ? 'ms must be a number of milliseconds' : 'No such order' });
      return;
    }
    order.openedAt -= ms;
    if (order.settlesAt !== undefined) order.settlesAt -= ms;
    orders.changed();
    settleIfDue(order);
    res.json({ status: providerWordOf(order) });
  });
  /**
   * The player's bank disputes a paid order: sends the dispute notice of a stage (opened, then won or lost), retried
   * until acknowledged; `copies` delivers the same event more than once at a time, as a provider's retry can.
   */
  control.post('/orders/:orderId/dispute', disputeControl(orders, callbackSettings, now));
  /** A callback for any order, signed with any key: lets tests send forged or repeated ones. */
  control.post('/sign', (req, res) => {
    const fields = fieldsOf(req.body?.payload);
    if (req.body?.stamp === true) Object.assign(fields, { event_time: String(Math.floor(now() / 1000)) });
    res.json({ signature: sign(fields, String(req.body?.key ?? privateKey), encoding) });
  });
  return control;
}
