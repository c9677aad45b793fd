/** A user document (users/{uid}) as both sides read its balance: one with no gemCount yet (a new player) holds 0 gems. */
export function gemCountOf(data: Record<string, unknown> | undefined): number {
  const value = data?.gemCount;
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** The gems a player owes from a payment their bank took back (users/{uid}.gemDebt): never in the balance, which never goes below 0. */
export function gemDebtOf(data: Record<string, unknown> | undefined): number {
  const value = data?.gemDebt;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/** A player's gems: the balance, and the debt that later credits pay first. */
export interface PlayerGems {
  balance: number;
  debt: number;
}

/** A user document's gems: its balance and its debt. */
export const playerGemsOf = (data: Record<string, unknown> | undefined): PlayerGems => ({ balance: gemCountOf(data), debt: gemDebtOf(data) });

/** A take-back (a dispute's): what the balance holds is taken, the rest owed as debt, so the balance never goes below 0. */
export function takeBack(gems: PlayerGems, amount: number): { after: PlayerGems; taken: number; debtAdded: number } {
  const taken = Math.min(gems.balance, amount);
  const debtAdded = amount - taken;
  return { after: { balance: gems.balance - taken, debt: gems.debt + debtAdded }, taken, debtAdded };
}

/** A credit pays the debt first; the rest reaches the balance. */
export function creditAgainstDebt(gems: PlayerGems, credit: number): { after: PlayerGems; debtPaid: number } {
  const debtPaid = Math.min(gems.debt, credit);
  return { after: { balance: gems.balance + credit - debtPaid, debt: gems.debt - debtPaid }, debtPaid };
}
