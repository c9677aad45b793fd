import { centsOfAmount, formatAud } from '../../shared/money';
import { giftTexts, maskedNameOf, type GiftRecipient, type OrderGift } from '../../shared/gifts/gift';
import type { GiftRequest } from '../../shared/validation/gift';
import { ageBandOf, dateIn } from '../../shared/protections/age';
import { playerTagOf } from '../../shared/playerTag';
import { UNPAID_FINAL_STATUSES } from '../../shared/orders/orderStatus';
import { HttpError } from '../http/errors';
import type { TransactionRecord } from '../orders/orderRules';
import type { ProtectionsRepository } from '../protections/protectionsRepository';
import type { GiftRecipients } from './giftRecipients';

const DAY_MS = 86_400_000;

export interface FriendGiftDeps {
  giftRecipients: GiftRecipients;
  protections: Pick<ProtectionsRepository, 'protectionsOf'>;
  settings: { STORE_TIME_ZONE: string; GIFT_PAYER_MIN_ACCOUNT_DAYS: number; GIFT_DAILY_TOTAL_CENTS: number };
}

/** Every tag that names no one who can receive a gift gets the same words: nobody learns who is young, or who exists. */
const notFound = () => new HttpError(404, giftTexts.notFound, { reason: 'giftRecipient' });

/**
 * The player a tag names, if they can receive a gift: one account only (a tag two accounts share is refused, not
 * guessed), that can sign in, with a date of birth that makes them an adult today. Never the payer themselves.
 */
export async function findRecipient(deps: FriendGiftDeps, payerUid: string, tag: string, now: number): Promise<GiftRecipient & { uid: string }> {
  if (tag === playerTagOf(payerUid)) throw new HttpError(422, giftTexts.ownTag, { reason: 'giftRecipient' });
  const uids = await deps.giftRecipients.uidsOfTag(tag);
  if (uids.length !== 1) throw notFound();
  const uid = uids[0]!;
  const [account, protections] = await Promise.all([deps.giftRecipients.accountOf(uid), deps.protections.protectionsOf(uid, now)]);
  const { birthDate } = protections;
  if (!account || account.disabled || !birthDate || ageBandOf(birthDate, dateIn(deps.settings.STORE_TIME_ZONE, now)) !== 'adult') throw notFound();
  return { uid, tag, maskedName: maskedNameOf(account.displayName) };
}

/** What the payer's rules read of them: their account's age, their paid purchases, and this month's orders. */
export interface GiftPayer {
  accountCreatedAt: number | null;
  paidOrders: number;
  monthOrders: readonly TransactionRecord[];
}

/**
 * Whether this payer may send this gift now: an account at least GIFT_PAYER_MIN_ACCOUNT_DAYS old with a paid purchase
 * of its own, and today's gifts (made and not failed) with this one within GIFT_DAILY_TOTAL_CENTS. Throws the refusal.
 */
export function assertPayerMayGift(settings: FriendGiftDeps['settings'], payer: GiftPayer, priceCents: number, now: number): void {
  const days = settings.GIFT_PAYER_MIN_ACCOUNT_DAYS;
  const oldEnough = payer.accountCreatedAt !== null && now - payer.accountCreatedAt >= days * DAY_MS;
  if (!oldEnough || payer.paidOrders === 0) throw new HttpError(403, giftTexts.payerNotYet(days), { reason: 'giftPayer' });
  const today = dateIn(settings.STORE_TIME_ZONE, now);
  const giftedToday = payer.monthOrders
    .filter((order) => order.gift && dateIn(settings.STORE_TIME_ZONE, order.createdAt) === today && !UNPAID_FINAL_STATUSES.includes(order.status))
    .reduce((sum, order) => sum + centsOfAmount(order.amount), 0);
  if (giftedToday + priceCents > settings.GIFT_DAILY_TOTAL_CENTS) {
    throw new HttpError(403, giftTexts.dailyTotal(formatAud(settings.GIFT_DAILY_TOTAL_CENTS)), { reason: 'giftDailyTotal' });
  }
}

/** The order's gift as the payer confirmed it. */
export function orderGiftOf(recipient: GiftRecipient & { uid: string }, request: GiftRequest, payerName: string | null): OrderGift {
  return {
    toUid: recipient.uid,
    tag: recipient.tag,
    maskedName: recipient.maskedName,
    message: request.message ? request.message : null,
    showName: request.showName,
    fromName: request.showName && payerName ? payerName : giftTexts.aFriend,
  };
}
