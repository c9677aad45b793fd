import './zodConfig';
import { z } from 'zod';

/** A promo code as players type it and the store keeps it: 3 to 32 letters, digits and dashes, upper case. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9-]{3,32}$/;
export const PROMO_CODE_MESSAGE = 'A promo code is 3 to 32 letters, digits and dashes.';

/** A code as typed: trimmed and upper-cased, so "weekend20" is WEEKEND20. */
export const promoCodeSchema = z
  .string()
  .trim()
  .max(64, PROMO_CODE_MESSAGE)
  .transform((code) => code.toUpperCase())
  .refine((code) => PROMO_CODE_PATTERN.test(code), PROMO_CODE_MESSAGE);

/** POST /api/offers/code: what a code would add to a pack, before Submit. */
export const promoCodeCheckSchema = z.strictObject({ code: promoCodeSchema, packId: z.number().int().positive() });
