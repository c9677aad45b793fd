/**
 * The nightly check of the books (docs/operations.md, The books): for every player whose ledger changed on a store day,
 * that their entries hold together and add up to their gems, that the game was told of each (or is being told, or
 * declined it and the store took it back), that the day's counts equal the day's entries, and that the game's own
 * books hold the same moves. Anything apart is named with its player and gems on support's health view.
 */
export const BOOKS_APART_KINDS = {
  /** The balance less the debt is not the sum of the player's entries. */
  sum: 'The balance less the debt is not the sum of the entries',
  /** The balance and debt are not the last entry's. */
  last: "The balance and debt are not the last entry's",
  /** An entry's balance and debt after are not its move applied to the entry before. */
  chain: 'An entry does not follow from the one before',
  /** An entry's game event is missing, or waits for support (neither taken, nor being sent, nor declined and taken back). */
  event: "The game was not told of an entry",
  /** The game's books lack a move the store told it of (or the game made). */
  gameLacks: "The game's books lack a move",
  /** The game's books hold a move the store has no entry of. */
  gameExtra: "The game's books hold a move the store has not",
  /** The game's wallet is not what the moves it holds make. */
  gameAmount: "The game's wallet is not what its moves make",
  /** The day's counts are not the sum of the day's entries. */
  dayCounts: "The day's counts are not its entries'",
} as const;
export type BooksApartKind = keyof typeof BOOKS_APART_KINDS;

/** One thing apart: its kind, the player (none for the day's counts), the gems it is apart by, the entry, and what was found. */
export interface BooksApart {
  kind: BooksApartKind;
  uid: string | null;
  gems: number;
  entryId: string | null;
  detail: string;
}

/** What the game's books said: agreed, apart, not asked (no game to ask), or no answer (why). */
export type GameBooksAnswer = { asked: false } | { asked: true; answered: true } | { asked: true; answered: false; why: string };

/** books_checks/{date}: one night's check, as support's health view shows the last. */
export interface BooksCheckReport {
  /** The store day checked (yyyy-mm-dd, STORE_TIME_ZONE). */
  date: string;
  checkedAt: number;
  /** Players whose ledger changed that day, and the day's entries. */
  players: number;
  entries: number;
  apart: BooksApart[];
  game: GameBooksAnswer;
}
