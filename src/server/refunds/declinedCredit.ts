import crypto from 'node:crypto';
import type { RefundDeps } from './refundService';
import { settleApproval } from './refundSettlement';

/**
 * The game's server declined an order's credit (its account banned, say): the refund path, started by the store.
 * One commit takes the gems back and puts the refund under way (the player is emailed); then the provider is asked,
 * as for support's approval, and a provider that does not answer leaves it to the sweep. Answers whether a refund is
 * under way (started now, or by the same decline before).
 */
export async function refundDeclinedCredit(deps: RefundDeps, orderId: string, reason: string): Promise<{ refunding: boolean; detail: string }> {
  const started = await deps.refunds.beginDeclinedRefund(orderId, { at: Date.now(), reason, attemptId: crypto.randomUUID() });
  if (!started.decided) {
    // The same decline again (its event sent once more after a crash): the refund it started goes on.
    const order = await deps.orders.find(orderId);
    const already = Boolean(order?.gameDeclined) && order?.refund?.status !== 'requested';
    return { refunding: already, detail: started.why };
  }
  const settled = await settleApproval(deps, started.request, 'game');
  return { refunding: true, detail: Object.entries(settled).map(([word, detail]) => `${word}: ${detail}`).join('') };
}
