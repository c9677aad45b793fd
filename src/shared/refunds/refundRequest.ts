import { z } from 'zod';
import { isStorableText } from '../validation/text';
import type { RefundEligibility } from './refundPolicy';

/**
 * refund_requests/{orderId}: one per order. `requested` until support decides: `refunded` once the provider
 * returned the money and the gems were taken back, or `declined` with a reason the player is shown.
 */
export const REFUND_REQUEST_STATUSES = ['requested', 'refunded', 'declined'] as const;
export type RefundRequestStatus = (typeof REFUND_REQUEST_STATUSES)[number];

export const REFUND_REASON_MAX_LENGTH = 1000;

/** A reason in someone's own words: trimmed, not empty, not too long, storable. */
const reasonText = (whenEmpty: string) =>
  z
    .string()
    .trim()
    .min(1, whenEmpty)
    .max(REFUND_REASON_MAX_LENGTH, `Please keep the reason under ${REFUND_REASON_MAX_LENGTH} characters.`)
    .refine(isStorableText, 'The reason must be plain text.');

/** POST /api/orders/:orderId/refund */
export const refundRequestSchema = z.strictObject({ reason: reasonText('Tell us briefly why you would like a refund.') });

/** POST /api/support/refunds/:orderId/decline: the reason the player is shown and emailed. */
export const declineRefundSchema = z.strictObject({ reason: reasonText('Give the player the reason for declining.') });
export type RefundRequestBody = z.infer<typeof refundRequestSchema>;

/** A refund request as the player (and support) see it. */
export interface RefundRequestView {
  orderId: string;
  status: RefundRequestStatus;
  reason: string;
  createdAt: number;
  decidedAt: number | null;
  /** Support's reason, shown to the player, when declined. */
  declineReason: string | null;
}

/** Where a paid order stands on refunds: its request, if any, and whether one may be made now. */
export interface RefundStanding {
  request: RefundRequestView | null;
  eligibility: RefundEligibility;
}
