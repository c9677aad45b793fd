import { toOrderView, type OrderView } from '../../shared/orders/orderView';
import { GATEWAY_CALLBACK_FIELDS, ORDER_ID_PATTERN } from '../../shared/paymentProtocol';
import { hasValidSignature } from '../../shared/signature';
import { HttpError } from '../http/errors';
import { confirmWithProvider, logOutcome } from './confirmation';
import type { PaymentDeps } from './paymentDeps';

/**
 * POST /api/payments/return: the parameters of the provider's redirect, from the order's owner. Only a
 * return the provider signed is kept, a paid one at most once per order (docs/storefront.md, The provider's return); a forged or replayed
 * one stores nothing. Either way only the provider's own answer changes the status: a forged
 * `status=paid` credits nothing.
 */
export async function acceptReturn(deps: PaymentDeps, userId: string, parameters: Record<string, string>): Promise<OrderView> {
  const orderId = parameters.out_trade_no ?? '';
  if (!ORDER_ID_PATTERN.test(orderId)) throw new HttpError(400, 'The return address carries no valid order.');
  const record = await deps.orders.find(orderId);
  if (!record) throw new HttpError(404, 'We have no record of that order.');
  if (record.userId !== userId) throw new HttpError(403, 'This order belongs to another account.');
  const { settings } = deps;
  const signed = hasValidSignature(parameters, settings.MERCHANT_PRIVATE_KEY, settings.SIGNATURE_ENCODING);
  deps.log.info({ event: 'order.return', orderId, returnStatus: parameters.status, signature: signed ? 'valid' : 'invalid' });
  if (signed) await deps.providerNotices.recordReturn(record, parameters, Date.now());
  // What the provider says of the payment method is kept only when its signature holds.
  const said = signed ? { paymentMethod: parameters.payment_method } : {};
  return toOrderView(orderId, { ...((await confirmWithProvider(deps, orderId, 'return', said))?.record ?? record) });
}

/** POST /api/gateway/callback: the provider's signed notice. A bad signature changes nothing; every verdict is recorded. */
export async function acceptCallback(deps: PaymentDeps, fields: Record<string, string>): Promise<void> {
  const missing = GATEWAY_CALLBACK_FIELDS.filter((field) => field !== 'pay_time' && !fields[field]);
  if (missing.length > 0) throw new HttpError(400, `Missing callback fields: ${missing.join(', ')}`);
  const { settings } = deps;
  const orderId = fields.out_trade_no!;
  const providerStatus = fields.status!;
  const signature = hasValidSignature(fields, settings.MERCHANT_PRIVATE_KEY, settings.SIGNATURE_ENCODING) ? 'valid' : 'invalid';
  const record = ORDER_ID_PATTERN.test(orderId) ? await deps.orders.find(orderId) : null;
  const refuse = async (status: number, message: string, rejected: string) => {
    await deps.providerNotices.recordCallback({ at: Date.now(), orderId, record, signature, rejected, providerStatus });
    throw new HttpError(status, message);
  };
  if (signature === 'invalid') {
    deps.log.warn({ event: 'order.callback', orderId, signature });
    await refuse(401, 'invalid signature', 'invalid signature');
  }
  if (!record) {
    deps.log.warn({ event: 'order.callback', orderId, signature, rejected: 'unknown order' });
    await refuse(404, 'unknown order', 'unknown order');
  }
  if (fields.amount !== record!.amount || fields.currency !== record!.currency) {
    deps.log.error({ event: 'order.callback', orderId, signature, mismatch: { amount: fields.amount, currency: fields.currency } });
    await refuse(400, 'amount or currency does not match the order', `amount ${fields.amount} ${fields.currency} does not match the order`);
  }
  deps.log.info({ event: 'order.callback', orderId, signature, providerStatus });
  await deps.providerNotices.recordCallback({ at: Date.now(), orderId, record, signature, providerStatus });
  const outcome = await deps.orders.applyProviderStatus(orderId, providerStatus, {
    source: 'callback',
    said: { paymentMethod: fields.payment_method },
  });
  if (!outcome) throw new HttpError(404, 'unknown order');
  logOutcome(deps.log, orderId, 'callback', providerStatus, outcome);
}
