import type { PayMethodKind } from '../shared/payMethod';
import { PAY_METHODS } from '../shared/payMethod';

/**
 * What an Australian provider's hosted checkout offers, as the sandbox's page does: a card, a wallet (Apple Pay or
 * Google Pay, one stand-in), PayPal and PayID. The method travels back as `pay_method` (shared/payMethod).
 */
export const CHECKOUT_METHODS: ReadonlyArray<{ kind: PayMethodKind; label: string }> = [
  { kind: 'card', label: 'Card' },
  { kind: 'wallet', label: 'Apple Pay or Google Pay' },
  { kind: 'paypal', label: 'PayPal' },
  { kind: 'payid', label: 'PayID (bank transfer)' },
];

/** The method a checkout's form chose: its kind, and for a card its brand (by the number's first digit) and last four. */
export function payMethodChosen(kind: string | undefined, cardNumber: string | undefined): string {
  const chosen = (PAY_METHODS as readonly string[]).includes(kind ?? '') ? (kind as PayMethodKind) : 'card';
  if (chosen !== 'card') return chosen;
  const digits = (cardNumber ?? '').replace(/\D/g, '');
  const brand = digits.startsWith('4') ? 'visa' : /^5[1-5]/.test(digits) ? 'mastercard' : /^3[47]/.test(digits) ? 'amex' : 'card';
  return `card:${brand}:${(digits.length >= 4 ? digits.slice(-4) : '0000')}`;
}

/** A PayID transfer, once started, is under way at the provider (still unpaid) until its bank's money lands. */
export const isTransferUnderWay = (order: { status: string; payMethod?: string; settlesAt?: number }) => order.status === 'pending' && order.payMethod === 'payid' && order.settlesAt !== undefined;

/** The provider's word for an order: `processing` for a bank transfer under way, its status otherwise. */
export const providerWordOf = (order: { status: string; payMethod?: string; settlesAt?: number }) => (isTransferUnderWay(order) ? 'processing' : order.status);

/**
 * The sandbox's test cards (docs/payments.md, Stolen cards): a number beginning 4000 0000 is declined by its bank; one
 * beginning 4000 0027 is from a bank outside 3-D Secure (a challenge asked for it is only attempted); any other is
 * approved, after the challenge when the store asked for one.
 */
export const isDeclinedCard = (cardNumber: string | undefined) => (cardNumber ?? '').replace(/\D/g, '').startsWith('40000000');
export const isOutsideThreeDSecure = (cardNumber: string | undefined) => (cardNumber ?? '').replace(/\D/g, '').startsWith('40000027');
