/** The payment provider's protocol (docs/storefront.md, The card provider's protocol), spoken by the payments API and the gateway sandbox. */

/** The payment request: what the API sends to the card-payments endpoint, signature included. */
export interface PaymentRequest {
  firstname: string;
  lastname: string;
  address: string;
  country: string;
  state: string;
  city: string;
  postcode: string;
  email: string;
  phone: string;
  amount: string;
  currency: string;
  merchant_id: string;
  site_id: string;
  signature: string;
  order_id: string;
  product_name: string;
  /** Unix seconds. */
  timestamp: number;
  return_url: string;
  callback_url: string;
  cancel_order_url: string;
  /** `challenge` asks the provider for 3-D Secure (shared/risk/threeDSecure); absent, the provider decides. Signed with the rest when present. */
  three_ds?: string;
}

export const PAYMENT_REQUEST_FIELDS: ReadonlyArray<keyof PaymentRequest> = [
  'firstname',
  'lastname',
  'address',
  'country',
  'state',
  'city',
  'postcode',
  'email',
  'phone',
  'amount',
  'currency',
  'merchant_id',
  'site_id',
  'signature',
  'order_id',
  'product_name',
  'timestamp',
  'return_url',
  'callback_url',
  'cancel_order_url',
];

/** The signed outcome of a payment, as the callback and the player's return redirect both carry it. */
export interface PaymentOutcome {
  out_trade_no: string;
  /** The provider's own id for the payment. */
  order_id: string;
  currency: string;
  amount: string;
  pay_time: string;
  payment_method: string;
  /** How the player paid (../payMethod), where the provider says: optional, signed with the rest when present. */
  pay_method?: string;
  /** How 3-D Secure went (./risk/threeDSecure), where the provider says: optional, signed with the rest when present. */
  three_ds?: string;
  status: string;
  signature: string;
}

/**
 * What makes a server-to-server notice an event (docs/payments.md, Provider events): an id that stays the same on
 * every delivery of it, so the store applies it once, and the time of this delivery, signed with the rest, so a
 * notice captured and replayed later is refused.
 */
export interface ProviderEventFields {
  event_id: string;
  event_type: ProviderEventType;
  /** Unix seconds, when this delivery was signed. */
  event_time: string;
}

export const PROVIDER_EVENT_TYPES = ['payment', 'dispute'] as const;
export type ProviderEventType = (typeof PROVIDER_EVENT_TYPES)[number];

/** A notice signed longer ago than this (or this far ahead of the store's clock) is refused. */
export const PROVIDER_EVENT_MAX_AGE_S = 5 * 60;

/** Event ids as the store accepts them: a provider's are opaque, but short and plain. */
export const PROVIDER_EVENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** The provider's server-to-server notice of a payment's outcome (form-encoded, signed). */
export type GatewayCallback = PaymentOutcome & ProviderEventFields;

export const GATEWAY_CALLBACK_FIELDS: ReadonlyArray<keyof GatewayCallback> = [
  'out_trade_no',
  'order_id',
  'currency',
  'amount',
  'pay_time',
  'payment_method',
  'status',
  'event_id',
  'event_type',
  'event_time',
  'signature',
];

/**
 * The provider's notice of a dispute (a chargeback) on a paid order, to the same callback address: a stage of the
 * dispute machine (src/shared/disputes/dispute.ts) with the bank's reason and the deadline for evidence.
 */
export interface DisputeNotice extends ProviderEventFields {
  out_trade_no: string;
  /** The provider's id of the dispute. */
  dispute_id: string;
  stage: string;
  /** The card scheme's reason code (e.g. 10.4 fraud, 13.1 not received). */
  reason_code: string;
  amount: string;
  currency: string;
  /** Unix seconds: the last moment evidence is accepted; empty once decided. */
  evidence_due: string;
  signature: string;
}

export const DISPUTE_NOTICE_FIELDS: ReadonlyArray<keyof DisputeNotice> = [
  'out_trade_no',
  'dispute_id',
  'stage',
  'reason_code',
  'amount',
  'currency',
  'evidence_due',
  'event_id',
  'event_type',
  'event_time',
  'signature',
];

/** The body the provider expects from a callback receiver, with HTTP 200. */
export const CALLBACK_ACKNOWLEDGEMENT = 'sent';

export const SUCCESS_MSG = 'SUCCESS';

/** Our order ids: what the API generates and every endpoint accepts. */
export const ORDER_ID_PATTERN = /^WC[0-9A-Z]{10,30}$/;
