import crypto from 'node:crypto';
import express, { type Request, type Response } from 'express';
import {
  ORDER_ID_PATTERN,
  PAYMENT_REQUEST_FIELDS,
  SUCCESS_MSG,
  type PaymentRequest,
} from '../shared/paymentProtocol';
import { hasValidSignature, type SignatureEncoding } from '../shared/signature';
import { scheduleCallbacks, signedOutcome } from './callbacks';
import { checkoutRoutes } from './checkoutRoutes';
import { FaultBook, misbehave, type EndpointFault } from './faults';
import { fieldsOf } from './fields';
import { OrderBook, type SandboxOrder } from './orders';
import { isTransferUnderWay, providerWordOf } from './payMethods';
import { sandboxControls } from './sandboxControls';
import { payMethodKind } from '../shared/payMethod';
import { THREE_DS_CHALLENGE, type ThreeDSecureOutcome } from '../shared/risk/threeDSecure';

export interface SandboxOptions {
  /** Where the sandbox is reached from outside; host_url is built from it. */
  publicUrl: string;
  merchantId: string;
  siteId: string;
  privateKey: string;
  encoding: SignatureEncoding;
  paymentPath: string;
  queryPath: string;
  refundPath: string;
  /** The merchant's cancel of an unpaid order (a player's Cancel order in the store). */
  cancelPath: string;
  callbackRetryMs: number;
  callbackAttempts: number;
  /** An order never paid is reported expired after this long, as a provider's checkout expires. */
  orderTtlMs: number;
  /** The test controls (/__sandbox) answer only requests carrying it in X-Sandbox-Token; empty: never. */
  controlToken: string;
  /** Where the orders are kept across restarts; null keeps them in memory. */
  ordersFile: string | null;
  /** The sandbox's clock, for an order's expiry and a request's timestamp (a test moves it on instead of waiting). */
  now?: () => number;
  /** How long a PayID transfer stays under way before its money lands (minutes to hours at a real bank). */
  payIdSettleMs: number;
}

/** Requests whose timestamp is further than this from now are refused, like a real provider would. */
const TIMESTAMP_TOLERANCE_S = 300;



/**
 * A local stand-in for the card provider that speaks the spec's protocol: card payments, the hosted
 * checkout page, signed redirects and callbacks, the transaction query, and fault switches for tests.
 */
export function createSandboxApp(options: SandboxOptions): express.Express {
  const now = options.now ?? Date.now;
  const orders = new OrderBook(options.ordersFile);
  const faults = new FaultBook((orderId) => orders.byMerchantOrderId(orderId)?.request.email);
  const app = express();
  app.disable('x-powered-by');
  app.use(express.json({ limit: '32kb' }));
  app.use(express.urlencoded({ extended: false, limit: '32kb' }));

  const callbackSettings = {
    privateKey: options.privateKey,
    encoding: options.encoding,
    retryMs: options.callbackRetryMs,
    attempts: options.callbackAttempts,
    onAttempt: () => orders.changed(),
    now,
  };

  /** A bank transfer whose money has landed pays its order, and the provider tells the store as for any payment. */
  const settleIfDue = (order: SandboxOrder) => {
    if (!isTransferUnderWay(order) || now() < order.settlesAt!) return;
    order.status = 'paid';
    order.payTime = String(Math.floor(now() / 1000));
    orders.changed();
    scheduleCallbacks(order, callbackSettings, faults.for(order.request.order_id));
  };
  // The bank's money lands by itself: looked for every few seconds, and whenever the order is asked about.
  const settling = setInterval(() => orders.all().forEach(settleIfDue), 2_000);
  settling.unref();

  /** A checkout left unpaid past its time is over: the provider's own expiry (a bank transfer under way is not unpaid). */
  const expireIfStale = (order: SandboxOrder) => {
    settleIfDue(order);
    if (order.status === 'pending' && !isTransferUnderWay(order) && now() - order.openedAt > options.orderTtlMs) {
      order.status = 'expired';
      orders.changed();
    }
  };

  /** Why a signed call (a query, a refund) is not the merchant's: a bad signature or another merchant; null when it is. */
  const notTheMerchant = (fields: Record<string, string>): string | null => {
    if (!hasValidSignature(fields, options.privateKey, options.encoding)) return 'INVALID_SIGNATURE';
    if (fields.merchant_id !== options.merchantId || fields.site_id !== options.siteId) return 'UNKNOWN_MERCHANT';
    return null;
  };

  /** A signed call's checks in the provider's order: a fault set for it, then the merchant's. True when they answered it. */
  const answeredByChecks = async (fields: Record<string, string>, fault: EndpointFault | undefined, res: Response): Promise<boolean> => {
    if (await misbehave(fault, res)) return true;
    const refused = notTheMerchant(fields);
    if (refused) res.json({ msg: refused });
    return refused !== null;
  };

  const problemWithRequest = (fields: Record<string, string>): string | null => {
    const missing = PAYMENT_REQUEST_FIELDS.filter((field) => !fields[field]);
    if (missing.length > 0) return `MISSING_FIELDS:${missing.join(',')}`;
    if (fields.merchant_id !== options.merchantId || fields.site_id !== options.siteId) return 'UNKNOWN_MERCHANT';
    if (!hasValidSignature(fields, options.privateKey, options.encoding)) return 'INVALID_SIGNATURE';
    if (!/^\d+\.\d{2}$/.test(fields.amount!) || Number(fields.amount) <= 0) return 'INVALID_AMOUNT';
    if (!/^[A-Z]{3}$/.test(fields.currency!)) return 'INVALID_CURRENCY';
    if (Math.abs(now() / 1000 - Number(fields.timestamp)) > TIMESTAMP_TOLERANCE_S) return 'TIMESTAMP_EXPIRED';
    if (!ORDER_ID_PATTERN.test(fields.order_id!)) return 'INVALID_ORDER_ID';
    for (const url of ['return_url', 'callback_url', 'cancel_order_url'] as const) {
      if (!/^https?:\/\//.test(fields[url]!)) return `INVALID_URL:${url}`;
    }
    if (fields.three_ds !== undefined && fields.three_ds !== THREE_DS_CHALLENGE) return 'INVALID_THREE_DS';
    if (orders.has(fields.order_id!)) return 'DUPLICATE_ORDER';
    return null;
  };

  app.post(options.paymentPath, async (req: Request, res: Response) => {
    const fields = fieldsOf(req.body);
    if (await misbehave(faults.for(fields.order_id, fields.email).payment, res)) return;
    const problem = problemWithRequest(fields);
    if (problem) {
      res.json({ msg: problem });
      return;
    }
    const request = { ...fields, timestamp: Number(fields.timestamp) } as unknown as PaymentRequest;
    const order = orders.open(request);
    res.json({ msg: SUCCESS_MSG, host_url: `${options.publicUrl}/checkout`, nonce: order.nonce });
  });

  app.get(options.queryPath, async (req: Request, res: Response) => {
    const fields = fieldsOf(req.query);
    if (await answeredByChecks(fields, faults.for(fields.order_id).query, res)) return;
    const order = orders.byMerchantOrderId(fields.order_id ?? '');
    if (order) expireIfStale(order);
    res.json(
      order
        ? { msg: SUCCESS_MSG, status: providerWordOf(order), ...(order.payMethod ? { pay_method: order.payMethod } : {}), ...(order.threeDs ? { three_ds: order.threeDs } : {}) }
        : { msg: 'ORDER_NOT_FOUND' },
    );
  });

  // The refund call: the whole amount of a paid order goes back, once. An attempt's idempotency key is
  // kept from the moment the call arrives (before any latency fault), so asking again with the same key,
  // or for a refunded order, answers the same refund, as a provider's idempotent refund would.
  app.post(options.refundPath, async (req: Request, res: Response) => {
    const fields = fieldsOf(req.body);
    const order = orders.byMerchantOrderId(fields.order_id ?? '');
    if (order && fields.idempotency_key && notTheMerchant(fields) === null) {
      order.refundKeys = [...new Set([...(order.refundKeys ?? []), fields.idempotency_key])];
      orders.changed();
    }
    if (await answeredByChecks(fields, faults.for(fields.order_id).refund, res)) return;
    if (!order) {
      res.json({ msg: 'ORDER_NOT_FOUND' });
      return;
    }
    if (!fields.idempotency_key) {
      res.json({ msg: 'MISSING_FIELDS:idempotency_key' });
      return;
    }
    if (fields.amount !== order.request.amount) {
      res.json({ msg: 'AMOUNT_MISMATCH' });
      return;
    }
    if (order.status === 'paid') {
      order.status = 'refunded';
      order.refundId = `RFD${Date.now()}${crypto.randomInt(1000, 9999)}`;
      orders.changed();
    }
    if (order.status !== 'refunded') {
      res.json({ msg: 'ORDER_NOT_PAID' });
      return;
    }
    res.json({ msg: SUCCESS_MSG, status: 'refunded', refund_id: order.refundId });
  });

  // The cancel call: an unpaid order ends cancelled, and its checkout with it. It answers the order's status
  // either way, so a store that asks to cancel an order already paid learns that it was paid.
  app.post(options.cancelPath, async (req: Request, res: Response) => {
    const fields = fieldsOf(req.body);
    if (await answeredByChecks(fields, faults.for(fields.order_id).cancel, res)) return;
    const order = orders.byMerchantOrderId(fields.order_id ?? '');
    if (!order) {
      res.json({ msg: 'ORDER_NOT_FOUND' });
      return;
    }
    expireIfStale(order);
    // A bank transfer under way is the bank's now: it cannot be cancelled, and the answer says it is processing.
    if (order.status === 'pending' && !isTransferUnderWay(order)) {
      order.status = 'cancelled';
      orders.changed();
    }
    res.json({ msg: SUCCESS_MSG, status: providerWordOf(order) });
  });

  /**
   * Ends a pending order (or, paid by PayID, starts its transfer) and sends the browser back to the store with the
   * signed outcome. A card's payment says how 3-D Secure went (`threeDs`: not asked unless the challenge page said).
   */
  const finish = (order: SandboxOrder, outcome: 'paid' | 'failed', payMethod?: string, threeDs: ThreeDSecureOutcome = 'not_asked'): string => {
    if (order.status === 'pending' && !isTransferUnderWay(order)) {
      // A declined card is named too: the merchant sees which card its bank declined.
      if (payMethod) order.payMethod = payMethod;
      if (payMethodKind(payMethod ?? null) === 'card') order.threeDs = threeDs;
      delete order.challenge;
      if (outcome === 'paid' && payMethod === 'payid') {
        order.settlesAt = now() + options.payIdSettleMs;
        orders.changed();
      } else {
        order.status = outcome;
        order.payTime = String(Math.floor(Date.now() / 1000));
        orders.changed();
        if (outcome === 'paid') scheduleCallbacks(order, callbackSettings, faults.for(order.request.order_id));
      }
    }
    const back = new URL(order.request.return_url);
    for (const [key, value] of Object.entries(signedOutcome(order, options.privateKey, options.encoding))) {
      back.searchParams.set(key, value);
    }
    return back.toString();
  };

  app.use(checkoutRoutes({ orders, expireIfStale, finish, merchantId: options.merchantId }));

  app.use('/__sandbox', sandboxControls({ orders, faults, finish, settleIfDue, callbackSettings, now, controlToken: options.controlToken, privateKey: options.privateKey, encoding: options.encoding }));

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  return app;
}
