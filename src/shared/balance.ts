/** A user document (users/{uid}) as both sides read its balance: one with no gemCount yet (a new player) holds 0 gems. */
export function gemCountOf(data: Record<string, unknown> | undefined): number {
  const value = data?.gemCount;
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
