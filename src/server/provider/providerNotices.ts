import { toOrderView, type OrderView } from '../../shared/orders/orderView';
import { DISPUTE_NOTICE_FIELDS, GATEWAY_CALLBACK_FIELDS, ORDER_ID_PATTERN } from '../../shared/paymentProtocol';
import { hasValidSignature } from '../../shared/signature';
import { HttpError } from '../http/errors';
import { checkWithProvider, logOutcome } from './providerCheck';
import { applyDisputeNotice } from '../disputes/disputeService';
import type { ProviderDeps } from './providerDeps';
import { eventOf, type EventJudgement } from './noticeEvents';
import { sharedWhileUnderWay } from '../lib/sharedWhileUnderWay';
import type { ProviderDetails, TransactionRecord } from '../orders/orderRules';
import type { ProviderEvent } from '../providerEvents/providerEventRecords';
import { payMethodOrNull } from '../../shared/payMethod';
import { threeDSecureOrNull } from '../../shared/risk/threeDSecure';
import { providerAnswer } from './providerAnswer';

/** Whether the provider signed these fields with the merchant key: the one test of a return's or a notice's origin. */
export function signedByProvider(deps: Pick<ProviderDeps, 'settings'>, fields: Record<string, string>): boolean {
  return hasValidSignature(fields, deps.settings.MERCHANT_PRIVATE_KEY, deps.settings.SIGNATURE_ENCODING);
}

/** The provider's signed `pay_time` (unix seconds) in ms, when it is one. */
const paidAtOf = (payTime: string | undefined) => (payTime && /^\d{9,11}$/.test(payTime) ? Number(payTime) * 1000 : undefined);

/**
 * POST /api/payments/return: the parameters of the provider's redirect, from the order's owner. Only a
 * return the provider signed is kept, a paid one at most once per order (docs/storefront.md, The provider's return); a forged or replayed
 * one stores nothing. Either way only the provider's own answer changes the status: a forged
 * `status=paid` credits nothing.
 */
export function acceptReturn(deps: ProviderDeps, userId: string, parameters: Record<string, string>): Promise<OrderView> {
  // The same return from the same player while one is under way (a reloaded tab, a storm of them) is answered with it.
  return returnsUnderWay(deps, `${userId} ${JSON.stringify(parameters)}`, () => applyReturn(deps, userId, parameters));
}

const returnsUnderWay = sharedWhileUnderWay<OrderView>();

/** What a signed return or callback says of the payment beyond its status: the method (a word of an unknown shape is dropped) and when it was paid. */
function saidIn(fields: Record<string, string>): ProviderDetails {
  const payMethod = payMethodOrNull(fields.pay_method);
  const threeDSecure = threeDSecureOrNull(fields.three_ds);
  return { paymentMethod: fields.payment_method, paidAt: paidAtOf(fields.pay_time), ...(payMethod ? { payMethod } : {}), ...(threeDSecure ? { threeDSecure } : {}) };
}

async function applyReturn(deps: ProviderDeps, userId: string, parameters: Record<string, string>): Promise<OrderView> {
  const orderId = parameters.out_trade_no ?? '';
  if (!ORDER_ID_PATTERN.test(orderId)) throw new HttpError(400, 'The return address carries no valid order.');
  const record = await deps.orders.find(orderId);
  if (!record) throw new HttpError(404, 'We have no record of that order.');
  if (record.userId !== userId) throw new HttpError(403, 'This order belongs to another account.');
  const signed = signedByProvider(deps, parameters);
  deps.log.info({ event: 'order.return', orderId, returnStatus: parameters.status, signature: signed ? 'valid' : 'invalid' });
  if (signed) await deps.providerNotices.recordReturn(record, parameters, Date.now());
  // What the provider says of the payment method is kept only when its signature holds.
  const said = signed ? saidIn(parameters) : {};
  return toOrderView(orderId, { ...((await checkWithProvider(deps, orderId, 'return', said))?.record ?? record) });
}

/**
 * POST /api/gateway/callback: the provider's signed notices, a payment's outcome or a dispute's stage, each an event
 * (docs/payments.md, Provider events), `signed` as its door found it. A bad signature, a stale or future time, or an
 * event applied already changes nothing; every verdict but a repeat's is recorded. Answered 200 `sent` once applied,
 * or when it was already.
 */
export async function acceptCallback(deps: ProviderDeps, fields: Record<string, string>, signed = signedByProvider(deps, fields)): Promise<void> {
  const required = fields.event_type === 'dispute' ? DISPUTE_NOTICE_FIELDS.filter((field) => field !== 'evidence_due') : GATEWAY_CALLBACK_FIELDS.filter((field) => field !== 'pay_time');
  const missing = required.filter((field) => !fields[field]);
  if (missing.length > 0) throw new HttpError(400, `Missing callback fields: ${missing.join(', ')}`);
  const orderId = fields.out_trade_no!;
  const providerStatus = fields.status ?? `dispute ${fields.stage}`;
  const signature = signed ? 'valid' : 'invalid';
  const recordOf = () => (ORDER_ID_PATTERN.test(orderId) ? deps.orders.find(orderId) : Promise.resolve(null));
  const refuse = async (status: number, message: string, rejected: string, record: TransactionRecord | null): Promise<never> => {
    await deps.providerNotices.recordCallback({ at: Date.now(), orderId, record, signature, rejected, providerStatus });
    throw new HttpError(status, message);
  };
  if (signature === 'invalid') {
    deps.log.warn({ event: 'order.callback', orderId, signature });
    await refuse(401, 'invalid signature', 'invalid signature', await recordOf());
  }
  const judged = eventOf(fields, Date.now());
  if (!judged.ok) {
    deps.log.warn({ event: 'order.callback', orderId, signature, rejected: judged.why });
    await refuse(400, judged.why, judged.why, await recordOf());
  }
  const event = { ...(judged as Extract<EventJudgement, { ok: true }>).event, orderId };
  // The provider's retries of a notice while it is being applied wait for it, and are acknowledged with it.
  await noticesUnderWay(deps, `${event.id} ${JSON.stringify(fields)}`, async () => applyNotice(deps, fields, await recordOf(), event, providerStatus, refuse));
}

const noticesUnderWay = sharedWhileUnderWay<void>();

async function applyNotice(
  deps: ProviderDeps,
  fields: Record<string, string>,
  record: TransactionRecord | null,
  event: ProviderEvent & { orderId: string },
  providerStatus: string,
  refuse: (status: number, message: string, rejected: string, record: TransactionRecord | null) => Promise<never>,
): Promise<void> {
  const { orderId } = event;
  // Its signature held: acceptCallback refused it otherwise.
  const signature = 'valid';
  if (await deps.providerNotices.isApplied(event.id)) {
    // The provider's retry of a notice already applied: acknowledged, so it stops, and nothing more.
    deps.log.info({ event: 'order.callback', orderId, eventId: event.id, repeat: true });
    return;
  }
  if (!record) {
    deps.log.warn({ event: 'order.callback', orderId, signature, rejected: 'unknown order' });
    await refuse(404, 'unknown order', 'unknown order', record);
  }
  if (fields.amount !== record!.amount || fields.currency !== record!.currency) {
    deps.log.error({ event: 'order.callback', orderId, signature, mismatch: { amount: fields.amount, currency: fields.currency } });
    await refuse(400, 'amount or currency does not match the order', `amount ${fields.amount} ${fields.currency} does not match the order`, record);
  }
  deps.log.info({ event: 'order.callback', orderId, signature, providerStatus, eventId: event.id });
  await deps.providerNotices.recordCallback({ at: Date.now(), orderId, record, signature, providerStatus });
  if (event.type === 'dispute') {
    const notice = { orderId, disputeId: fields.dispute_id!, stage: fields.stage!, reasonCode: fields.reason_code!, amount: fields.amount!, currency: fields.currency!, evidenceDue: fields.evidence_due ?? '' };
    await applyDisputeNotice(deps, notice, event);
    return;
  }
  const answer = providerAnswer(fields.status!);
  const outcome = await deps.orders.applyProviderAnswer(orderId, answer, { source: 'callback', said: saidIn(fields), event });
  if (!outcome) throw new HttpError(404, 'unknown order');
  logOutcome(deps.log, orderId, 'callback', answer, outcome);
}
