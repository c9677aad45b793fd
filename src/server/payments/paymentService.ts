import crypto from 'node:crypto';
import { findPack, gatewayAmount, type GemPack } from '../../shared/catalogue';
import {
  GATEWAY_CALLBACK_FIELDS,
  ORDER_ID_PATTERN,
  type PaymentRequest,
} from '../../shared/paymentProtocol';
import { API_ROUTES, apiPath, type OpenOrdersResponse, type ReconcileResponse, type StartPaymentResponse } from '../../shared/api';
import { CANCELLED_ORDER_PARAM, shopItemPath } from '../../shared/routes';
import { hasValidSignature } from '../../shared/signature';
import { OPEN_ORDERS_LISTED_MAX, type PaymentFormData } from '../../shared/validation/paymentForm';
import { apiPublicUrl, publicBaseUrl, type Settings } from '../config/settings';
import { HttpError } from '../http/errors';
import type { Logger } from '../logger';
import { ContentionError } from '../firebase/commitIfUnchanged';
import { GatewayError, type GatewayClient } from './gatewayClient';
import { toOrderView, type OrderView } from '../../shared/orders/orderView';
import { mapWithConcurrency } from '../lib/mapWithConcurrency';
import { newestFirst, openOrdersNotSeen, storedStatus, toOpenOrder, type ProviderDetails, type TransactionRecord } from './orderRules';
import type { ApplyOutcome, SlotOutcome, TransactionsRepository } from './transactionsRepository';
import { overLimitMessage, startOfMonthIn } from '../../shared/protections/spendingLimit';
import { purchaseBlockMessages } from '../../shared/protections/playerProtections';
import { dateIn } from '../../shared/protections/age';
import type { OrderEvent } from '../../shared/orders/orderEvents';
import type { CodeUseOutcome, OffersRepository } from '../offers/offersRepository';
import { codeRefused, offerForNewOrder } from '../offers/offersService';

export interface PaymentDeps {
  settings: Settings;
  transactions: TransactionsRepository;
  gateway: GatewayClient;
  log: Logger;
}

/** What making an order needs besides: the offers it may be made under. */
export interface OrderDeps extends PaymentDeps {
  offers: OffersRepository;
}

/** Racing orders kept taking a promo code's uses first: none of this one was started. */
const CODE_BUSY_MESSAGE = 'Many players are using this promo code right now. Please try again in a moment.';

/** Who asked the provider: every confirmation is logged, and its changes recorded, with its source. */
export type ConfirmationSource = 'return' | 'reconcile' | 'check' | 'sweep' | 'support';

/** A confirmation's outcome, and what the provider said (or why it could not be asked). */
export type Confirmation = ApplyOutcome & ({ providerStatus: string } | { failure: string });

/** How long past the provider's answer a place stays held for the order to be recorded. */
const ORDER_SLOT_MARGIN_MS = 10_000;

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
    callback_url: `${apiPublicUrl(settings)}${apiPath(API_ROUTES.gatewayCallback)}`,
    // The store tells a cancelled order from any other visit to the pack by this parameter.
    cancel_order_url: `${store}${shopItemPath(pack.id)}&${CANCELLED_ORDER_PARAM}=${orderId}`,
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

/** GET /api/payments/open: the player's open unpaid orders, newest first, wherever they were started. */
export async function listOpenOrders(deps: PaymentDeps, userId: string): Promise<OpenOrdersResponse> {
  return { orders: newestFirst(await deps.transactions.findOpen(userId, OPEN_ORDERS_LISTED_MAX)).map(toOpenOrder) };
}

/**
 * POST /api/payments: sign and send the request; on SUCCESS record it pending and give the checkout address.
 * With `openOrdersSeen`, an open order the player was not asked about refuses it first (409 with the orders),
 * so the store asks before a second payable order, wherever the first was started.
 */
export async function startPayment(
  deps: OrderDeps,
  userId: string,
  input: { packId: number; details: PaymentFormData; accountEmail?: string; openOrdersSeen?: readonly string[]; promoCode?: string },
): Promise<StartPaymentResponse> {
  const pack = findPack(input.packId);
  if (!pack) throw new HttpError(400, 'That gem pack does not exist.');
  const limit = deps.settings.MAX_OPEN_ORDERS;
  // Read once: for the orders the player was not asked about, and for the open-order cap.
  const open = await deps.transactions.findOpen(userId, Math.max(limit, OPEN_ORDERS_LISTED_MAX));
  if (input.openOrdersSeen) {
    const notSeen = openOrdersNotSeen(open, input.openOrdersSeen);
    if (notSeen) {
      throw new HttpError(409, `You have an unpaid order open, ${notSeen[0]!.orderId}. Resume it, or start a new one.`, { openOrders: notSeen });
    }
  }
  const now = Date.now();
  const orderId = newOrderId(now);
  // The offer is decided here, never by the client: a code that cannot be used is refused before anything is held.
  const offer = await offerForNewOrder(deps, userId, pack, input.promoCode, now);
  // This month's orders, for the spending limit (read before the place is held, like `open`).
  const monthOrders = await deps.transactions.findMadeSince(userId, startOfMonthIn(deps.settings.STORE_TIME_ZONE, now));
  // The place is held until the order is recorded: the provider's longest answer, with room to record it.
  const until = now + 2 * deps.settings.GATEWAY_TIMEOUT_MS + ORDER_SLOT_MARGIN_MS;
  const slot = await deps.transactions
    .reserveOrderSlot(userId, orderId, { limit, now, until, cents: pack.priceCents, monthOrders, today: dateIn(deps.settings.STORE_TIME_ZONE, now) }, open)
    .catch((error: unknown): SlotOutcome => {
      // Other payments of this player kept taking the places first: none of this one was started.
      if (error instanceof ContentionError) return { reserved: false, refused: 'openOrderCap', open: [] };
      throw error;
    });
  if (!slot.reserved && slot.refused === 'spendingLimit') {
    throw new HttpError(409, overLimitMessage(slot.leftCents), { reason: 'spendingLimit' });
  }
  if (!slot.reserved && slot.refused !== 'openOrderCap') {
    throw new HttpError(409, purchaseBlockMessages[slot.refused], { reason: slot.refused });
  }
  if (!slot.reserved) {
    const newest = newestFirst(slot.open)[0];
    throw new HttpError(
      409,
      newest
        ? `You already have ${slot.open.length} unpaid orders open, the newest ${newest.order_id}. Finish paying for one, or wait until it expires, before you start another.`
        : 'Your other payments are still starting. Please wait a moment, then try again.',
      newest ? { reason: 'openOrderCap' } : {},
    );
  }
  if (offer?.kind === 'promoCode') {
    const use = await deps.offers.reserveCodeUse(offer.id, userId, pack, now).catch((error: unknown): CodeUseOutcome => {
      if (error instanceof ContentionError) return { reserved: false, message: CODE_BUSY_MESSAGE };
      throw error;
    });
    if (!use.reserved) {
      await deps.transactions.releaseOrderSlot(userId, orderId).catch(() => undefined);
      throw codeRefused(use.message);
    }
  }
  const request = buildPaymentRequest(deps.settings, pack, input.details, orderId, now);
  let checkoutUrl: string;
  try {
    ({ checkoutUrl } = await deps.gateway.createPayment(request));
  } catch (error) {
    await deps.transactions.releaseOrderSlot(userId, orderId).catch(() => undefined);
    if (offer?.kind === 'promoCode') await deps.offers.releaseCodeUse(offer.id, userId).catch(() => undefined);
    if (error instanceof GatewayError) throw playerMessage(error);
    throw error;
  }
  await deps.transactions.create({
    ...request,
    userId,
    ...(input.accountEmail ? { accountEmail: input.accountEmail } : {}),
    packId: pack.id,
    gemCount: pack.gemCount,
    ...(offer ? { offer } : {}),
    status: 'pending',
    checkoutUrl,
    checked: 0,
    createdAt: now,
    updatedAt: now,
    nextCheckAt: now + deps.settings.ORDER_RECHECK_FIRST_MS,
    leaseUntil: 0,
    checks: 0,
  });
  deps.log.info({ event: 'order.created', orderId: request.order_id, userId, packId: pack.id, amount: request.amount, ...(offer ? { offerId: offer.id, bonusGems: offer.bonusGems } : {}) });
  return { orderId: request.order_id, checkoutUrl };
}

/**
 * Asks the provider and applies its answer. When the provider cannot be asked, nothing changes and the
 * stored order is reported; the reconciler and the sweep try again later.
 */
export function confirmWithProvider(
  deps: PaymentDeps,
  orderId: string,
  source: ConfirmationSource,
  said: ProviderDetails = {},
  actor?: OrderEvent['actor'],
): Promise<Confirmation | null> {
  // One question to the provider per order at a time in this instance: a burst of confirmations of one
  // order (returns, reconciles, checks) shares it instead of racing to commit the same change.
  let underWay = confirmationsUnderWay.get(deps);
  if (!underWay) confirmationsUnderWay.set(deps, (underWay = new Map()));
  const running = underWay.get(orderId);
  if (running) return running;
  const confirmation = askAndApply(deps, orderId, source, said, actor).finally(() => underWay.delete(orderId));
  underWay.set(orderId, confirmation);
  return confirmation;
}

/** The confirmations under way, per instance (its deps) and order. */
const confirmationsUnderWay = new WeakMap<PaymentDeps, Map<string, Promise<Confirmation | null>>>();

async function askAndApply(
  deps: PaymentDeps,
  orderId: string,
  source: ConfirmationSource,
  said: ProviderDetails,
  actor: OrderEvent['actor'] | undefined,
): Promise<Confirmation | null> {
  let providerWord: string;
  try {
    providerWord = await deps.gateway.queryStatus(orderId);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    deps.log.warn({ event: 'order.check_failed', orderId, source, failure: error.failure, reason: error.message });
    const record = await deps.transactions.find(orderId);
    return record && { record, creditedNow: false, failure: `${error.failure}: ${error.message}` };
  }
  const outcome = await deps.transactions.applyProviderStatus(orderId, providerWord, { source, said, ...(actor ? { actor } : {}) });
  logOutcome(deps.log, orderId, source, providerWord, outcome);
  return outcome && { ...outcome, providerStatus: providerWord };
}

function logOutcome(log: Logger, orderId: string, source: string, providerStatus: string, outcome: ApplyOutcome | null): void {
  if (!outcome) return;
  const status = storedStatus(outcome.record);
  log.info({ event: 'order.checked', orderId, source, providerStatus, status });
  if (outcome.creditedNow) {
    log.info({ event: 'order.credited', orderId, source, userId: outcome.record.userId, gems: outcome.record.gemCount });
  }
}

/** The player's own order; another player's, or none, is not found (its existence is not revealed). */
export async function ownOrder(deps: PaymentDeps, userId: string, orderId: string): Promise<TransactionRecord> {
  const record = ORDER_ID_PATTERN.test(orderId) ? await deps.transactions.find(orderId) : null;
  if (!record || record.userId !== userId) throw new HttpError(404, 'We have no record of that order.');
  return record;
}

/** GET /api/orders/:orderId: the player's order as stored. */
export async function orderFor(deps: PaymentDeps, userId: string, orderId: string): Promise<OrderView> {
  return toOrderView(orderId, { ...(await ownOrder(deps, userId, orderId)) });
}

/**
 * POST /api/orders/:orderId/cancel: the player's own unpaid order ends cancelled, by the provider's cancel and
 * the order machine. The provider answers the order's status: one already paid is credited instead. A payment
 * that lands after the cancel is still credited (the sweep watches a cancelled order for LATE_PAYMENT_WATCH_MS).
 */
export async function cancelOrder(deps: PaymentDeps, userId: string, orderId: string): Promise<OrderView> {
  const record = await ownOrder(deps, userId, orderId);
  if (storedStatus(record) !== 'pending') throw new HttpError(409, 'This order is not waiting for payment any more, so there is nothing to cancel.');
  let providerWord: string;
  try {
    providerWord = await deps.gateway.cancelPayment(orderId);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    deps.log.warn({ event: 'order.cancel_failed', orderId, failure: error.failure, reason: error.message });
    throw new HttpError(
      error.failure === 'timeout' ? 504 : 502,
      'The payment service could not cancel this order right now. Nothing changed; please try again in a few minutes.',
    );
  }
  const outcome = await deps.transactions.applyProviderStatus(orderId, providerWord, { source: 'player' });
  logOutcome(deps.log, orderId, 'cancel', providerWord, outcome);
  return toOrderView(orderId, { ...(outcome?.record ?? record) });
}

/** POST /api/orders/:orderId/check: asks the provider about one of the player's orders now. */
export async function checkOrder(deps: PaymentDeps, userId: string, orderId: string): Promise<OrderView> {
  const record = await ownOrder(deps, userId, orderId);
  return toOrderView(orderId, { ...((await confirmWithProvider(deps, orderId, 'check'))?.record ?? record) });
}

/**
 * POST /api/payments/return: the parameters of the provider's redirect, from the order's owner. Only a
 * return the provider signed is kept, a paid one at most once per order (spec §4.5); a forged or replayed
 * one stores nothing. Either way only the provider's own answer changes the status: a forged
 * `status=paid` credits nothing.
 */
export async function acceptReturn(deps: PaymentDeps, userId: string, parameters: Record<string, string>): Promise<OrderView> {
  const orderId = parameters.out_trade_no ?? '';
  if (!ORDER_ID_PATTERN.test(orderId)) throw new HttpError(400, 'The return address carries no valid order.');
  const record = await deps.transactions.find(orderId);
  if (!record) throw new HttpError(404, 'We have no record of that order.');
  if (record.userId !== userId) throw new HttpError(403, 'This order belongs to another account.');
  const { settings } = deps;
  const signed = hasValidSignature(parameters, settings.MERCHANT_PRIVATE_KEY, settings.SIGNATURE_ENCODING);
  deps.log.info({ event: 'order.return', orderId, returnStatus: parameters.status, signature: signed ? 'valid' : 'invalid' });
  if (signed) await deps.transactions.recordReturn(record, parameters, Date.now());
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
  const record = ORDER_ID_PATTERN.test(orderId) ? await deps.transactions.find(orderId) : null;
  const refuse = async (status: number, message: string, rejected: string) => {
    await deps.transactions.recordCallback({ at: Date.now(), orderId, record, signature, rejected, providerStatus });
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
  await deps.transactions.recordCallback({ at: Date.now(), orderId, record, signature, providerStatus });
  const outcome = await deps.transactions.applyProviderStatus(orderId, providerStatus, {
    source: 'callback',
    said: { paymentMethod: fields.payment_method },
  });
  if (!outcome) throw new HttpError(404, 'unknown order');
  logOutcome(deps.log, orderId, 'callback', providerStatus, outcome);
}

/** How many of a player's orders one reconcile asks the provider about at once. */
const RECONCILE_CONCURRENCY = 4;

/**
 * The player's reconcile (spec §4.4): their orders younger than RECONCILE_WINDOW_MS that the provider's word
 * can still change (pending, and unpaid final ones a late payment may still turn paid), asked about side by
 * side. One order that cannot be checked never ends it. (The server's sweep watches every order.)
 */
export async function reconcilePending(deps: PaymentDeps, userId: string): Promise<ReconcileResponse> {
  const since = Date.now() - deps.settings.RECONCILE_WINDOW_MS;
  const pending = await deps.transactions.findRecentUnsettled(since, userId);
  const outcomes = await mapWithConcurrency(pending, RECONCILE_CONCURRENCY, (record) =>
    confirmWithProvider(deps, record.order_id, 'reconcile'),
  );
  let credited = 0;
  const orders: OrderView[] = pending.map((record, index) => {
    const outcome = outcomes[index]!;
    if (outcome.status === 'rejected') {
      deps.log.error({ event: 'order.check_failed', orderId: record.order_id, source: 'reconcile', reason: String(outcome.reason) });
      return toOrderView(record.order_id, { ...record });
    }
    if (outcome.value?.creditedNow) credited += 1;
    return toOrderView(record.order_id, { ...(outcome.value?.record ?? record) });
  });
  return { checked: pending.length, credited, orders };
}
