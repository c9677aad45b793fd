import { creditAgainstDebt, takeBack, type PlayerGems } from './balance';
import type { GameEventReason, GameEventType } from './gameEvents';
import { formatGemCount } from './money';
import type { OfferKind } from './offers/offer';

/**
 * The gem ledger (docs/architecture.md, The books): every move of a player's gems is one immutable entry,
 * users/{uid}/gem_ledger/{entry id}, created in the commit that moves the gems and only there (the door,
 * src/server/ledger/gemLedger.ts), with the balance and debt after it. The entry's id is the move's own key (the id of
 * the game's event of it, where the game is told), so a move retried or raced writes it once. The balance and debt on
 * users/{uid} are the last entry's. A player reads their entries as their statement; support reads the same; every
 * night a job checks them against the balance, the game's deliveries, the day's counts and the game's own books.
 */
export const LEDGER_KINDS = [
  /** A paid order credited: the pack's gems and its offer's bonus (a first-purchase, promo-code or limited-time one). A late payment (PayID) is one too. */
  'purchase',
  /** A free daily gift claimed on /rewards. */
  'daily_gift',
  /** A gift a friend paid for, credited to the recipient (the order is the payer's). */
  'gift',
  /** The payer's line of a gift they paid for: no gems move in their ledger, the statement shows to whom it went. */
  'gift_sent',
  /** A refund approved: the order's gems taken back while the provider returns the money. */
  'refund',
  /** The provider refused that refund: the gems come back. */
  'refund_refused',
  /** The game declined an order's credit (a banned account): the store takes its own credit back and refunds the money. */
  'credit_declined',
  /** The player's bank disputes a payment (or takes the money again after the store won): its gems taken back. */
  'dispute',
  /** The bank decided for the store, or reversed its chargeback: the gems given back. */
  'dispute_won',
  /** Support forgave what a dispute left the player owing. */
  'write_off',
  /** The player spent gems in the game; the game's server told the store. */
  'spent',
  /** What the player held before the store kept a ledger: one opening entry, made once. */
  'opening',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** A staff member who made a move (support's approval, a write-off). */
export interface LedgerStaff {
  uid: string;
  email: string;
}

/** users/{uid}/gem_ledger/{id}: one move of the player's gems. */
export interface LedgerEntry {
  /** The move's own key (ledgerEntryId): the game event's id where the game is told. */
  id: string;
  uid: string;
  /** Its place in the player's ledger: 1, 2, 3… in the order the moves were committed (users/{uid}.ledgerSeq holds the last). */
  seq: number;
  kind: LedgerKind;
  /** What the move gives (+) or takes (−), as the game applies it: a credit pays a debt first, a take-back owes what the balance lacks. */
  gems: number;
  /** Of those gems, an offer's bonus (a purchase's, or the bonus part of what a take-back of that order takes), and which offer. */
  bonusGems: number;
  bonusKind?: OfferKind;
  /** Of a credit, what paid the player's debt; of a take-back, what the balance lacked (owed as debt). */
  debtPaid: number;
  debtAdded: number;
  /** The player's gems after it. */
  balanceAfter: number;
  debtAfter: number;
  /** What caused it: an order (its pack as sold, a dispute's round), a gift claim, a spend in the game, a staff member. */
  orderId?: string;
  productName?: string;
  round?: number;
  /** The n-th write-off of the same dispute round, past the first (its own entry and event). */
  nth?: number;
  claimId?: string;
  spendId?: string;
  staff?: LedgerStaff;
  /** A gift's order (shared/gifts/gift.ts): in the recipient's ledger, who sent it; in the payer's, to whom it went. */
  gift?: LedgerGiftSide;
  at: number;
}

/** Which side of a gift an entry is on, and the other player as this one may see them (a name, and a tag where shown). */
export interface LedgerGiftSide {
  side: 'received' | 'sent';
  name: string;
  tag: string | null;
}

/** A move of gems before it is written: what the door needs to make its entry. */
export type LedgerMove = Omit<LedgerEntry, 'id' | 'seq' | 'debtPaid' | 'debtAdded' | 'balanceAfter' | 'debtAfter'>;

/**
 * How the game's own server hears of each kind (docs/game-integration.md, Delivery): the event's type and reason, its
 * id the entry's. Null where it does not: it made the move itself (a spend), it never took the credit the move undoes
 * (a credit it declined), or the move only opens the books.
 */
export const LEDGER_GAME_EVENTS: Readonly<Record<LedgerKind, { type: GameEventType; reason: GameEventReason } | null>> = {
  purchase: { type: 'gems.credited', reason: 'purchase' },
  daily_gift: { type: 'gems.credited', reason: 'daily_gift' },
  gift: { type: 'gems.credited', reason: 'gift' },
  gift_sent: null,
  refund: { type: 'gems.debited', reason: 'refund' },
  refund_refused: { type: 'gems.credited', reason: 'refund_failed' },
  credit_declined: null,
  dispute: { type: 'gems.debited', reason: 'dispute' },
  dispute_won: { type: 'gems.credited', reason: 'dispute_won' },
  write_off: { type: 'gems.credited', reason: 'debt_written_off' },
  spent: null,
  opening: null,
};

/** Whether the game's server is told of an entry of this kind (one event, the entry's id). */
export const tellsTheGame = (kind: LedgerKind) => LEDGER_GAME_EVENTS[kind] !== null;

/** Whether the game's own books hold an entry of this kind without being told: it made the move, or the books opened with it. */
export const gameHoldsUntold = (kind: LedgerKind) => kind === 'spent' || kind === 'opening';

/**
 * The move's own key, its entry's id (and its game event's): one per order and reason, per round of a dispute after
 * its first, per write-off of a round after its first; a gift's claim; a spend's id as the game gave it; one opening.
 */
export function ledgerEntryId(move: Pick<LedgerMove, 'kind' | 'uid' | 'orderId' | 'claimId' | 'spendId' | 'round' | 'nth' | 'gift'>): string {
  const subjectOf = (key: string | undefined) => {
    if (!key) throw new Error(`A ${move.kind} move needs its ${move.kind === 'daily_gift' ? 'claim' : move.kind === 'spent' ? 'spend' : 'order'}.`);
    return key;
  };
  if (move.kind === 'opening') return `opening-${move.uid}`;
  if (move.kind === 'spent') return `spent-${subjectOf(move.spendId)}`;
  if (move.kind === 'credit_declined') return `debit-declined-${subjectOf(move.orderId)}`;
  if (move.kind === 'gift_sent') return `gift-sent-${subjectOf(move.orderId)}`;
  const { type, reason } = LEDGER_GAME_EVENTS[move.kind]!;
  const subject = subjectOf(move.kind === 'daily_gift' ? move.claimId : move.orderId);
  const round = move.round && move.round > 1 ? `-r${move.round}` : '';
  const nth = move.nth && move.nth > 1 ? `-w${move.nth}` : '';
  // A gift's payer's move of the same order and reason as its recipient's (a chargeback's rest) is a move of its own.
  const payer = move.gift?.side === 'sent' ? '-payer' : '';
  return `${type === 'gems.credited' ? 'credit' : 'debit'}-${reason}-${subject}${round}${nth}${payer}`;
}

/**
 * The one rule of gems, the store's and the game's (docs/game-integration.md, Delivery): a credit pays the debt first
 * and the rest reaches the balance; a take-back takes what the balance holds and owes the rest; the balance never goes
 * below 0. So a player never has both a balance and a debt, and their gems are the sum of their moves: the balance is
 * that sum when it is above 0, the debt what it lacks below.
 */
export function applyGems(before: PlayerGems, gems: number): { after: PlayerGems; debtPaid: number; debtAdded: number } {
  if (gems >= 0) return { ...creditAgainstDebt(before, gems), debtAdded: 0 };
  const { after, debtAdded } = takeBack(before, -gems);
  return { after, debtPaid: 0, debtAdded };
}

/** A move applied to the player's gems, as the `seq`-th entry of their ledger: what they are after it, and the entry that records it. */
export function applyMove(before: PlayerGems, move: LedgerMove, seq: number): { after: PlayerGems; entry: LedgerEntry } {
  const { after, debtPaid, debtAdded } = applyGems(before, move.gems);
  return { after, entry: { ...move, id: ledgerEntryId(move), seq, debtPaid, debtAdded, balanceAfter: after.balance, debtAfter: after.debt } };
}

/** The entry that opens a player's books (the first) with the gems they held before the store kept a ledger; null when they held none. */
export function openingEntry(uid: string, held: PlayerGems, at: number): LedgerEntry | null {
  if (held.balance === 0 && held.debt === 0) return null;
  const move: LedgerMove = { kind: 'opening', uid, gems: held.balance - held.debt, bonusGems: 0, at };
  return { ...move, id: ledgerEntryId(move), seq: 1, debtPaid: 0, debtAdded: 0, balanceAfter: held.balance, debtAfter: held.debt };
}

/** The sum of entries' gems: what the player's balance less their debt must be. */
export const sumOfEntries = (entries: readonly Pick<LedgerEntry, 'gems'>[]) => entries.reduce((sum, entry) => sum + entry.gems, 0);

/** A statement's line in a player's words: what moved, and why. */
export function statementWords(entry: Pick<LedgerEntry, 'kind' | 'orderId' | 'productName' | 'bonusGems' | 'bonusKind' | 'debtPaid' | 'debtAdded' | 'round' | 'gift'>): string {
  const order = entry.orderId ?? '';
  const gift = entry.gift;
  const bonus = entry.kind === 'purchase' && entry.bonusGems > 0 ? `, with ${formatGemCount(entry.bonusGems)} bonus gems${entry.bonusKind ? ` (${BONUS_WORDS[entry.bonusKind]})` : ''}` : '';
  const paid = entry.debtPaid > 0 ? `; ${formatGemCount(entry.debtPaid)} of them paid what you owed` : '';
  const owed = entry.debtAdded > 0 ? `; ${formatGemCount(entry.debtAdded)} more than your balance held, now owed` : '';
  const who = gift ? `${gift.name}${gift.tag ? ` #${gift.tag}` : ''}` : '';
  // A gift received is taken back or given back for what its payer's bank or refund did, never the recipient's.
  if (gift?.side === 'received' && entry.kind !== 'gift') {
    const given = entry.kind === 'dispute_won' || entry.kind === 'refund_refused';
    return given ? `Given back: the gift of order ${order} stands again${paid}` : `Taken back: the gift of order ${order} was ${entry.kind === 'refund' ? 'refunded to its payer' : "reversed by its payer's bank"}${owed}`;
  }
  switch (entry.kind) {
    case 'gift':
      return `Gift from ${who}: ${entry.productName ? `${entry.productName}, ` : ''}order ${order}${paid}`;
    case 'gift_sent':
      return `Gift to ${who}: ${entry.productName ? `${entry.productName}, ` : ''}order ${order} (its gems went to their account)`;
    case 'purchase':
      return `Bought: ${entry.productName ? `${entry.productName}, ` : ''}order ${order}${bonus}${paid}`;
    case 'daily_gift':
      return `Daily gift${paid}`;
    case 'refund':
      return `Taken back: order ${order} is refunded to you${owed}`;
    case 'refund_refused':
      return `Given back: the refund of order ${order} could not be made${paid}`;
    case 'credit_declined':
      return `Taken back: the game could not take the gems of order ${order}, so it is refunded to you${owed}`;
    case 'dispute':
      return `Taken back: your bank reversed order ${order}${entry.round && entry.round > 1 ? ' again' : ''}${owed}`;
    case 'dispute_won':
      return `Given back: your bank's review of order ${order} ended${paid}`;
    case 'write_off':
      return `Forgiven: gems you owed from order ${order}`;
    case 'spent':
      return `Spent in the game${owed}`;
    case 'opening':
      return 'Your gems when your statement began';
  }
}

const BONUS_WORDS: Record<OfferKind, string> = { firstPurchase: 'first-purchase bonus', promoCode: 'promo code', timeBoxed: 'limited-time bonus' };

/** A line of a player's statement, as the player (and support) read it: newest first. */
export interface StatementLine {
  id: string;
  at: number;
  kind: LedgerKind;
  gems: number;
  balanceAfter: number;
  debtAfter: number;
  words: string;
  orderId: string | null;
  claimId: string | null;
}

/** GET /api/account/gem-statement: the player's gems now, and a page of their statement (`next`: the cursor of the page after, or null). */
export interface StatementPage {
  balance: number;
  debt: number;
  lines: StatementLine[];
  next: string | null;
}

/** Lines on a page of the statement; the orders page shows the first few and links to the rest. */
export const STATEMENT_PAGE_LINES = 50;
export const STATEMENT_LINES_ON_ORDERS_PAGE = 10;

export const statementLineOf = (entry: LedgerEntry): StatementLine => ({
  id: entry.id,
  at: entry.at,
  kind: entry.kind,
  gems: entry.gems,
  balanceAfter: entry.balanceAfter,
  debtAfter: entry.debtAfter,
  words: statementWords(entry),
  orderId: entry.orderId ?? null,
  claimId: entry.claimId ?? null,
});

/** A page's place in a statement (newest first): the entries before the one of this place, as the API's `before` parameter. */
export const statementCursor = (entry: Pick<LedgerEntry, 'seq'>) => String(entry.seq);
export const parseStatementCursor = (cursor: string): number | null => (/^[1-9]\d{0,9}$/.test(cursor) ? Number(cursor) : null);
