import type { PlayerGems } from '../../shared/balance';
import { BOOKS_APART_KINDS, type BooksApart, type BooksCheckReport, type GameBooksAnswer } from '../../shared/booksCheck';
import type { GameWalletStatement } from '../../shared/gameBooks';
import { applyGems, gameHoldsUntold, sumOfEntries, tellsTheGame, type LedgerEntry } from '../../shared/ledger';
import { formatGemCount } from '../../shared/money';
import { dayAfter, wallTimeIn } from '../../shared/wallTime';
import type { GameEventRecord } from '../gameEvents/gameEventRecords';
import { mapWithConcurrency } from '../lib/mapWithConcurrency';
import { countsOfEntries, LEDGER_COUNTERS } from './ledgerCounts';

/** What the check reads: the ledger, each entry's game event, the day's counts, and the game's own books (none: not asked). */
export interface BooksCheckReads {
  timeZone: string;
  entriesMadeBetween(from: number, to: number): Promise<LedgerEntry[]>;
  allEntriesOf(uid: string): Promise<LedgerEntry[]>;
  /** The player's gems and their last entry's place, read together. */
  standingOf(uid: string): Promise<{ gems: PlayerGems; seq: number | null }>;
  gameEvents(ids: readonly string[]): Promise<Map<string, GameEventRecord>>;
  dayCounts(date: string): Promise<Partial<Record<string, number>>>;
  gameBooks: ((uids: readonly string[]) => Promise<GameWalletStatement[]>) | null;
}

/** Players read at once. */
const CONCURRENCY = 10;

const apart = (kind: BooksApart['kind'], uid: string | null, gems: number, entryId: string | null, detail: string): BooksApart => ({ kind, uid, gems, entryId, detail });

/**
 * The books of one store day, checked (docs/operations.md, The books): for every player whose ledger changed that day,
 * their entries in order (each the one before with its move applied), their gems the sum of them and the last one's,
 * the game told of each of the day's entries; the day's counts the sum of its entries; then what the game's books hold
 * for those players against the store's entries. Reads only; the report names everything apart.
 */
export async function checkBooks(reads: BooksCheckReads, date: string, now: number): Promise<BooksCheckReport> {
  const from = wallTimeIn(reads.timeZone, `${date}T00:00`);
  const to = wallTimeIn(reads.timeZone, `${dayAfter(date)}T00:00`);
  const dayEntries = await reads.entriesMadeBetween(from, to);
  const uids = [...new Set(dayEntries.map((entry) => entry.uid))].sort();
  const found: BooksApart[] = [...(await dayCountsApart(reads, date, dayEntries))];

  // The store's side first: its entries, and their events, read before the game is asked (an event taken after this
  // read is then in the game's answer, never missing from it).
  const ledgers = new Map<string, LedgerEntry[]>();
  const players = await mapWithConcurrency(uids, CONCURRENCY, async (uid) => {
    // The gems first, then the entries up to the last one they name: a move made meanwhile is tomorrow's to check.
    const { gems, seq } = await reads.standingOf(uid);
    const entries = (await reads.allEntriesOf(uid)).filter((entry) => entry.seq <= (seq ?? 0));
    ledgers.set(uid, entries);
    return ledgerApart(uid, entries, gems);
  });
  for (const outcome of players) {
    // A read that failed leaves the night unchecked: the job answers an error, and the scheduler runs it again.
    if (outcome.status === 'rejected') throw outcome.reason;
    found.push(...outcome.value);
  }
  const told = [...ledgers.values()].flat().filter((entry) => tellsTheGame(entry.kind));
  const events = await reads.gameEvents(told.map((entry) => entry.id));
  found.push(...eventsApart(dayEntries, events, ledgers));

  const game = await gameApart(reads, uids, ledgers, events, found);
  return { date, checkedAt: now, players: uids.length, entries: dayEntries.length, apart: found, game };
}

/** The day's counts against the sum of the day's entries. */
async function dayCountsApart(reads: BooksCheckReads, date: string, dayEntries: readonly LedgerEntry[]): Promise<BooksApart[]> {
  const expected = countsOfEntries(dayEntries);
  const counted = await reads.dayCounts(date);
  const differing = LEDGER_COUNTERS.filter((counter) => (counted[counter] ?? 0) !== expected[counter]);
  if (differing.length === 0) return [];
  const words = differing.map((counter) => `${counter} ${counted[counter] ?? 0}, the entries ${expected[counter]}`).join('; ');
  return [apart('dayCounts', null, (counted.gemsCredited ?? 0) - (counted.gemsTakenBack ?? 0) - (expected.gemsCredited - expected.gemsTakenBack), null, words)];
}

/** A player's ledger against itself and their gems: in order, summing to the balance less the debt, ending where the document stands. */
export function ledgerApart(uid: string, entries: readonly LedgerEntry[], gems: PlayerGems): BooksApart[] {
  const found: BooksApart[] = [];
  let before: PlayerGems | null = null;
  for (const entry of entries) {
    // The first entry may open the books with what was held; every other follows from the one before.
    const expected: PlayerGems = before === null && entry.kind === 'opening' ? { balance: entry.balanceAfter, debt: entry.debtAfter } : applyGems(before ?? { balance: 0, debt: 0 }, entry.gems).after;
    if (expected.balance !== entry.balanceAfter || expected.debt !== entry.debtAfter) {
      found.push(apart('chain', uid, entry.balanceAfter - entry.debtAfter - (expected.balance - expected.debt), entry.id, `entry ${entry.seq} (${entry.id}) reads ${entry.balanceAfter}/${entry.debtAfter}; its move makes ${expected.balance}/${expected.debt}`));
    }
    before = { balance: entry.balanceAfter, debt: entry.debtAfter };
  }
  const sum = sumOfEntries(entries);
  if (gems.balance - gems.debt !== sum) {
    found.push(apart('sum', uid, gems.balance - gems.debt - sum, null, `balance ${formatGemCount(gems.balance)} less debt ${formatGemCount(gems.debt)}; the entries sum to ${formatGemCount(sum)}`));
  }
  const last = entries.at(-1);
  if (last && (last.balanceAfter !== gems.balance || last.debtAfter !== gems.debt)) {
    found.push(apart('last', uid, gems.balance - gems.debt - (last.balanceAfter - last.debtAfter), last.id, `the player holds ${gems.balance}/${gems.debt}; entry ${last.seq} ends at ${last.balanceAfter}/${last.debtAfter}`));
  }
  return found;
}

/**
 * Each of the day's entries the game is told of: its event taken, or still being sent, or declined with the credit
 * taken back (a declined-credit entry of its order). Missing, or waiting for support: apart.
 */
function eventsApart(dayEntries: readonly LedgerEntry[], events: ReadonlyMap<string, GameEventRecord>, ledgers: ReadonlyMap<string, LedgerEntry[]>): BooksApart[] {
  const found: BooksApart[] = [];
  for (const entry of dayEntries.filter((candidate) => tellsTheGame(candidate.kind))) {
    const event = events.get(entry.id);
    if (event?.status === 'delivered' || event?.status === 'pending') continue;
    const takenBack = (ledgers.get(entry.uid) ?? []).some((other) => other.kind === 'credit_declined' && other.orderId === entry.orderId);
    if (event?.status === 'declined' && takenBack) continue;
    const why = !event ? 'has no event' : event.status === 'declined' ? 'was declined, and nothing took its gems back' : `waits for support (${event.why ?? 'undelivered'})`;
    found.push(apart('event', entry.uid, entry.gems, entry.id, `entry ${entry.id} ${why}`));
  }
  return found;
}

/**
 * The game's books against the store's: each move the game was told of (its event taken) or made (a spend) is in the
 * game's; each the game holds is one of the store's; and the game's wallet is what those moves make. An opening entry
 * is what the game held before the ledger: in its wallet, under no id of the store's.
 */
async function gameApart(
  reads: BooksCheckReads,
  uids: readonly string[],
  ledgers: ReadonlyMap<string, LedgerEntry[]>,
  events: ReadonlyMap<string, GameEventRecord>,
  found: BooksApart[],
): Promise<GameBooksAnswer> {
  if (!reads.gameBooks || uids.length === 0) return { asked: false };
  let wallets: GameWalletStatement[];
  try {
    wallets = await reads.gameBooks(uids);
  } catch (error) {
    return { asked: true, answered: false, why: (error as Error).message };
  }
  const walletOf = new Map(wallets.map((wallet) => [wallet.uid, wallet]));
  for (const uid of uids) {
    const wallet = walletOf.get(uid) ?? { uid, balance: 0, debt: 0, applied: [] };
    const applied = new Set(wallet.applied);
    const entries = ledgers.get(uid) ?? [];
    for (const entry of entries) {
      const known = gameHoldsUntold(entry.kind) ? entry.kind === 'spent' : events.get(entry.id)?.status === 'delivered';
      if (known && !applied.has(entry.id)) found.push(apart('gameLacks', uid, entry.gems, entry.id, `${entry.id}, entry ${entry.seq} of the store's`));
    }
    // What the game holds is read again after its answer: a spend it made meanwhile is in the store's books by then.
    const ids = new Set(entries.map((entry) => entry.id));
    const now = wallet.applied.some((id) => !ids.has(id)) ? await reads.allEntriesOf(uid) : entries;
    const byId = new Map(now.map((entry) => [entry.id, entry]));
    for (const id of wallet.applied.filter((candidate) => !byId.has(candidate))) found.push(apart('gameExtra', uid, 0, id, `${id}, of which the store has no entry`));
    const heldByGame = now.filter((entry) => applied.has(entry.id) || entry.kind === 'opening');
    const expected = sumOfEntries(heldByGame);
    const walletNet = wallet.balance - wallet.debt;
    if (walletNet !== expected) {
      found.push(apart('gameAmount', uid, expected - walletNet, null, `the game's wallet holds ${wallet.balance}/${wallet.debt}; the ${heldByGame.length} moves it holds make ${formatGemCount(expected)}`));
    }
  }
  return { asked: true, answered: true };
}

/** The words of a kind of apart, for logs and the health view. */
export const apartWords = (item: BooksApart) => `${BOOKS_APART_KINDS[item.kind]}: ${item.detail}`;
