import type { PlayerGems } from '../shared/balance';
import type { GameWalletStatement } from '../shared/gameBooks';
import { applyGems } from '../shared/ledger';

/**
 * The stand-in game's wallets, one a player, as a game's server keeps them (docs/game-integration.md, The books): each
 * move applied once by its id (the store's event's, or `spent-<spendId>` for a spend the game made), by the one rule of
 * gems the store keeps too (shared/ledger applyGems: a credit pays a debt first, a take-back owes what the balance
 * lacks), and what each holds, by those ids, for the store's nightly check.
 */
export function gameWallets() {
  const wallets = new Map<string, PlayerGems>();
  const applied = new Map<string, Map<string, number>>();
  const walletOf = (uid: string): PlayerGems => wallets.get(uid) ?? { balance: 0, debt: 0 };
  return {
    walletOf,
    holds: (uid: string, id: string) => applied.get(uid)?.has(id) ?? false,
    /** Applies a move of `gems` (+ given, − taken) under its id, once: false when the id was applied before. */
    apply(uid: string, id: string, gems: number): boolean {
      const moves = applied.get(uid) ?? new Map<string, number>();
      if (moves.has(id)) return false;
      wallets.set(uid, applyGems(walletOf(uid), gems).after);
      applied.set(uid, moves.set(id, gems));
      return true;
    },
    /** A move the game's books lost (a restore from an old backup, say): gone from what it holds, its gems undone. */
    lose(uid: string, id: string): boolean {
      const gems = applied.get(uid)?.get(id);
      if (gems === undefined) return false;
      applied.get(uid)!.delete(id);
      wallets.set(uid, applyGems(walletOf(uid), -gems).after);
      return true;
    },
    statementOf: (uid: string): GameWalletStatement => ({ uid, ...walletOf(uid), applied: [...(applied.get(uid)?.keys() ?? [])] }),
  };
}
