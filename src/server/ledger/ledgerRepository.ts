import { FieldPath, type Firestore } from 'firebase-admin/firestore';
import { playerGemsOf, type PlayerGems } from '../../shared/balance';
import { COLLECTIONS, GEM_LEDGER, gemLedgerPath } from '../../shared/firestorePaths';
import { spentEntryId } from '../../shared/gameBooks';
import { applyGems, type LedgerEntry } from '../../shared/ledger';
import { commitIfUnchanged } from '../firebase/commitIfUnchanged';
import type { DayRollups } from '../overview/dailyStats';
import { ledgerSeqOf, writeMove, writeOpening } from './gemLedger';
import { spendEffects } from './spendEffects';

/**
 * A spend the game asked for: its entry's id (made now, or before for a repeat of its id) and the player's gems now; or
 * refused, and why: a player the store holds no gems of, or a balance that does not hold them (a refund or a dispute
 * took them back).
 */
export type SpendOutcome = { spent: true; entryId: string; gems: PlayerGems; repeated: boolean } | { spent: false; refusal: 'unknownPlayer' | 'notHeld'; why: string };

export const SPEND_REFUSALS = {
  unknownPlayer: 'The store holds no gems of this player.',
  notHeld: (balance: number) => `The player's balance holds ${balance} gems: not that many to spend.`,
};

/** What opening a player's books did: an opening entry made, nothing held (the mark alone), or opened before. */
export type OpeningOutcome = 'opened' | 'nothing held' | 'open already';

/**
 * The gem ledger (users/{uid}/gem_ledger): its entries read, and the moves of its own made (a spend the game tells of,
 * the opening of a player's books) through the door. Firestore in the store; maps in unit tests.
 */
export interface LedgerRepository {
  /** Takes gems the player spends in the game, once by the spend's id, only while the balance holds them all (a guarded commit: a racing take-back reads again). */
  spend(uid: string, spendId: string, gems: number, at: number): Promise<SpendOutcome>;
  /** The player's gems and the place of their last entry, read together (null: their ledger has not begun). */
  standingOf(uid: string): Promise<{ gems: PlayerGems; seq: number | null }>;
  /** A page of the player's entries, newest first, from the one before place `before` (the last of the page before, or one past their newest). */
  page(uid: string, limit: number, before: number): Promise<LedgerEntry[]>;
  /** The player's entries of one order, oldest first. */
  ofOrder(uid: string, orderId: string): Promise<LedgerEntry[]>;
  /** Every entry of the player, oldest first. */
  allOf(uid: string): Promise<LedgerEntry[]>;
  /** Every player's entries made in [from, to) (by their time), for the nightly check of a day. */
  madeBetween(from: number, to: number): Promise<LedgerEntry[]>;
  openBooks(uid: string, at: number): Promise<OpeningOutcome>;
  /** Up to `limit` players (users/{uid}) after `after`, by uid: the migration's pages. */
  playersAfter(after: string | null, limit: number): Promise<string[]>;
}

const entriesOf = (snapshot: { docs: Array<{ data(): unknown }> }) => snapshot.docs.map((doc) => doc.data() as LedgerEntry);

export function firestoreLedger(db: Firestore, rollups: DayRollups): LedgerRepository {
  const users = db.collection(COLLECTIONS.users);
  const ledgerOf = (uid: string) => db.collection(gemLedgerPath(uid));

  return {
    async spend(uid, spendId, gems, at) {
      const userRef = users.doc(uid);
      const entryRef = ledgerOf(uid).doc(spentEntryId(spendId));
      return commitIfUnchanged<SpendOutcome>(db, [userRef, entryRef], ([user, made]) => {
        const gemsNow = playerGemsOf(user!.data());
        if (made!.exists) return { result: { spent: true, entryId: made!.id, gems: gemsNow, repeated: true } };
        if (!user!.exists) return { result: { spent: false, refusal: 'unknownPlayer', why: SPEND_REFUSALS.unknownPlayer } };
        if (gemsNow.balance < gems) return { result: { spent: false, refusal: 'notHeld', why: SPEND_REFUSALS.notHeld(gemsNow.balance) } };
        return {
          result: { spent: true, entryId: entryRef.id, gems: applyGems(gemsNow, -gems).after, repeated: false },
          writes: (batch, guard) => void writeMove(db, batch, rollups, { at }, spendEffects(uid, spendId, gems, at), { snapshot: user!, guard }),
        };
      });
    },

    async standingOf(uid) {
      const user = await users.doc(uid).get();
      return { gems: playerGemsOf(user.data()), seq: ledgerSeqOf(user) };
    },

    async page(uid, limit, before) {
      return entriesOf(await ledgerOf(uid).where('seq', '<', before).orderBy('seq', 'desc').limit(limit).get());
    },

    async ofOrder(uid, orderId) {
      return entriesOf(await ledgerOf(uid).where('orderId', '==', orderId).orderBy('seq').get());
    },

    async allOf(uid) {
      return entriesOf(await ledgerOf(uid).orderBy('seq').get());
    },

    async madeBetween(from, to) {
      return entriesOf(await db.collectionGroup(GEM_LEDGER).where('at', '>=', from).where('at', '<', to).get());
    },

    async openBooks(uid, at) {
      const userRef = users.doc(uid);
      return commitIfUnchanged<OpeningOutcome>(db, [userRef], ([user]) => {
        if (!user!.exists || ledgerSeqOf(user!) !== null) return { result: 'open already' };
        const held = playerGemsOf(user!.data());
        return {
          result: held.balance === 0 && held.debt === 0 ? 'nothing held' : 'opened',
          writes: (batch, guard) => void writeOpening(db, batch, rollups, at, { snapshot: user!, guard }),
        };
      });
    },

    async playersAfter(after, limit) {
      let query = users.orderBy(FieldPath.documentId()).select().limit(limit);
      if (after) query = query.startAfter(after);
      return (await query.get()).docs.map((doc) => doc.id);
    },
  };
}
