import type { SalesCountries, TaxTreatment } from '../tax/taxTreatment';
import type { OrderView } from '../orders/orderView';
import type { RefundStanding } from '../refunds/refundRequest';
import type { RefundRequestBody } from '../validation/refundRequest';
import type { PaymentFormData } from '../validation/paymentForm';
import type { GemsGiven } from '../offers/offer';
import type { OrderSource } from '../saleSource';

// The payments API's shapes: a payment started, the player's open orders, the return, reconcile, refunds.
/**
 * POST /api/payments. `openOrdersSeen`: the open unpaid orders the player was asked about (or started in
 * this tab). When it is given and the player has another, nothing starts: the answer is 409 with `openOrders`,
 * so the store asks before a second payable order, wherever the first was started.
 */
export type StartPaymentRequest = {
  packId: number;
  openOrdersSeen?: string[];
  promoCode?: string;
  priceCents?: number;
  browserId?: string;
  source?: OrderSource;
  creatorCode?: string;
  /** A gift for a friend: the recipient's tag (as looked up), a message, whether the recipient sees the payer's name. */
  gift?: { tag: string; message?: string; showName: boolean };
} & PaymentFormData;
export interface StartPaymentResponse {
  orderId: string;
  checkoutUrl: string;
  /** What the order gives as recorded, its bonus included, so every screen shows the order's figure from the start. */
  gives: GemsGiven;
  /** The pack as the order sold it (its title, and its amount as the provider charges it): what its paid card shows. */
  soldAs: SoldAs;
}

/** A pack as an order sold it, whatever the catalogue says of it since. */
export interface SoldAs {
  title: string;
  amount: string;
  /** A gift for a friend: "Gift to A•••a #TAG" (its gems went to them, not the payer). */
  giftTo?: string;
}

/** One of the player's open unpaid orders: the player can resume its checkout, or leave it and start another. */
export interface OpenOrder {
  orderId: string;
  packId: number;
  createdAt: number;
  /** The provider's checkout of the order; null for orders recorded before the store kept it. */
  checkoutUrl: string | null;
  gives: GemsGiven;
}

/** GET /api/payments/country: the country of the request's address (null when unknown), and where the store sells. */
export interface BuyerCountryResponse {
  addressCountry: string | null;
  salesCountries: SalesCountries;
  /**
   * How a sale to this connection is taxed before a billing country is chosen (shared/tax/taxTreatment's expectedTax),
   * or null where the store does not sell: the shop's prices say it without carrying the rule.
   */
  treatmentHere: TaxTreatment | null;
}

/** GET /api/payments/open, newest first */
export interface OpenOrdersResponse {
  orders: OpenOrder[];
}

/** POST /api/payments/return (the provider's redirect parameters, as they came) */
export type PaymentReturnRequest = Record<string, string>;

/** POST /api/payments/return, GET /api/orders/:orderId, POST /api/orders/:orderId/check and /cancel */
export type OrderResponse = OrderView;

/** POST /api/transactions/reconcile */
export interface ReconcileResponse {
  checked: number;
  credited: number;
  orders: OrderView[];
}

/** GET and POST /api/orders/:orderId/refund */
export type RefundRequest = RefundRequestBody;
export type RefundResponse = RefundStanding;

/** POST /api/support/refunds/:orderId/decline */
export interface DeclineRefundRequest {
  reason: string;
}
