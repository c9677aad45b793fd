import crypto from 'node:crypto';
import type { GemPack } from '../../shared/catalogue';
import type { AppliedOffer } from '../../shared/offers/offer';
import type { PaymentRequest } from '../../shared/paymentProtocol';
import type { OrderTax } from '../../shared/tax/taxTreatment';
import type { RiskDecision } from '../../shared/risk/riskRules';
import type { OrderArm } from '../../shared/offers/experiment';
import type { OrderCreator } from '../../shared/creators';
import type { OrderGift } from '../../shared/gifts/gift';
import type { TransactionRecord } from '../orders/orderRules';
import type { RiskKeys } from '../risk/riskKeys';
import type { RiskReading } from '../risk/riskDecision';
import type { OrderDeps } from './paymentDeps';
import type { PaymentInput } from './paymentInput';

// What a payment's start carries from step to step (./startPayment's PAYMENT_STEPS), and the helpers its steps share.

/** A new, unguessable order id: WC + time + randomness, upper-case letters and digits. */
export function newOrderId(now = Date.now()): string {
  return `WC${now.toString(36).toUpperCase()}${crypto.randomBytes(6).toString('hex').toUpperCase()}`;
}

/** One payment's start as its steps fill it in. */
export interface PaymentStart {
  deps: OrderDeps;
  userId: string;
  input: PaymentInput;
  pack: GemPack;
  /** The published catalogue version the pack is sold from. */
  catalogueVersion: number;
  now: number;
  orderId: string;
  /** The player's pending orders, read once: for the orders they were not asked about, and for the open-order cap. */
  open: TransactionRecord[];
  /** This month's orders, for the spending limit (read before the place is held, like `open`). */
  monthOrders: TransactionRecord[];
  /** The player's orders of this pack, read when the pack has a per-player limit. */
  packOrders: TransactionRecord[];
  offer: AppliedOffer | null;
  /** The experiments' arms the player is in (the order records them, a holdout's too). */
  arms: OrderArm[];
  creator: OrderCreator | null;
  /** A gift's recipient, found by the tag the payer confirmed. */
  gift: OrderGift | null;
  keys: RiskKeys;
  /** What the risk decision reads, read with the rules' reads. */
  riskReading?: RiskReading;
  risk?: RiskDecision;
  tax?: OrderTax;
  request?: Omit<PaymentRequest, 'signature'>;
  checkoutUrl?: string;
}

/** A read's value, or its failure thrown. */
export function settledValue<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

