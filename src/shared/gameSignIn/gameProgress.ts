/**
 * What the game's own server says of how much an account has played, as custom claims on the game account it shares
 * with the store (Firebase Auth, set with the Admin SDK only the game's server holds: docs/game-integration.md). The
 * store reads them to tell a real player's account from one made to farm free gifts.
 */
export const GAME_PROGRESS_CLAIM = 'gameProgress';

export interface GameProgress {
  /** Days on which the account played (each day counted once). */
  playedDays: number;
  /** The player's level in the game. */
  level: number;
}

/** The progress a claims object carries, as far as it reads as one; null where the game said nothing. */
export function gameProgressOf(claims: Record<string, unknown> | undefined): GameProgress | null {
  const value = claims?.[GAME_PROGRESS_CLAIM] as Record<string, unknown> | undefined;
  const count = (field: unknown) => (typeof field === 'number' && Number.isInteger(field) && field >= 0 ? field : null);
  const playedDays = count(value?.playedDays);
  const level = count(value?.level);
  return playedDays === null || level === null ? null : { playedDays, level };
}
