import { ageBandOf, type AgeBand } from './age';
import { limitAt, NO_LIMIT, type SpendingLimit, type SpendingLimitView } from './spendingLimit';

/**
 * What protects a player when they buy (player_protections/{uid}): the date of birth given at sign-up, a
 * guardian's consent for a player under the minimum age, and the monthly spending limit (set by the player,
 * or by the guardian, when only the guardian may change it). Only the server writes it.
 */
export interface PlayerProtections {
  birthDate: string | null;
  guardianConsent: { at: number; guardianEmail: string } | null;
  spendingLimit: SpendingLimit;
  limitSetBy: 'player' | 'guardian';
  /** The orders whose dispute with the player's bank is open (written by the dispute's own commits): buying pauses while any is. */
  disputesOpen?: string[];
}

/** player_protections/{uid} as kept: what protects the player when they buy, and when it last changed. Only the server writes it. */
export type ProtectionsRecord = PlayerProtections & { updatedAt: number };

/** A protections document as stored (none at all: nothing given yet), read as the rules read it. */
export function protectionsOf(data: unknown): PlayerProtections {
  const stored = data as Partial<ProtectionsRecord> | undefined;
  return {
    birthDate: stored?.birthDate ?? null,
    guardianConsent: stored?.guardianConsent ?? null,
    spendingLimit: { monthlyLimitCents: stored?.spendingLimit?.monthlyLimitCents ?? null, pending: stored?.spendingLimit?.pending ?? null },
    limitSetBy: stored?.limitSetBy ?? 'player',
    ...(stored?.disputesOpen?.length ? { disputesOpen: stored.disputesOpen } : {}),
  };
}

export const NO_PROTECTIONS: PlayerProtections = { birthDate: null, guardianConsent: null, spendingLimit: NO_LIMIT, limitSetBy: 'player' };

/** Why a player may not start a payment yet; null when they may. */
export type PurchaseBlock = 'disputePaused' | 'birthDateNeeded' | 'guardianConsentNeeded' | null;

export function purchaseBlockOf(protections: PlayerProtections, today: string): PurchaseBlock {
  if (protections.disputesOpen?.length) return 'disputePaused';
  if (!protections.birthDate) return 'birthDateNeeded';
  if (ageBandOf(protections.birthDate, today) === 'underMinimum' && !protections.guardianConsent) return 'guardianConsentNeeded';
  return null;
}

/** Where a buyer stands at `now` (`today` in the store's time zone): blocked or not, and the limit in effect. */
export function buyerStanding(protections: PlayerProtections, now: number, today: string): { block: PurchaseBlock; spendingLimitCents: number | null } {
  return { block: purchaseBlockOf(protections, today), spendingLimitCents: limitAt(protections.spendingLimit, now).monthlyLimitCents };
}

export const ageBandOrNull = (protections: PlayerProtections, today: string): AgeBand | null =>
  protections.birthDate ? ageBandOf(protections.birthDate, today) : null;

/** Why the server refuses a payment to a blocked buyer, in words for the player. */
export const purchaseBlockMessages: Record<Exclude<PurchaseBlock, null | 'disputePaused'>, string> = {
  birthDateNeeded: 'Please tell us your date of birth before your first purchase.',
  guardianConsentNeeded: 'Players under 13 need a parent or guardian to consent before buying. Ask them from the shop.',
};

/** GET /api/account/limits: the limit and this month's spending, and whether (and why not) the player may buy. */
export interface ProtectionsView extends SpendingLimitView {
  birthDateGiven: boolean;
  ageBand: AgeBand | null;
  purchaseBlock: PurchaseBlock;
  /** The orders whose disputes pause buying (purchaseBlock 'disputePaused'), for the shop to name. */
  disputedOrders: string[];
  guardianConsent: PlayerProtections['guardianConsent'];
  limitSetBy: PlayerProtections['limitSetBy'];
}
