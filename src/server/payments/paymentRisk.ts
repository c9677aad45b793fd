import type { GemPack } from '../../shared/catalogue';
import type { RiskDecision } from '../../shared/risk/riskRules';
import { decideRisk, readRisk, type RiskAsk, type RiskReading } from '../risk/riskDecision';
import type { RiskKeys } from '../risk/riskKeys';
import type { OrderDeps } from './paymentDeps';
import type { PaymentInput } from './paymentInput';

/** What a payment's risk is decided from: whose it is, what it asks, where it is counted. */
interface PaymentToJudge {
  userId: string;
  input: PaymentInput;
  pack: GemPack;
  keys: RiskKeys;
  now: number;
}

/** The risk's ask of a payment: the amount, the account's age and standing orders, its last paid amount, whether the game vouches for it, and where the buyer says and seems to be. */
function riskAskOf(deps: OrderDeps, { userId, input, pack, keys, now }: PaymentToJudge): RiskAsk {
  const facts = Promise.all([deps.orders.countStanding(userId), deps.orders.findLastCredited(userId)]).then(([paidOrders, lastPaid]) => ({
    amountCents: pack.priceCents,
    accountCreatedAt: input.accountCreatedAt ?? null,
    // A store session is the game's word for its account.
    gameAccount: Boolean(input.session),
    billingCountry: input.details.country,
    addressCountry: input.addressCountry ?? null,
    paidOrders,
    lastPaidCents: lastPaid ? Math.round(Number(lastPaid.amount) * 100) : null,
  }));
  return { uid: userId, keys, now, facts };
}

/** What the payment's risk decision reads (nothing written), begun beside the payment's other reads. */
export const readPaymentRisk = (deps: OrderDeps, payment: PaymentToJudge): Promise<RiskReading> => readRisk(deps, riskAskOf(deps, payment));

/**
 * The risk decision of a payment (../risk/riskDecision) on what readPaymentRisk read. Throws the refusal; answers the
 * decision the order records.
 */
export const decidePaymentRisk = (deps: OrderDeps, payment: PaymentToJudge, reading: RiskReading): Promise<RiskDecision> =>
  decideRisk(deps, { uid: payment.userId, keys: payment.keys, now: payment.now, facts: reading.facts }, reading);
