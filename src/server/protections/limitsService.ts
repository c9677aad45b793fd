import { ageBandOrNull, purchaseBlockOf, type ProtectionsView } from '../../shared/protections/playerProtections';
import { dateIn } from '../../shared/protections/age';
import { leftThisMonth, limitAt, startOfMonthIn } from '../../shared/protections/spendingLimit';
import { OPEN_ORDERS_LISTED_MAX } from '../../shared/validation/paymentForm';
import type { Settings } from '../config/settings';
import { HttpError } from '../http/errors';
import type { OrdersRepository } from '../orders/ordersRepository';
import { monthFigures } from './monthlySpending';
import { ProtectionRefused, type ProtectionsRepository } from './protectionsRepository';

export interface LimitsDeps {
  settings: Settings;
  orders: OrdersRepository;
  protections: ProtectionsRepository;
}

/** GET /api/account/limits: the player's limit, this month's paid and held money against it, and whether they may buy. */
export async function protectionsView(deps: LimitsDeps, uid: string, now: number): Promise<ProtectionsView> {
  const monthStartedAt = startOfMonthIn(deps.settings.STORE_TIME_ZONE, now);
  const [protections, monthOrders, open] = await Promise.all([
    deps.protections.protectionsOf(uid, now),
    deps.orders.findMadeSince(uid, monthStartedAt),
    deps.orders.findOpen(uid, Math.max(deps.settings.MAX_OPEN_ORDERS, OPEN_ORDERS_LISTED_MAX)),
  ]);
  const limit = limitAt(protections.spendingLimit, now);
  const { paidCents, heldCents } = monthFigures(monthOrders, open);
  const today = dateIn(deps.settings.STORE_TIME_ZONE, now);
  return {
    ...limit,
    monthStartedAt,
    spentThisMonthCents: paidCents,
    heldThisMonthCents: heldCents,
    leftThisMonthCents: leftThisMonth(limit.monthlyLimitCents, paidCents + heldCents),
    birthDateGiven: protections.birthDate !== null,
    ageBand: ageBandOrNull(protections, today),
    purchaseBlock: purchaseBlockOf(protections, today),
    disputedOrders: protections.disputesOpen ?? [],
    guardianConsent: protections.guardianConsent,
    limitSetBy: protections.limitSetBy,
  };
}

/** A refused change answers 409 with the reason in the player's words. */
export async function refusedAs409<T>(change: Promise<T>): Promise<T> {
  return change.catch((error: unknown) => {
    throw error instanceof ProtectionRefused ? new HttpError(409, error.message) : error;
  });
}

/** POST /api/account/limits: lower at once, raise or remove after the delay (changeLimit); a guardian's limit stays theirs. */
export async function changeSpendingLimit(deps: LimitsDeps, uid: string, wantedCents: number | null, now: number): Promise<ProtectionsView> {
  await refusedAs409(deps.protections.changeSpendingLimit(uid, wantedCents, now));
  return protectionsView(deps, uid, now);
}

/** POST /api/account/birth-date: given once, at sign-up or before the first payment. */
export async function recordBirthDate(deps: LimitsDeps, uid: string, birthDate: string, now: number): Promise<ProtectionsView> {
  await refusedAs409(deps.protections.recordBirthDate(uid, birthDate, now));
  return protectionsView(deps, uid, now);
}
