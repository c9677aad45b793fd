import './zodConfig';
import { z } from 'zod';
import { giftMessageRefusal, giftTexts } from '../gifts/gift';
import { normalizePlayerTag, PLAYER_TAG_PATTERN } from '../playerTag';

// The gift's fields as the API takes them (../gifts/gift.ts has their meaning and words).

/** A typed player tag, with or without its "#", any case: kept upper case without the "#". */
export const giftTagSchema = z
  .string()
  .trim()
  .regex(PLAYER_TAG_PATTERN, giftTexts.tagFormat)
  .transform(normalizePlayerTag);

export const giftMessageSchema = z
  .string()
  .trim()
  .superRefine((message, context) => {
    const refusal = giftMessageRefusal(message);
    if (refusal) context.addIssue({ code: 'custom', message: refusal });
  });

/** What a Submit asks of a gift: whose tag, a message, and whether the recipient may see the payer's name. */
export const giftRequestSchema = z.object({
  tag: giftTagSchema,
  message: giftMessageSchema.optional(),
  showName: z.boolean(),
});
export type GiftRequest = z.infer<typeof giftRequestSchema>;

/** POST /api/gifts/recipient: the tag to look up. */
export const recipientLookupSchema = z.object({ tag: giftTagSchema });
