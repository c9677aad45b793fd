import './zodConfig';
import { z } from 'zod';
import { ORDER_ID_PATTERN } from '../paymentProtocol';
import { emailField } from './account';
import { promoCodeSchema } from './promoCode';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from './text';

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

/**
 * The rules of the payment form. Country must be one of `countryCodes`: the list the shop showed
 * (client) or the ISO 3166 list (server).
 */
export function paymentFormSchema(countryCodes: ReadonlySet<string>) {
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
 * How many open orders the API lists, and a Submit can say the player was asked about: the open-order cap keeps
 * a player far below it.
 */
export const OPEN_ORDERS_LISTED_MAX = 20;

/** POST /api/payments: the pack and the nine form fields, by the rules the form uses, the open orders seen, and a promo code. */
export function startPaymentSchema(countryCodes: ReadonlySet<string>) {
  return paymentFormSchema(countryCodes).extend({
    packId: z.number().int().positive(),
    openOrdersSeen: z.array(z.string().regex(ORDER_ID_PATTERN, 'Not an order number.')).max(OPEN_ORDERS_LISTED_MAX).optional(),
    promoCode: promoCodeSchema.optional(),
    /** "Remember these details for next time": true keeps them for the player, false forgets any kept; absent, neither. */
    rememberDetails: z.boolean().optional(),
    /** The remembered details' generation the form was filled from (BillingDetailsResponse): a Forget since then wins. */
    rememberedGeneration: z.number().int().min(0).optional(),
    /** The pack's price as the player's page showed it (cents): the server refuses the order if it is not the price now. */
    priceCents: z.number().int().positive().optional(),
  });
}
