import { SPEND_REFUSALS, type LedgerRepository, type OpeningOutcome, type SpendOutcome } from '../../../src/server/ledger/ledgerRepository';
import { spendEffects } from '../../../src/server/ledger/spendEffects';
import { ledgerDayCounts } from '../../../src/server/ledger/ledgerCounts';
import { spentEntryId } from '../../../src/shared/gameBooks';
import { openingEntry } from '../../../src/shared/ledger';
import { applyMoveEffects, playerGemsIn, type MemoryState } from './memoryState';


/**
 * The gem ledger in memory: the entries the door's fake (applyMoveEffects) wrote, read as the Firestore repository
 * reads them, and its own moves (a spend, an opening) made by the same rules.
 */
export function memoryLedger(state: MemoryState): LedgerRepository {
  const entriesOf = (uid: string) => state.ledgerEntries.get(uid) ?? [];
  /** A player the store knows: one with gems or a move of them, or an order. */
  const known = (uid: string) => state.balances.has(uid) || state.ledgerEntries.has(uid) || [...state.records.values()].some((record) => record.userId === uid);
  return {
    async spend(uid, spendId, gems, at): Promise<SpendOutcome> {
      const made = entriesOf(uid).find((entry) => entry.id === spentEntryId(spendId));
      if (made) return { spent: true, entryId: made.id, gems: playerGemsIn(state, uid), repeated: true };
      if (!known(uid)) return { spent: false, refusal: 'unknownPlayer', why: SPEND_REFUSALS.unknownPlayer };
      const held = playerGemsIn(state, uid).balance;
      if (held < gems) return { spent: false, refusal: 'notHeld', why: SPEND_REFUSALS.notHeld(held) };
      const entry = applyMoveEffects(state, at, spendEffects(uid, spendId, gems, at))!;
      return { spent: true, entryId: entry.id, gems: playerGemsIn(state, uid), repeated: false };
    },
    async standingOf(uid) {
      return { gems: playerGemsIn(state, uid), seq: state.ledgerOpened.has(uid) ? entriesOf(uid).length : null };
    },
    async page(uid, limit, before) {
      return [...entriesOf(uid)].reverse().filter((entry) => entry.seq < before).slice(0, limit);
    },
    async ofOrder(uid, orderId) {
      return entriesOf(uid).filter((entry) => entry.orderId === orderId);
    },
    async allOf(uid) {
      return [...entriesOf(uid)];
    },
    async madeBetween(from, to) {
      return [...state.ledgerEntries.values()].flat().filter((entry) => entry.at >= from && entry.at < to);
    },
    async openBooks(uid, at): Promise<OpeningOutcome> {
      if (state.ledgerOpened.has(uid) || !known(uid)) return 'open already';
      const entry = openingEntry(uid, playerGemsIn(state, uid), at);
      state.ledgerOpened.add(uid);
      if (!entry) return 'nothing held';
      state.ledgerEntries.set(uid, [entry]);
      state.dayCounts.push({ at, day: ledgerDayCounts([entry], {}) });
      return 'opened';
    },
    async playersAfter(after, limit) {
      const uids = [...new Set([...state.balances.keys(), ...state.ledgerEntries.keys()])].sort();
      return uids.filter((uid) => after === null || uid > after).slice(0, limit);
    },
  };
}

let spends = 0;

/** The player spends gems in the game until `balance` are left, as the game asks the store: a spend in the ledger, by its own rules. */
export function spendDownTo(state: MemoryState, uid: string, balance: number): void {
  const held = playerGemsIn(state, uid).balance;
  if (held < balance) throw new Error(`${uid} holds ${held} gems: they cannot spend down to ${balance}.`);
  spends += 1;
  if (held > balance) applyMoveEffects(state, Date.now(), spendEffects(uid, `test-spend-${spends}`, held - balance, Date.now()));
}
