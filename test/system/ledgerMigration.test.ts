import { Timestamp } from 'firebase-admin/firestore';
import { firestoreLedger } from '../../src/server/ledger/ledgerRepository';
import { ledgerApart } from '../../src/server/ledger/booksCheck';
import { playerGemsOf } from '../../src/shared/balance';
import { COLLECTIONS, GEM_LEDGER, gemLedgerPath, userPath } from '../../src/shared/firestorePaths';
import { sumOfEntries, type LedgerEntry } from '../../src/shared/ledger';
import preLedgerStore from '../fixtures/preLedgerStore.json';
import { namedDb } from '../support/emulatorAdmin';
import { stackSettings } from '../support/paymentsHarness';
import { npmCommand } from '../support/staff';

/**
 * The migration to the ledger (`npm run books -- open`) on a copy of what the store kept before it: test/fixtures/
 * preLedgerStore.json, the players and orders that the code before the ledger (its commit named in the file) stored for
 * a buyer, a player whose dispute left a debt, a refunded one and a gift claimer; and one balance as code before round
 * 6's fix could leave it, gems and a debt at once. Each player's gems become one opening entry, once.
 */
jest.setTimeout(120_000);

/** Firestore's own types back from the fixture's plain JSON. */
const stored = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(stored);
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.__timestamp === 'number') return Timestamp.fromMillis(record.__timestamp);
    return Object.fromEntries(Object.entries(record).map(([key, inner]) => [key, stored(inner)]));
  }
  return value;
};

describe('the migration to the ledger', () => {
  it('opens every player’s books with what they held, once: run again, it changes nothing; the next move follows the opening', async () => {
    const databaseId = `ledger-migration-${process.pid}-${Date.now()}`;
    const db = namedDb(databaseId);
    const users = { ...(preLedgerStore.users as Record<string, Record<string, unknown>>), 'legacy-both': { gemCount: 1000, gemDebt: 1000, paidOrders: [] } };
    for (const [uid, data] of Object.entries(users)) await db.doc(userPath(uid)).set(stored(data) as Record<string, unknown>);
    for (const [orderId, data] of Object.entries(preLedgerStore.transactions)) await db.doc(`${COLLECTIONS.transactions}/${orderId}`).set(stored(data) as Record<string, unknown>);

    const first = await npmCommand(['books', '--', 'open'], { FIRESTORE_DATABASE_ID: databaseId });
    expect(first).toEqual({ code: 0, output: expect.stringContaining('4 opening entries made, 1 players held nothing, 0 were open already') });
    const entriesOf = async (uid: string) => (await db.collection(gemLedgerPath(uid)).orderBy('seq').get()).docs.map((doc) => doc.data() as LedgerEntry);
    for (const [uid, data] of Object.entries(users)) {
      const gems = playerGemsOf(data);
      const entries = await entriesOf(uid);
      const user = (await db.doc(userPath(uid)).get()).data()!;
      if (gems.balance === 0 && gems.debt === 0) {
        expect({ uid, entries, seq: user.ledgerSeq }).toEqual({ uid, entries: [], seq: 0 });
        continue;
      }
      expect({ uid, entries }).toEqual({ uid, entries: [expect.objectContaining({ id: `opening-${uid}`, kind: 'opening', seq: 1, gems: gems.balance - gems.debt, balanceAfter: gems.balance, debtAfter: gems.debt })] });
      expect(sumOfEntries(entries)).toBe(gems.balance - gems.debt);
      expect(ledgerApart(uid, entries, gems)).toEqual([]);
      // Nothing else of the player changed.
      expect(user).toEqual({ ...(stored(data) as object), ledgerSeq: 1 });
    }

    const again = await npmCommand(['books', '--', 'open'], { FIRESTORE_DATABASE_ID: databaseId });
    expect(again).toEqual({ code: 0, output: expect.stringContaining('0 opening entries made, 0 players held nothing, 5 were open already') });
    expect((await db.collectionGroup(GEM_LEDGER).get()).size).toBe(4);

    // The buyer spends in the game after the migration: their next entry follows the opening.
    const buyer = Object.entries(users).find(([, data]) => data.gemCount === 2500)![0];
    const ledger = firestoreLedger(db, stackSettings);
    expect(await ledger.spend(buyer, 'after-migration', 500, Date.now())).toMatchObject({ spent: true, gems: { balance: 2000, debt: 0 } });
    const after = await entriesOf(buyer);
    expect(after.map((entry) => [entry.seq, entry.kind, entry.gems, entry.balanceAfter])).toEqual([
      [1, 'opening', 2500, 2500],
      [2, 'spent', -500, 2000],
    ]);
    expect(ledgerApart(buyer, after, (await ledger.standingOf(buyer)).gems)).toEqual([]);
  });
});
