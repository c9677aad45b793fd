import { displayNameRefusal } from '../playerTag';

/**
 * A gift for a friend (docs/payments.md, A gift for a friend): a pack a player (the payer) buys for another player (the
 * recipient), found by their player tag. The payer pays and owns the order; the recipient's ledger is credited once
 * (kind `gift`), and the payer's shows the gift at no gems (kind `gift_sent`).
 */

/** Why the API refused a gift (ApiErrorBody.reason): no such recipient, a payer not yet allowed, the day's total, a refund after the gems were spent. */
export const FRIEND_GIFT_REFUSAL_REASONS = ['giftRecipient', 'giftPayer', 'giftDailyTotal', 'giftRefund'] as const;

/** The message's longest length: a line on a receipt and in an email. */
export const GIFT_MESSAGE_MAX = 140;

/** Its answer: the recipient's name as the payer may see it (masked) and their tag; never their uid or email. */
export interface GiftRecipient {
  tag: string;
  maskedName: string;
}

/** Why a gift's message cannot be sent, or null: plain text, one short paragraph, no links or addresses. */
export function giftMessageRefusal(message: string): string | null {
  if (message.length > GIFT_MESSAGE_MAX) return `A message has at most ${GIFT_MESSAGE_MAX} characters.`;
  if (/[\p{Cc}\p{Cf}<>]/u.test(message.replace(/\n/g, ' '))) return 'A message is plain text: no <, > or control characters.';
  if (/(https?:\/\/|www\.|\b[a-z0-9-]+\.(com|net|org|io|gg|au|co|me|app|ly|xyz)\b|@)/i.test(message)) return 'A message cannot hold a link or an address.';
  return null;
}

/** A name shown to someone who typed only a tag: its first and last letters ("A•••a"); a player without a name is "A player". */
export function maskedNameOf(displayName: string | null): string {
  if (!displayName || displayNameRefusal(displayName)) return 'A player';
  const letters = [...displayName.trim()];
  if (letters.length <= 2) return `${letters[0]}•••`;
  return `${letters[0]}•••${letters.at(-1)}`;
}

/** transactions/{orderId}.gift: the recipient (whose ledger is credited), as the payer confirmed them, and the payer's words. */
export interface OrderGift {
  toUid: string;
  tag: string;
  maskedName: string;
  message: string | null;
  /** The payer chose to show their name to the recipient (on the recipient's statement and email). */
  showName: boolean;
  /** The payer's name as the recipient sees it, when shown; else "A friend". */
  fromName: string;
}

/** The gift as a player's screens show it: to whom (the payer's) or from whom (the recipient's). */
export interface GiftView {
  tag: string;
  maskedName: string;
  message: string | null;
}

/** The words of gifts, one owner for the form, the receipt, the statement and the API's refusals. */
export const giftTexts = {
  isGift: 'This is a gift for a friend',
  tagLabel: 'Your friend’s player tag',
  tagFormat: 'A player tag is 8 letters and digits, like #K7Q2M4XD.',
  tagHint: 'Their 8-character tag, like #K7Q2M4XD: in their game profile, or beside their name in the store.',
  find: 'Find player',
  finding: 'Looking up…',
  found: (name: string, tag: string) => `Gift to ${name} #${tag}`,
  confirmHint: 'Check this is your friend before you pay: gems given cannot be moved to someone else.',
  notFound: 'We could not find a player who can receive gifts with that tag. Check the tag in their game profile.',
  ownTag: 'That is your own tag. A gift is for another player.',
  messageLabel: 'A message for your friend (optional)',
  messageHint: `Plain text, up to ${GIFT_MESSAGE_MAX} characters, no links.`,
  showName: 'Show my name to my friend',
  lookUpFirst: 'Find your friend by their tag first.',
  receiptLine: (name: string, tag: string) => `Gift to ${name} #${tag}`,
  fromFriend: (name: string) => `A gift from ${name}`,
  aFriend: 'A friend',
  noOffers: 'Offers and promo codes do not apply to gifts.',
  payerNotYet: (days: number) => `Gifts can be sent once your account is ${days} days old and has a purchase of its own.`,
  dailyTotal: (limit: string) => `Gifts are limited to ${limit} a day, and this one would pass it. Please try again tomorrow.`,
  refundSpent: 'This gift can no longer be refunded: your friend has spent some of its gems.',
} as const;
