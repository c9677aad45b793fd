/**
 * How a player paid, as the provider's hosted checkout reports it in the optional `pay_method` of its signed return,
 * callback and query answer (a provider that never sends it is read as before): `card:<brand>:<last 4>`, `wallet`
 * (Apple Pay or Google Pay), `paypal`, or `payid` (a bank transfer, which may settle hours later).
 */
export const PAY_METHODS = ['card', 'wallet', 'paypal', 'payid'] as const;
export type PayMethodKind = (typeof PAY_METHODS)[number];

const CARD = /^card:(visa|mastercard|amex|card):(\d{4})$/;
const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', card: 'Card' };

/** A `pay_method` as the store keeps it: one of the shapes above, or null for anything else (never stored). */
export function payMethodOrNull(word: string | undefined): string | null {
  if (!word) return null;
  return CARD.test(word) || (PAY_METHODS as readonly string[]).includes(word) ? word : null;
}

export const payMethodKind = (payMethod: string | null): PayMethodKind | null => (payMethod ? (payMethod.split(':')[0] as PayMethodKind) : null);

/** The method in words: "Visa •••• 4242", "Apple Pay or Google Pay", "PayPal", "PayID"; null when unknown. */
export function payMethodText(payMethod: string | null): string | null {
  const card = payMethod ? CARD.exec(payMethod) : null;
  if (card) return `${BRANDS[card[1]!]} •••• ${card[2]}`;
  if (payMethod === 'wallet') return 'Apple Pay or Google Pay';
  if (payMethod === 'paypal') return 'PayPal';
  if (payMethod === 'payid') return 'PayID';
  return null;
}

/** The method as a receipt names it: in detail where the provider said ("Visa •••• 4242"), else its plain word (card). */
export const methodOnReceipt = (order: { payMethod: string | null; paymentMethod: string | null }) => payMethodText(order.payMethod) ?? order.paymentMethod ?? 'card';

/** "Paid by Visa •••• 4242"; null where the provider named no method. */
export const paidByText = (payMethod: string | null) => {
  const text = payMethodText(payMethod);
  return text ? `Paid by ${text}` : null;
};

/**
 * A bank transfer under way: a pending order paid by PayID, whose money is the bank's until it lands. It has no
 * checkout to resume and takes no open-order place (another way to pay is never blocked by it); the player may stop
 * waiting for it (the order ends cancelled, and money that lands later is credited or refunded as a late payment is).
 */
export const isTransferUnderWay = (order: { status: string; payMethod?: string | null }) => order.status === 'pending' && payMethodKind(order.payMethod ?? null) === 'payid';

/** A PayID payment under way: the honest word while the bank transfer has not landed. */
export const PAYID_WAITING = 'Waiting for your bank transfer: this can take up to a few hours. Your gems arrive when it lands.';
