import type { GemPack } from '../../shared/catalogue';
import type { RiskDecision } from '../../shared/risk/riskRules';
import { decideRisk } from '../risk/riskDecision';
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

/**
 * The risk decision of a payment (../risk/riskDecision) from what the store knows of it: the amount, the account's age
 * and standing orders, its last paid amount, whether the game vouches for it, and where the buyer says and seems to be.
 * Throws the refusal; answers the decision the order records.
 */
export async function decidePaymentRisk(deps: OrderDeps, { userId, input, pack, keys, now }: PaymentToJudge): Promise<RiskDecision> {
  const [paidOrders, lastPaid] = await Promise.all([deps.orders.countStanding(userId), deps.orders.findLastCredited(userId)]);
  return decideRisk(deps, {
    uid: userId,
    keys,
    now,
    facts: {
      amountCents: pack.priceCents,
      accountCreatedAt: input.accountCreatedAt ?? null,
      // A store session is the game's word for its account.
      gameAccount: Boolean(input.session),
      billingCountry: input.details.country,
      addressCountry: input.addressCountry ?? null,
      paidOrders,
      lastPaidCents: lastPaid ? Math.round(Number(lastPaid.amount) * 100) : null,
    },
  });
}
