import { CALLBACK_ACKNOWLEDGEMENT, type GatewayCallback } from '../shared/paymentProtocol';
import { sign, type SignatureEncoding } from '../shared/signature';
import type { Faults } from './faults';
import type { SandboxOrder } from './orders';

export interface CallbackSettings {
  privateKey: string;
  encoding: SignatureEncoding;
  retryMs: number;
  attempts: number;
  /** Called after each attempt (the order book saves it). */
  onAttempt: () => void;
}

/** The signed outcome of an order, as the callback and the return redirect both carry it. */
export function signedOutcome(order: SandboxOrder, privateKey: string, encoding: SignatureEncoding): GatewayCallback {
  const unsigned = {
    out_trade_no: order.request.order_id,
    order_id: order.providerOrderId,
    currency: order.request.currency,
    amount: order.request.amount,
    pay_time: order.payTime ?? '',
    payment_method: 'card',
    status: order.status,
  };
  return { ...unsigned, signature: sign(unsigned, privateKey, encoding) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

async function deliverOnce(order: SandboxOrder, body: GatewayCallback, settings: CallbackSettings): Promise<boolean> {
  let httpStatus: number | null = null;
  let acknowledged = false;
  try {
    const response = await fetch(order.request.callback_url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...body }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    httpStatus = response.status;
    acknowledged = response.status === 200 && (await response.text()).trim() === CALLBACK_ACKNOWLEDGEMENT;
  } catch {
    // Unreachable: counts as a failed attempt.
  }
  order.callbacks.push({ at: Date.now(), httpStatus, acknowledged });
  settings.onAttempt();
  return acknowledged;
}

/** Posts the callback until it is acknowledged with 200 `sent`, a bounded number of times. */
async function deliverWithRetries(order: SandboxOrder, settings: CallbackSettings): Promise<void> {
  const body = signedOutcome(order, settings.privateKey, settings.encoding);
  for (let attempt = 1; attempt <= settings.attempts; attempt += 1) {
    if (await deliverOnce(order, body, settings)) return;
    if (attempt < settings.attempts) await sleep(settings.retryMs);
  }
}

/** Starts the callback(s) for an order in the background, shaped by the order's faults. */
export function scheduleCallbacks(order: SandboxOrder, settings: CallbackSettings, faults: Faults): void {
  const behaviour = faults.callback ?? {};
  if (behaviour.none) return;
  const copies = 1 + (behaviour.duplicates ?? 0);
  void (async () => {
    if (behaviour.delayMs) await sleep(behaviour.delayMs);
    await Promise.all(Array.from({ length: copies }, () => deliverWithRetries(order, settings)));
  })();
}
