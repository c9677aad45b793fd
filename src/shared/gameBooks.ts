/**
 * The books between the store and the game's own server (docs/game-integration.md, The books): the game tells the
 * store of every spend of gems in the game, and answers the store's nightly question of what its wallets hold. Both
 * are signed as the store's events are (Standard Webhooks, GAME_WEBHOOK_SECRET).
 */

/** POST /api/game/gems/spent: a player spent gems in the game; `spendId` is the game's own key of it (a retry sends the same). */
export interface GameSpendRequest {
  uid: string;
  spendId: string;
  gems: number;
}

/** The store's answer: the entry the spend made (or made before, for a repeat), and the player's gems after it. */
export interface GameSpendResponse {
  uid: string;
  spendId: string;
  entryId: string;
  balance: number;
  debt: number;
  repeated: boolean;
}

/** Where the game's server answers the store's nightly check, on the game's own host. */
export const GAME_STATEMENT_PATH = '/store/statement';
/** Players asked in one request. */
export const GAME_STATEMENT_MAX_PLAYERS = 100;

/** POST {game}/store/statement: the store asks what the game holds for these players. */
export interface GameStatementRequest {
  uids: string[];
}

/** A player's wallet as the game's books hold it: the balance, the debt, and the ids it holds (the store's events it applied, its own spends as `spent-<spendId>`). */
export interface GameWalletStatement {
  uid: string;
  balance: number;
  debt: number;
  applied: string[];
}

export interface GameStatementResponse {
  players: GameWalletStatement[];
}

/** The ledger id of a spend the game made: how the game names it in its statement's `applied`. */
export const spentEntryId = (spendId: string) => `spent-${spendId}`;
