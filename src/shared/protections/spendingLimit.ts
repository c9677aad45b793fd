import { zoneOffsetOf } from '../storeTime';
import { formatAud } from '../money';

/**
 * A player's monthly spending limit: what the server enforces when an order is made, and what /account/limits
 * and the shop show. Lowering a limit (or setting one) counts at once; raising or removing one waits
 * LIMIT_RAISE_DELAY_MS, so a limit set in a calm moment cannot be undone in a heated one.
 */
export interface SpendingLimit {
  /** The limit in effect, in cents; null for none. */
  monthlyLimitCents: number | null;
  /** A raise or a removal waiting out its delay: what it will be, and from when. */
  pending: { monthlyLimitCents: number | null; effectiveAt: number } | null;
}

/** One change of a player's protections, as their history keeps it (player_protections/{uid}/events). */
export type ProtectionEvent =
  | {
      at: number;
      type: 'limitChanged';
      /** Who changed it: the player, or their guardian through a consent link. */
      by: 'player' | 'guardian';
      /** The limit in effect before, and what was asked for (cents; null for none). */
      from: number | null;
      to: number | null;
      /** When the change counts: at once (`at`), or after the delay for a player's raise or removal. */
      effectiveAt: number;
    }
  | { at: number; type: 'birthDateGiven'; by: 'player' }
  | { at: number; type: 'consentRequested'; by: 'player'; guardianEmail: string }
  | { at: number; type: 'guardianConsented'; by: 'guardian'; guardianEmail: string }
  /** The player signed in to the store from the game ("Sign in with the game"), which was started on `startedOn`. */
  | { at: number; type: 'signedInFromGame'; by: 'player'; startedOn: string };

/** GET and POST /api/account/limits: the player's limit, and this month's spending against it. */
export interface SpendingLimitView extends SpendingLimit {
  /** When this month began in the store's time zone. */
  monthStartedAt: number;
  /** This month's paid orders, refunds taken off, in cents: money that went. */
  spentThisMonthCents: number;
  /** The player's open unpaid orders, held against the limit until they are paid or end, in cents. */
  heldThisMonthCents: number;
  /** What may still be spent this month (the limit less what was spent and what is held); null when there is no limit. */
  leftThisMonthCents: number | null;
}

export const LIMIT_RAISE_DELAY_MS = 24 * 60 * 60 * 1000;
export const NO_LIMIT: SpendingLimit = { monthlyLimitCents: null, pending: null };

/** The setting as it stands at `now`: a pending change whose time has come is in effect. */
export function limitAt(setting: SpendingLimit, now: number): SpendingLimit {
  if (setting.pending && setting.pending.effectiveAt <= now) return { monthlyLimitCents: setting.pending.monthlyLimitCents, pending: null };
  return setting;
}

const isLower = (wanted: number | null, current: number | null) => wanted !== null && (current === null || wanted <= current);

/** The setting after the player asks for `wanted` (cents, or null for no limit) at `now`. */
export function changeLimit(setting: SpendingLimit, wanted: number | null, now: number): SpendingLimit {
  const current = limitAt(setting, now).monthlyLimitCents;
  if (isLower(wanted, current)) return { monthlyLimitCents: wanted, pending: null };
  if (wanted === current) return { monthlyLimitCents: current, pending: null };
  return { monthlyLimitCents: current, pending: { monthlyLimitCents: wanted, effectiveAt: now + LIMIT_RAISE_DELAY_MS } };
}

/** The history's record of a change: what was in effect, what was asked for, and from when it counts. */
export function limitChangeEvent(before: SpendingLimit, after: SpendingLimit, wanted: number | null, now: number, by: 'player' | 'guardian' = 'player'): ProtectionEvent {
  return { at: now, type: 'limitChanged', by, from: before.monthlyLimitCents, to: wanted, effectiveAt: after.pending?.effectiveAt ?? now };
}

/** What is left of the limit this month (never below 0); null when there is no limit. */
export function leftThisMonth(limitCents: number | null, spentCents: number): number | null {
  return limitCents === null ? null : Math.max(0, limitCents - spentCents);
}

/** "A$4.01 left this month": the shop, the limits page and a refused order all say it so. */
export const leftThisMonthText = (leftCents: number) => `${formatAud(leftCents)} left this month`;

/** Why an order was refused for the limit, naming what is left. */
export const overLimitMessage = (leftCents: number) =>
  `This order would pass your monthly spending limit: ${leftThisMonthText(leftCents)}. Choose a smaller pack, or wait until next month.`;

/** When the calendar month of `at` began in `timeZone` (ms): where a month's spending starts counting. */
export function startOfMonthIn(timeZone: string, at: number): number {
  const local = at + zoneOffsetOf(timeZone, at);
  const firstDay = Date.UTC(new Date(local).getUTCFullYear(), new Date(local).getUTCMonth(), 1);
  // The offset at midnight may differ from now's (daylight saving began or ended this month).
  const guess = firstDay - zoneOffsetOf(timeZone, firstDay);
  return firstDay - zoneOffsetOf(timeZone, guess);
}
