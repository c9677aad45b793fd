import './zodConfig';
import { z } from 'zod';
import { REFUND_REASON_MAX_LENGTH } from '../refunds/refundRequest';
import { isStorableText } from './text';

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
