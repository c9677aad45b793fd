import './zodConfig';
import { z } from 'zod';
import { DAY_PATTERN } from '../wallTime';
import { DISPUTE_STAGES } from '../disputes/dispute';

/** A card scheme's reason code as banks write them: 10.4, 13.1, 4837. */
export const REASON_CODE_PATTERN = /^[0-9A-Za-z.]{1,8}$/;

/**
 * POST /api/support/disputes/:orderId: a dispute the provider reported only in its dashboard, recorded by hand. The
 * deadline is a day (yyyy-mm-dd) in the store's time zone, given with an opened dispute.
 */
export const recordDisputeSchema = z.strictObject({
  stage: z.enum(DISPUTE_STAGES, 'Choose what the provider reported: opened, won or lost.'),
  reasonCode: z.string().trim().regex(REASON_CODE_PATTERN, 'Give the reason code the provider shows, such as 10.4 or 4837.'),
  evidenceDue: z
    .string()
    .regex(DAY_PATTERN, 'Give the evidence deadline as a date.')
    .optional(),
});
