import type { DocumentReference, DocumentSnapshot, Firestore, Precondition, WriteBatch } from 'firebase-admin/firestore';
import { playerGemsOf } from '../../shared/balance';
import { COLLECTIONS, gemLedgerPath } from '../../shared/firestorePaths';
import { applyMove, openingEntry, type LedgerEntry, type LedgerMove } from '../../shared/ledger';
import { gemsMovedOf, recordGameEvent } from '../gameEvents/gameEventRecords';
import { enqueueMail } from '../mail/outbox';
import { countDay, type DayRollups } from '../overview/dailyStats';
import { ledgerDayCounts } from './ledgerCounts';
import type { MoveEffects } from './moveEffects';
import { appendOrderEvents } from './orderHistory';
import { writeRiskActivity } from './riskActivityRecords';

/**
 * users/{uid}.ledgerSeq: the place of the player's last entry (their ledger began once it is set: at their first move,
 * or the opening of their books). Each entry takes the next, in the commit guarded by this document, so the entries'
 * order is the order the moves were committed in.
 */
export const LEDGER_SEQ_FIELD = 'ledgerSeq';

/** The place of the player's last entry, as their document was read; null before their ledger began. */
export function ledgerSeqOf(snapshot: DocumentSnapshot): number | null {
  const seq = snapshot.get(LEDGER_SEQ_FIELD) as unknown;
  return typeof seq === 'number' ? seq : null;
}

/** The player's document as the move's commit read it, with the guard that pins it, and the fields written beside their gems. */
export interface PlayerInCommit {
  snapshot: DocumentSnapshot;
  guard: (snapshot: DocumentSnapshot) => Precondition;
  fields?: Record<string, unknown>;
}

/** When the move happened (its entry and its day), and when its game event is due, if not then (a gift claimed on the store's clock). */
export interface MoveTimes {
  at: number;
  gameDueAt?: number;
}

/**
 * The one door of the books: puts everything a move does into `batch`, the commit of the move itself. The move of
 * the player's gems, if any, becomes its ledger entry (created under its own key, so a move raced or retried writes
 * it once; an opening entry before it when the player held gems from before the ledger), the player's balance and
 * debt after it (users/{uid}.gemCount and .gemDebt, guarded by the player's document as read: no other code writes
 * them), and the game's event of it (the entry's id); then the order's history lines, the mail owed, and the day's
 * counts (the entries' among them, which the nightly check of the books adds up). Answers the entry written.
 */
export function writeMove(
  db: Firestore,
  batch: WriteBatch,
  rollups: DayRollups,
  { at, gameDueAt = at }: MoveTimes,
  effects: MoveEffects,
  player?: PlayerInCommit,
  others: readonly PlayerInCommit[] = [],
): LedgerEntry | null {
  const entries = effects.gems ? writeGems(db, batch, effects.gems, player) : [];
  if (!effects.gems && player?.fields && Object.keys(player.fields).length > 0) batch.set(player.snapshot.ref, player.fields, { merge: true });
  const mine = [...entries];
  // Another player's moves in the same commit, each guarded by their own document as read.
  for (const move of effects.moreGems) entries.push(...writeGems(db, batch, move, others.find((other) => other.snapshot.id === move.uid)));
  for (const entry of entries) {
    const moved = gemsMovedOf(entry);
    if (moved) recordGameEvent(db, batch, moved, gameDueAt);
  }
  appendOrderEvents(db, batch, effects.events);
  for (const mail of effects.mail) enqueueMail(db, batch, mail.kind, mail.orderId, at, mail.round);
  const day = ledgerDayCounts(entries, effects.day);
  countDay(db, batch, rollups, at, day);
  writeRiskActivity(db, batch, effects.risk);
  return mine.at(-1) ?? null;
}

/** The entries of a move (its opening first, when the books open with it), and the player's gems after them. */
function writeGems(db: Firestore, batch: WriteBatch, move: LedgerMove, player: PlayerInCommit | undefined): LedgerEntry[] {
  if (!player || player.snapshot.id !== move.uid) throw new Error(`A move of ${move.uid}'s gems needs their users document as its commit read it.`);
  const { snapshot, guard, fields = {} } = player;
  const before = playerGemsOf(snapshot.data());
  const seq = ledgerSeqOf(snapshot);
  // Gems held from before the ledger open it, a moment before the move.
  const opening = seq === null ? openingEntry(move.uid, before, move.at - 1) : null;
  const { after, entry } = applyMove(before, move, (seq ?? (opening ? 1 : 0)) + 1);
  const entries = opening ? [opening, entry] : [entry];
  const ledger = db.collection(gemLedgerPath(move.uid));
  for (const written of entries) batch.create(ledger.doc(written.id), written);
  // The gems last: no field beside them may say otherwise.
  const gems = { ...fields, gemCount: after.balance, gemDebt: after.debt, [LEDGER_SEQ_FIELD]: entry.seq };
  if (snapshot.exists) batch.update(snapshot.ref, gems, guard(snapshot));
  else batch.create(db.collection(COLLECTIONS.users).doc(move.uid), gems);
  return entries;
}

/**
 * Opens the player's books in `batch`, once (the migration of balances from before the ledger): an opening entry with
 * the gems they hold, when they hold any, and users/{uid}.ledgerSeq, guarded by their document as read. Answers the
 * entry, or null when their books are open already or they held nothing (then only the place, 0, is written).
 */
export function writeOpening(db: Firestore, batch: WriteBatch, rollups: DayRollups, at: number, player: PlayerInCommit): LedgerEntry | null {
  const { snapshot, guard } = player;
  if (!snapshot.exists || ledgerSeqOf(snapshot) !== null) return null;
  const entry = openingEntry(snapshot.id, playerGemsOf(snapshot.data()), at);
  if (entry) batch.create(db.collection(gemLedgerPath(snapshot.id)).doc(entry.id), entry);
  batch.update(snapshot.ref, { [LEDGER_SEQ_FIELD]: entry?.seq ?? 0 }, guard(snapshot));
  countDay(db, batch, rollups, at, ledgerDayCounts(entry ? [entry] : [], {}));
  return entry;
}

/**
 * A deleted account's name and tag leave the books' words (docs/operations.md, A player's data): each gift side that
 * names it, in its own ledger or a friend's, reads `name` with no tag. The entry's gems, order and place stay.
 */
export function renameGiftSides(batch: WriteBatch, renames: ReadonlyArray<{ ref: DocumentReference; name: string }>): void {
  for (const { ref, name } of renames) batch.update(ref, { 'gift.name': name, 'gift.tag': null });
}
