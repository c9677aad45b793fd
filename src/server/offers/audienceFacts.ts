import type { AudienceFacts, AudienceRule } from '../../shared/offers/audience';
import { SPEND_BAND_DAYS } from '../../shared/offers/audience';
import { isTailored, type Offer } from '../../shared/offers/offer';
import { ageOn, dateIn } from '../../shared/protections/age';
import { centsOfAmount } from '../../shared/money';
import type { SaleSourceKind } from '../../shared/saleSource';
import type { OrdersRepository } from '../orders/ordersRepository';
import { orderStands } from '../orders/paidStanding';
import type { ProtectionsRepository } from '../protections/protectionsRepository';
import type { TailoringRepository } from './tailoringRepository';

/** Tailored offers are for adults only: nobody younger is ever in an audience or an experiment. */
export const TAILORING_MIN_AGE = 18;
const DAY_MS = 86_400_000;

export interface AudienceReads {
  orders: Pick<OrdersRepository, 'findLastCredited' | 'findMadeSince' | 'findOfPack'>;
  protections: Pick<ProtectionsRepository, 'protectionsOf'>;
  tailoring: Pick<TailoringRepository, 'optedOut'>;
  settings: { STORE_TIME_ZONE: string };
}

/** Where the asking request came from: the visit's source, the creator's code it carries, and whether it is signed in with the game. */
export interface AskContext {
  source: SaleSourceKind;
  creatorCode?: string | null;
  gameAccount: boolean;
}

/**
 * What the running offers' audiences need to know of the player, from their own documents only (their protections,
 * their preference, their own orders; never a query over all players), reading only what some rule asks. Null when no
 * offer is tailored: nothing is read.
 */
export async function audienceFactsOf(deps: AudienceReads, uid: string, offers: readonly Offer[], context: AskContext, now: number): Promise<AudienceFacts | null> {
  const tailored = offers.filter(isTailored);
  if (tailored.length === 0) return null;
  const rules: AudienceRule[] = tailored.flatMap((offer) => offer.audience ?? []);
  const needs = (kind: AudienceRule['rule']) => rules.some((rule) => rule.rule === kind);
  const packIds = [...new Set(rules.flatMap((rule) => (rule.rule === 'ownsPack' || rule.rule === 'neverBought' ? [rule.packId] : [])))];
  const [protections, optedOut, lastPaid, recent, packOrders] = await Promise.all([
    deps.protections.protectionsOf(uid, now),
    deps.tailoring.optedOut(uid),
    needs('lapsed') || needs('firstPurchase') ? deps.orders.findLastCredited(uid) : Promise.resolve(null),
    needs('spendBand') ? deps.orders.findMadeSince(uid, now - SPEND_BAND_DAYS * DAY_MS) : Promise.resolve([]),
    Promise.all(packIds.map((packId) => deps.orders.findOfPack(uid, packId))),
  ]);
  const { birthDate } = protections;
  return {
    // No date of birth given: not known to be an adult, so in no audience.
    adult: birthDate !== null && ageOn(birthDate, dateIn(deps.settings.STORE_TIME_ZONE, now)) >= TAILORING_MIN_AGE,
    optedOut,
    lastPaidAt: lastPaid ? (lastPaid.paidAt ?? lastPaid.updatedAt) : null,
    spentCents: recent.filter(orderStands).reduce((sum, order) => sum + centsOfAmount(order.amount), 0),
    source: context.source,
    creatorCode: context.creatorCode?.trim().toUpperCase() || null,
    gameAccount: context.gameAccount,
    boughtPackIds: packIds.filter((_packId, index) => packOrders[index]!.some(orderStands)),
  };
}
