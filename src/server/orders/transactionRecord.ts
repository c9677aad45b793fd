import type { PackImage } from '../../shared/catalogue';
import type { OrderDispute } from '../../shared/disputes/dispute';
import type { AppliedOffer } from '../../shared/offers/offer';
import type { OrderStatus } from '../../shared/orders/orderStatus';
import type { NotCreditedReason } from '../../shared/orders/orderView';
import type { PaymentRequest } from '../../shared/paymentProtocol';
import type { RefundRequestStatus } from '../../shared/refunds/refundRequest';
import type { OrderTax } from '../../shared/tax/taxTreatment';
import type { RiskDecision } from '../../shared/risk/riskRules';
import type { ThreeDSecureOutcome } from '../../shared/risk/threeDSecure';
import type { RiskKeys } from '../risk/riskKeys';
import type { OrderSource } from '../../shared/saleSource';
import type { OrderCreator } from '../../shared/creators';
import type { OrderArm } from '../../shared/offers/experiment';
import type { OrderGift } from '../../shared/gifts/gift';

/** transactions/{order_id}: the payment request (never its signature or the key) and what became of it. */
export interface TransactionRecord extends Omit<PaymentRequest, 'signature'> {
  userId: string;
  /** The email of the player's account (from their verified ID token), for support's search. */
  accountEmail?: string;
  /**
   * The store session (signed in with the game: src/shared/storeSession.ts) that made it, whose billing details it holds;
   * absent for the game account's own sign-in. Another store session reads it only once the game confirmed it for that.
   */
  madeBy?: string;
  packId: number;
  /** The gems the pack was sold with (its title and price are `product_name` and `amount`): what a late payment credits. */
  gemCount: number;
  /** The pack's picture as sold, and the catalogue version it was sold from (absent on orders made before the catalogue was data: version 1). */
  packImage?: PackImage;
  catalogueVersion?: number;
  status: OrderStatus;
  /** The provider's own word for the status, as it last said it (e.g. processing). */
  providerStatus?: string;
  /** 1 once the gems were credited; never goes back to 0. */
  checked: 0 | 1;
  createdAt: number;
  updatedAt: number;
  /** When the server asks the provider about this pending order next (ms); claimed sweeps move it on. */
  nextCheckAt: number;
  /** A sweep instance holds the order until then (ms); 0 when nobody does. */
  leaseUntil: number;
  /** The sweep instance that claimed it last, so that instance can take its claims back when it restarts. */
  claimedBy?: string;
  /** How many times the server has asked the provider. */
  checks: number;
  lastCheckedAt?: number;
  /** When the gems were credited. */
  paidAt?: number;
  /** How the provider says the player paid, from its callback or return. */
  paymentMethod?: string;
  /** The method in detail where the provider names it (shared/payMethod), from its signed return, callback or query answer; written once the payment landed. */
  payMethod?: string;
  /** Other methods the provider named after the payment landed: kept for the audit trail, never the order's method. */
  methodsNamedLater?: string[];
  /** The refund request on this order, as the player's screens show it (refund_requests/{orderId} holds it whole). */
  refund?: { status: RefundRequestStatus; requestedAt: number; decidedAt?: number; declineReason?: string };
  /** When the provider returned the money and the gems were taken back. */
  refundedAt?: number;
  /** The provider's checkout of the order, so the player can resume it from any tab or device. */
  checkoutUrl?: string;
  /** How the order is taxed and the evidence of where its buyer was, decided at Submit (absent before: an Australian sale). */
  tax?: OrderTax;
  /** The offer the order was made under, and the bonus gems it adds (credited with the pack's). */
  offer?: AppliedOffer;
  /** A payment that landed but was refunded instead of credited (./creditRules), and whom it was told to. */
  notCredited?: { reason: NotCreditedReason; at: number; guardianEmail?: string };
  /** The game's server refused the credit (409 `{ declined }`), and the store refunds it. */
  gameDeclined?: { reason: string; at: number };
  /** A dispute with the player's bank (disputes/{orderId} holds it whole), and the gems it holds. */
  dispute?: OrderDispute;
  /** The risk decision made before the provider was asked (absent on orders made before it): a challenge sent `three_ds`. */
  risk?: RiskDecision;
  /** Where the payment's risk is counted (keyed hashes): its decline or payment is counted there too. */
  riskKeys?: RiskKeys;
  /** Where the visit that made it came from: the session's first and last touch (absent on orders made before it was kept). */
  source?: OrderSource;
  /** The creator's code the player paid with (their share is counted from what the order still pays). */
  creator?: OrderCreator;
  /** The experiments' arms the player was in when it was made (shared/offers/experiment), a holdout's included. */
  experiments?: OrderArm[];
  /** A gift for a friend: the recipient, whose ledger the order credits (the order stays the payer's, `userId`). */
  gift?: OrderGift;
  /** How the provider's 3-D Secure went, from its signed return, callback or query answer (absent: it did not say). */
  threeDSecure?: ThreeDSecureOutcome;
}
