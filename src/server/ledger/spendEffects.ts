import { moveEffects, type MoveEffects } from './moveEffects';

/** What a spend in the game does in the store's books: the gems taken (a spend in the ledger; the game made it, so it is not told). */
export const spendEffects = (uid: string, spendId: string, gems: number, at: number): MoveEffects =>
  moveEffects({ gems: { kind: 'spent', uid, gems: -gems, bonusGems: 0, spendId, at } });
