import crypto from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { findPack, gatewayAmount, type GemPack } from '../../shared/catalogue';
import {
  GATEWAY_CALLBACK_FIELDS,
  ORDER_ID_PATTERN,
  type PaymentRequest,
} from '../../shared/paymentProtocol';
import { ROUTES } from '../../shared/routes';
import { hasValidSignature } from '../../shared/signature';
import type { PaymentFormData } from '../../shared/validation/paymentForm';
import { apiPublicUrl, publicBaseUrl, type Settings } from '../config/settings';
import { HttpError } from '../http/errors';
import { GatewayError, type GatewayClient } from './gatewayClient';
import {
  applyProviderStatus,
  createPendingTransaction,
  findRecentPending,
  findTransaction,
  saveReturnParameters,
  type StatusOutcome,
} from './transactionsRepository';

export interface PaymentDeps {
  settings: Settings;
  db: Firestore;
  gateway: GatewayClient;
}

export const CALLBACK_PATH = '/api/gateway/callback';

/** A new, unguessable order id: WC + time + randomness, upper-case letters and digits. */
export function newOrderId(now = Date.now()): string {
  return `WC${now.toString(36).toUpperCase()}${crypto.randomBytes(6).toString('hex').toUpperCase()}`;
}

/** The spec's payment request for a pack, everything decided here from the catalogue and the settings. */
export function buildPaymentRequest(
  settings: Settings,
  pack: GemPack,
  details: PaymentFormData,
  orderId: string,
  nowMs: number,
): Omit<PaymentRequest, 'signature'> {
  const store = publicBaseUrl(settings);
  return {
    firstname: details.firstName,
    lastname: details.lastName,
    address: details.address,
    country: details.country,
    state: details.state,
    city: details.city,
    postcode: details.postCode,
    email: details.email,
    phone: details.phone,
    amount: gatewayAmount(pack.priceCents),
    currency: settings.PAYMENT_CURRENCY,
    merchant_id: settings.MERCHANT_ID,
    site_id: settings.SITE_ID,
    order_id: orderId,
    product_name: pack.title,
    timestamp: Math.floor(nowMs / 1000),
    return_url: `${store}/`,
    callback_url: `${apiPublicUrl(settings)}${CALLBACK_PATH}`,
    cancel_order_url: `${store}${ROUTES.shop}?item=${pack.id}`,
  };
}

/** Words for the player when the provider could not start a payment. Nothing was charged in any case. */
function playerMessage(error: GatewayError): HttpError {
  switch (error.failure) {
    case 'timeout':
      return new HttpError(504, 'The payment service did not answer in time. You have not been charged; please try again.');
    case 'refused': {
      const reason = error.message.replace(/[^\w:, -]/g, '').slice(0, 80);
      return new HttpError(
        502,
        `The payment service could not start this payment (${reason}). You have not been charged; please check your details and try again.`,
      );
    }
    default:
      return new HttpError(
        502,
        'The payment service is not available right now. You have not been charged; please try again in a few minutes.',
      );
  }
}

/** POST /api/payments: sign and send the request; on SUCCESS record it pending and give the checkout address. */
export async function startPayment(
  deps: PaymentDeps,
  userId: string,
  input: { packId: number; details: PaymentFormData },
): Promise<{ orderId: string; checkoutUrl: string }> {
  const pack = findPack(input.packId);
  if (!pack) throw new HttpError(400, 'That gem pack does not exist.');
  const now = Date.now();
  const request = buildPaymentRequest(deps.settings, pack, input.details, newOrderId(now), now);
  let checkoutUrl: string;
  try {
    ({ checkoutUrl } = await deps.gateway.createPayment(request));
  } catch (error) {
    if (error instanceof GatewayError) throw playerMessage(error);
    throw error;
  }
  await createPendingTransaction(deps.db, {
    ...request,
    userId,
    gemCount: pack.gemCount,
    status: 'pending',
    checked: 0,
    createdAt: now,
    updatedAt: now,
  });
  return { orderId: request.order_id, checkoutUrl };
}

/**
 * Asks the provider and applies its answer. When the provider cannot be asked, nothing changes and the
 * stored status is reported; the reconciler and the sweep try again later.
 */
export async function confirmWithProvider(deps: PaymentDeps, orderId: string): Promise<StatusOutcome | null> {
  let status: string;
  try {
    status = await deps.gateway.queryStatus(orderId);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    console.warn(`Status of ${orderId} not confirmed: ${error.failure} (${error.message})`);
    const record = await findTransaction(deps.db, orderId);
    return record && { orderId, status: record.status, credited: false };
  }
  return applyProviderStatus(deps.db, orderId, status);
}

/**
 * POST /api/payments/return: the parameters of the provider's redirect. They are kept, but only the
 * provider's own answer changes the status: a forged `status=paid` credits nothing.
 */
export async function acceptReturn(deps: PaymentDeps, parameters: Record<string, string>): Promise<StatusOutcome> {
  const orderId = parameters.out_trade_no ?? '';
  if (!ORDER_ID_PATTERN.test(orderId)) throw new HttpError(400, 'The return address carries no valid order.');
  if (!(await findTransaction(deps.db, orderId))) throw new HttpError(404, 'We have no record of that order.');
  await saveReturnParameters(deps.db, orderId, parameters);
  const outcome = await confirmWithProvider(deps, orderId);
  if (!outcome) throw new HttpError(404, 'We have no record of that order.');
  return outcome;
}

/** POST /api/gateway/callback: the provider's signed notice. A bad signature changes nothing. */
export async function acceptCallback(deps: PaymentDeps, fields: Record<string, string>): Promise<StatusOutcome> {
  const missing = GATEWAY_CALLBACK_FIELDS.filter((field) => field !== 'pay_time' && !fields[field]);
  if (missing.length > 0) throw new HttpError(400, `Missing callback fields: ${missing.join(', ')}`);
  const { settings } = deps;
  if (!hasValidSignature(fields, settings.MERCHANT_PRIVATE_KEY, settings.SIGNATURE_ENCODING)) {
    throw new HttpError(401, 'invalid signature');
  }
  const orderId = fields.out_trade_no!;
  const record = ORDER_ID_PATTERN.test(orderId) ? await findTransaction(deps.db, orderId) : null;
  if (!record) throw new HttpError(404, 'unknown order');
  if (fields.amount !== record.amount || fields.currency !== record.currency) {
    console.error(`Callback for ${orderId} names ${fields.amount} ${fields.currency}, not ${record.amount} ${record.currency}`);
    throw new HttpError(400, 'amount or currency does not match the order');
  }
  const outcome = await applyProviderStatus(deps.db, orderId, fields.status!);
  if (!outcome) throw new HttpError(404, 'unknown order');
  return outcome;
}

/** Re-checks pending transactions younger than RECONCILE_WINDOW_MS: one player's, or everyone's. */
export async function reconcilePending(
  deps: PaymentDeps,
  userId?: string,
): Promise<{ checked: number; credited: number; orders: StatusOutcome[] }> {
  const since = Date.now() - deps.settings.RECONCILE_WINDOW_MS;
  const pending = await findRecentPending(deps.db, since, userId);
  const orders: StatusOutcome[] = [];
  for (const record of pending) {
    const outcome = await confirmWithProvider(deps, record.order_id);
    if (outcome) orders.push(outcome);
  }
  return { checked: pending.length, credited: orders.filter((order) => order.credited).length, orders };
}
