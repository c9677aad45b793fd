import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PaymentRequest } from '../shared/paymentProtocol';
import type { ThreeDSecureOutcome } from '../shared/risk/threeDSecure';

/** The sandbox's own status words, as a provider reports them. */
export type SandboxStatus = 'pending' | 'paid' | 'failed' | 'cancelled' | 'expired' | 'refunded';

export interface CallbackAttempt {
  at: number;
  httpStatus: number | null;
  acknowledged: boolean;
  /** Which notice: a payment's or a dispute's, and its event id (the same on each retry). */
  eventType?: string;
  eventId?: string;
}

/** A dispute the player's bank raised on a paid order, as far as the sandbox has taken it. */
export interface SandboxDispute {
  id: string;
  stage: 'opened' | 'won' | 'lost';
  reasonCode: string;
  openedAt: number;
}

export interface SandboxOrder {
  nonce: string;
  request: PaymentRequest;
  /** The provider's own id for the payment. */
  providerOrderId: string;
  status: SandboxStatus;
  openedAt: number;
  payTime: string | null;
  callbacks: CallbackAttempt[];
  /** The provider's id for the refund, once the money was returned. */
  refundId?: string;
  /** The idempotency keys of the refund calls received for it. */
  refundKeys?: string[];
  /** A chargeback raised on it through the test controls. */
  dispute?: SandboxDispute;
  /** How the player chose to pay at the checkout (shared/payMethod), once they pressed Pay. */
  payMethod?: string;
  /** A PayID transfer under way: when its money lands (the sandbox's clock). */
  settlesAt?: number;
  /** How 3-D Secure went for a card payment (shared/risk/threeDSecure), reported as `three_ds`. */
  threeDs?: ThreeDSecureOutcome;
  /** A card payment waiting on the bank's challenge page, with the card it is for. */
  challenge?: { payMethod: string };
}

/**
 * The payments the sandbox was asked to take. With a file, every change is written to it (a temporary
 * file renamed into place, so a crash never leaves half of it) and read back at start: a restart of the
 * local stack forgets no order, as a real provider would not.
 */
export class OrderBook {
  private readonly byNonce = new Map<string, SandboxOrder>();
  private readonly byOrderId = new Map<string, SandboxOrder>();

  constructor(private readonly file: string | null = null) {
    if (!file || !fs.existsSync(file)) return;
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as SandboxOrder[];
    for (const order of saved) this.index(order);
  }

  has(orderId: string): boolean {
    return this.byOrderId.has(orderId);
  }

  open(request: PaymentRequest): SandboxOrder {
    const order: SandboxOrder = {
      nonce: crypto.randomBytes(18).toString('base64url'),
      request,
      providerOrderId: `SBX${Date.now()}${crypto.randomInt(1000, 9999)}`,
      status: 'pending',
      openedAt: Date.now(),
      payTime: null,
      callbacks: [],
    };
    this.index(order);
    this.changed();
    return order;
  }

  byCheckoutNonce(nonce: string): SandboxOrder | undefined {
    return this.byNonce.get(nonce);
  }

  byMerchantOrderId(orderId: string): SandboxOrder | undefined {
    return this.byOrderId.get(orderId);
  }

  all(): SandboxOrder[] {
    return [...this.byOrderId.values()];
  }

  /** Saves the book after an order changed. */
  changed(): void {
    if (!this.file) return;
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const staging = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(staging, JSON.stringify([...this.byOrderId.values()]));
    fs.renameSync(staging, this.file);
  }

  private index(order: SandboxOrder): void {
    this.byNonce.set(order.nonce, order);
    this.byOrderId.set(order.request.order_id, order);
  }
}
