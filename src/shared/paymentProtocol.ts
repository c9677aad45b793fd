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

/** The provider's server-to-server notice of a payment's outcome (form-encoded, signed). */
export interface GatewayCallback {
  out_trade_no: string;
  /** The provider's own id for the payment. */
  order_id: string;
  currency: string;
  amount: string;
  pay_time: string;
  payment_method: string;
  status: string;
  signature: string;
}

export const GATEWAY_CALLBACK_FIELDS: ReadonlyArray<keyof GatewayCallback> = [
  'out_trade_no',
  'order_id',
  'currency',
  'amount',
  'pay_time',
  'payment_method',
  'status',
  'signature',
];

/** The body the provider expects from a callback receiver, with HTTP 200. */
export const CALLBACK_ACKNOWLEDGEMENT = 'sent';

export const SUCCESS_MSG = 'SUCCESS';

/** Our order ids: what the API generates and every endpoint accepts. */
export const ORDER_ID_PATTERN = /^WC[0-9A-Z]{10,30}$/;
