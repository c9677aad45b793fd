/** A user document with no gemCount yet (a new player) holds 0 gems. */
export function gemCountOf(data: Record<string, unknown> | undefined): number {
  const value = data?.gemCount;
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** Where a player's balance lives (read-only for them: the security rules allow nothing else). */
export const userDocumentPath = (uid: string) => `users/${uid}`;
