import crypto from 'node:crypto';
import type { PaymentRequest } from '../shared/paymentProtocol';

/** The sandbox's own status words, as a provider reports them. */
export type SandboxStatus = 'pending' | 'paid' | 'failed' | 'cancelled';

export interface CallbackAttempt {
  at: number;
  httpStatus: number | null;
  acknowledged: boolean;
}

export interface SandboxOrder {
  nonce: string;
  request: PaymentRequest;
  /** The provider's own id for the payment. */
  providerOrderId: string;
  status: SandboxStatus;
  payTime: string | null;
  callbacks: CallbackAttempt[];
}

/** The sandbox's memory of the payments it was asked to take (gone when it restarts). */
export class OrderBook {
  private readonly byNonce = new Map<string, SandboxOrder>();
  private readonly byOrderId = new Map<string, SandboxOrder>();

  has(orderId: string): boolean {
    return this.byOrderId.has(orderId);
  }

  open(request: PaymentRequest): SandboxOrder {
    const order: SandboxOrder = {
      nonce: crypto.randomBytes(18).toString('base64url'),
      request,
      providerOrderId: `SBX${Date.now()}${crypto.randomInt(1000, 9999)}`,
      status: 'pending',
      payTime: null,
      callbacks: [],
    };
    this.byNonce.set(order.nonce, order);
    this.byOrderId.set(request.order_id, order);
    return order;
  }

  byCheckoutNonce(nonce: string): SandboxOrder | undefined {
    return this.byNonce.get(nonce);
  }

  byMerchantOrderId(orderId: string): SandboxOrder | undefined {
    return this.byOrderId.get(orderId);
  }
}
