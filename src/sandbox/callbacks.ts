import crypto from 'node:crypto';
import { CALLBACK_ACKNOWLEDGEMENT, type DisputeNotice, type GatewayCallback, type PaymentOutcome, type ProviderEventFields } from '../shared/paymentProtocol';
import { sign, type SignatureEncoding } from '../shared/signature';
import type { Faults } from './faults';
import type { SandboxOrder } from './orders';
import { providerWordOf } from './payMethods';

export interface CallbackSettings {
  privateKey: string;
  encoding: SignatureEncoding;
  retryMs: number;
  attempts: number;
  /** Called after each attempt (the order book saves it). */
  onAttempt: () => void;
  now: () => number;
}

/** The signed outcome of an order, as the return redirect carries it (the callback adds its event fields). */
export function signedOutcome(order: SandboxOrder, privateKey: string, encoding: SignatureEncoding): PaymentOutcome {
  const unsigned = outcomeOf(order);
  return { ...unsigned, signature: sign(unsigned, privateKey, encoding) };
}

const outcomeOf = (order: SandboxOrder) => ({
  out_trade_no: order.request.order_id,
  order_id: order.providerOrderId,
  currency: order.request.currency,
  amount: order.request.amount,
  pay_time: order.payTime ?? '',
  payment_method: 'card',
  ...(order.payMethod ? { pay_method: order.payMethod } : {}),
  ...(order.threeDs ? { three_ds: order.threeDs } : {}),
  status: providerWordOf(order),
});

/** A new event's id: the same on every delivery of that event. */
export const newEventId = () => `evt_${crypto.randomBytes(12).toString('base64url')}`;

/** An event's fields, signed afresh for each delivery: the id stays, the time is the delivery's. */
type Unsigned<T> = Omit<T, 'signature' | 'event_time'>;
function signedAt<T extends ProviderEventFields>(notice: Unsigned<T>, settings: CallbackSettings): T {
  const unsigned = { ...notice, event_time: String(Math.floor(settings.now() / 1000)) };
  return { ...unsigned, signature: sign(unsigned as Record<string, string>, settings.privateKey, settings.encoding) } as unknown as T;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

async function deliverOnce(order: SandboxOrder, body: Record<string, string>, settings: CallbackSettings): Promise<boolean> {
  let httpStatus: number | null = null;
  let acknowledged = false;
  try {
    const response = await fetch(order.request.callback_url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    httpStatus = response.status;
    acknowledged = response.status === 200 && (await response.text()).trim() === CALLBACK_ACKNOWLEDGEMENT;
  } catch {
    // Unreachable: counts as a failed attempt.
  }
  order.callbacks.push({ at: Date.now(), httpStatus, acknowledged, eventType: body.event_type, eventId: body.event_id });
  settings.onAttempt();
  return acknowledged;
}

/** Posts an event until it is acknowledged with 200 `sent`, a bounded number of times, signing each delivery anew. */
async function deliverWithRetries<T extends ProviderEventFields>(order: SandboxOrder, notice: Unsigned<T>, settings: CallbackSettings): Promise<void> {
  for (let attempt = 1; attempt <= settings.attempts; attempt += 1) {
    if (await deliverOnce(order, signedAt<T>(notice, settings) as unknown as Record<string, string>, settings)) return;
    if (attempt < settings.attempts) await sleep(settings.retryMs);
  }
}

/**
 * Starts the payment callback for an order in the background, shaped by the order's faults. Duplicates are the
 * same event (one id) delivered again, as a provider's retry is.
 */
export function scheduleCallbacks(order: SandboxOrder, settings: CallbackSettings, faults: Faults): void {
  const behaviour = faults.callback ?? {};
  if (behaviour.none) return;
  const copies = 1 + (behaviour.duplicates ?? 0);
  const notice: Unsigned<GatewayCallback> = { ...outcomeOf(order), event_id: newEventId(), event_type: 'payment' };
  void (async () => {
    if (behaviour.delayMs) await sleep(behaviour.delayMs);
    await Promise.all(Array.from({ length: copies }, () => deliverWithRetries(order, notice, settings)));
  })();
}

/** The dispute's fields as the provider's notice carries them, for one stage. */
export interface DisputeStageNotice {
  disputeId: string;
  stage: 'opened' | 'won' | 'lost';
  reasonCode: string;
  /** Unix seconds; the evidence deadline, for an opened dispute. */
  evidenceDue: number | null;
}

/**
 * Sends a dispute notice for a paid order, retried until acknowledged, `copies` times at once (a provider's
 * duplicate delivery: the same event id). Answers the event id.
 */
export function sendDisputeNotice(order: SandboxOrder, dispute: DisputeStageNotice, settings: CallbackSettings, copies = 1): { eventId: string; delivered: Promise<void> } {
  const notice: Unsigned<DisputeNotice> = {
    out_trade_no: order.request.order_id,
    dispute_id: dispute.disputeId,
    stage: dispute.stage,
    reason_code: dispute.reasonCode,
    amount: order.request.amount,
    currency: order.request.currency,
    evidence_due: dispute.evidenceDue === null ? '' : String(dispute.evidenceDue),
    event_id: newEventId(),
    event_type: 'dispute',
  };
  const delivered = Promise.all(Array.from({ length: copies }, () => deliverWithRetries(order, notice, settings))).then(() => undefined);
  return { eventId: notice.event_id, delivered };
}
