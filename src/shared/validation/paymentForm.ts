import './zodConfig';
import { z } from 'zod';
import { ORDER_ID_PATTERN } from '../paymentProtocol';
import { emailField } from './account';
import { promoCodeSchema } from './promoCode';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from './text';
import { BROWSER_ID_PATTERN } from '../browserId';
import { orderSourceSchema } from '../saleSource';
import { creatorCodeSchema } from '../creators';
import { giftRequestSchema } from './gift';

/** The payment form data the shop emits (docs/storefront.md, Screens), and the limits both sides hold it to. */
export interface PaymentFormData {
  firstName: string;
  lastName: string;
  address: string;
  country: string;
  state: string;
  city: string;
  postCode: string;
  email: string;
  phone: string;
}

export const PAYMENT_FIELD_LIMITS: Record<keyof PaymentFormData, number> = {
  firstName: 50,
  lastName: 50,
  address: 200,
  country: 2,
  state: 100,
  city: 100,
  postCode: 16,
  email: 254,
  phone: 32,
};

const requiredText = (field: keyof PaymentFormData, missing: string) =>
  z
    .string()
    .trim()
    .min(1, missing)
    .max(PAYMENT_FIELD_LIMITS[field], `Use at most ${PAYMENT_FIELD_LIMITS[field]} characters.`)
    .refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);

/** Phone numbers: digits, spaces, +, -, ( and ), with at least six digits. */
const PHONE_CHARACTERS = /^[0-9 +()-]+$/;

/** An Australian post code is four digits (2000 Sydney, 0800 Darwin): a shorter one never reaches the provider or the kept details. */
const AUSTRALIAN_POST_CODE = /^\d{4}$/;
export const AUSTRALIAN_POST_CODE_MESSAGE = 'An Australian post code has 4 digits.';

/**
 * The rule between two fields: a post code fits its country. Run whatever else failed (every error shows at once),
 * but never over the post code's own error.
 */
function withPostCodeOfCountry<S extends z.ZodType<{ country: string; postCode: string }>>(schema: S) {
  return schema.check(
    z.refine((details) => details.country !== 'AU' || AUSTRALIAN_POST_CODE.test(details.postCode.trim()), {
      message: AUSTRALIAN_POST_CODE_MESSAGE,
      path: ['postCode'],
      when: ({ value, issues }) => {
        const details = value as Partial<Record<'country' | 'postCode', unknown>> | null;
        return typeof details?.country === 'string' && typeof details.postCode === 'string' && !issues.some((issue) => issue.path?.[0] === 'postCode');
      },
    }),
  );
}

/** The payment form's nine fields, each by its own rule. */
function paymentFormFields(countryCodes: ReadonlySet<string>) {
  return z.object({
    firstName: requiredText('firstName', 'Enter your first name.'),
    lastName: requiredText('lastName', 'Enter your last name.'),
    address: requiredText('address', 'Enter your street address.'),
    country: z
      .string()
      .min(1, 'Choose your country.')
      .refine((code) => countryCodes.has(code), 'Choose a country from the list.'),
    state: requiredText('state', 'Enter your state or region.'),
    city: requiredText('city', 'Enter your city or town.'),
    postCode: requiredText('postCode', 'Enter your post code.'),
    email: emailField,
    phone: requiredText('phone', 'Enter your phone number.')
      .regex(PHONE_CHARACTERS, 'Use digits, spaces and + - ( ) only.')
      .refine((phone) => (phone.match(/\d/g) ?? []).length >= 6, 'Enter the whole phone number.'),
  });
}

/**
 * The rules of the payment form. Country must be one of `countryCodes`: the list the shop showed
 * (client) or the ISO 3166 list (server).
 */
export function paymentFormSchema(countryCodes: ReadonlySet<string>) {
  return withPostCodeOfCountry(paymentFormFields(countryCodes));
}

/**
 * How many open orders the API lists, and a Submit can say the player was asked about: the open-order cap keeps
 * a player far below it.
 */
export const OPEN_ORDERS_LISTED_MAX = 20;

/** POST /api/payments: the pack and the nine form fields, by the rules the form uses, the open orders seen, and a promo code. */
export function startPaymentSchema(countryCodes: ReadonlySet<string>) {
  const body = paymentFormFields(countryCodes).extend({
    packId: z.number().int().positive(),
    openOrdersSeen: z.array(z.string().regex(ORDER_ID_PATTERN, 'Not an order number.')).max(OPEN_ORDERS_LISTED_MAX).optional(),
    promoCode: promoCodeSchema.optional(),
    /** "Remember these details for next time": true keeps them for the player, false forgets any kept; absent, neither. */
    rememberDetails: z.boolean().optional(),
    /** The remembered details' generation the form was filled from (BillingDetailsResponse): a Forget since then wins. */
    rememberedGeneration: z.number().int().min(0).optional(),
    /** The pack's price as the player's page showed it (cents): the server refuses the order if it is not the price now. */
    priceCents: z.number().int().positive().optional(),
    /** The browser's own id (../browserId), for the risk decision's counts. */
    browserId: z.string().regex(BROWSER_ID_PATTERN, 'Not a browser id.').optional(),
    /** Where the visit came from (../saleSource): written on the order. */
    source: orderSourceSchema.optional(),
    /** A creator's code (../creators): kept on the order; it never changes the price. */
    creatorCode: creatorCodeSchema.optional(),
    /** A gift for a friend (../gifts/gift): the recipient's tag as the payer confirmed it, a message, whether to show their name. */
    gift: giftRequestSchema.optional(),
  });
  return withPostCodeOfCountry(body);
}
