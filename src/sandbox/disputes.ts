import crypto from 'node:crypto';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { sendDisputeNotice, type CallbackSettings } from './callbacks';
import type { OrderBook, SandboxOrder } from './orders';

/** How long the sandbox's bank gives the merchant to send evidence, as card schemes give about a week or more. */
const DISPUTE_EVIDENCE_DAYS = 7;

const disputeControlSchema = z.object({
  stage: z.enum(['opened', 'won', 'lost']),
  /** A card scheme's reason code: 10.4 is Visa's "other fraud, card absent". */
  reasonCode: z.string().regex(/^[0-9A-Za-z.]{1,8}$/).default('10.4'),
  copies: z.number().int().min(1).max(5).default(1),
});

/**
 * The stages a bank may move a dispute to, from each: a decision after it opened, and after an end the moves banks
 * make too: a second dispute (a new id) or a pre-arbitration lost after the merchant won, a reversal on arbitration
 * after it lost.
 */
const NEXT_STAGES: Record<'opened' | 'won' | 'lost', ReadonlyArray<'opened' | 'won' | 'lost'>> = {
  opened: ['won', 'lost'],
  won: ['opened', 'lost'],
  lost: ['won'],
};

/** Why the bank cannot take the order's dispute to `stage` now, or null. */
function disputeRefusal(order: SandboxOrder, stage: 'opened' | 'won' | 'lost'): string | null {
  if (order.status !== 'paid' && order.status !== 'refunded') return 'Only a paid order can be disputed.';
  if (!order.dispute) return stage === 'opened' ? null : 'Open a dispute on this order first.';
  return NEXT_STAGES[order.dispute.stage].includes(stage) ? null : `This dispute was ${order.dispute.stage} already.`;
}

/**
 * POST /__sandbox/orders/:orderId/dispute `{ stage, reasonCode?, copies? }`: the player's bank disputes a paid order.
 * Sends the dispute notice of that stage (opened, then won or lost; after an end, NEXT_STAGES) to the order's callback address, retried until
 * acknowledged; `copies` delivers the same event more than once at a time, as a provider's retry can. Answers the
 * event id and the dispute's id.
 */
export function disputeControl(orders: OrderBook, settings: CallbackSettings, now: () => number) {
  return (req: Request, res: Response) => {
    const order = orders.byMerchantOrderId(String(req.params.orderId));
    const parsed = disputeControlSchema.safeParse(req.body ?? {});
    if (!order) {
      res.status(404).json({ error: 'No such order' });
      return;
    }
    if (!parsed.success) {
      res.status(400).json({ error: 'Give { "stage": "opened" | "won" | "lost" }, optionally "reasonCode" and "copies" (1-5).' });
      return;
    }
    const { stage, reasonCode, copies } = parsed.data;
    const refusal = disputeRefusal(order, stage);
    if (refusal) {
      res.status(409).json({ error: refusal });
      return;
    }
    // Opened (the first time, or again after the merchant won) is a new dispute with an id of its own.
    order.dispute = stage === 'opened' ? { id: `dp_${crypto.randomBytes(9).toString('base64url')}`, stage, reasonCode, openedAt: now() } : { ...order.dispute!, stage };
    orders.changed();
    const evidenceDue = stage === 'opened' ? Math.floor((now() + DISPUTE_EVIDENCE_DAYS * 86_400_000) / 1000) : null;
    const { eventId } = sendDisputeNotice(order, { disputeId: order.dispute.id, stage, reasonCode: order.dispute.reasonCode, evidenceDue }, settings, copies);
    res.json({ eventId, disputeId: order.dispute.id });
  };
}
