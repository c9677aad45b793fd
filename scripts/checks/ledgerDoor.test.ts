import path from 'node:path';
import { sourcesUnder } from './importCycles';
import { LEDGER_DOOR, writesPastTheDoor } from './ledgerDoor';

const ROOT = path.resolve(__dirname, '../..');
/** The project's code that could write the books (tests aside: a rules test tries a client's forbidden write on purpose). */
const projectSources = () => new Map(['src', 'scripts', 'test/support'].flatMap((folder) => [...sourcesUnder(path.join(ROOT, folder))].map(([file, text]) => [path.join(folder, file), text] as const)));

describe('the books’ one door', () => {
  it('is the only code that writes a player’s gems or their ledger, records a game event or counts a day', () => {
    const sources = projectSources();
    expect(sources.has(LEDGER_DOOR)).toBe(true);
    expect(writesPastTheDoor(sources)).toEqual([]);
  });

  it('finds each such write when planted, and leaves alone an order’s own gemCount', () => {
    const planted = new Map([
      ['src/server/refunds/sneaky.ts', "batch.update(userRef, { gemCount: player.balance - 5 }, guard(user));\n"],
      ['src/server/disputes/sneaky.ts', "const gems = { gemDebt: 0, paidOrders: [] };\nbatch.set(db.collection(COLLECTIONS.users).doc(uid), gems, { merge: true });\n"],
      ['scripts/admin/sneaky.ts', "await db.doc(`users/${uid}`).update('gemCount', FieldValue.increment(100));\nawait userRef.set({ ['gemCount']: 1 }, { merge: true });\n"],
      ['src/server/dailyGift/sneaky.ts', 'recordGameEvent(db, batch, moved, at);\ncountDay(db, batch, rollups, at, { counts: { giftClaims: 1 } });\n'],
      ['test/support/sneaky.ts', "batch.create(db.collection(gemLedgerPath(uid)).doc('x'), entry);\n"],
      [LEDGER_DOOR, "batch.update(snapshot.ref, { gemCount: 1, gemDebt: 0 }, guard(snapshot));\nrecordGameEvent(db, batch, moved, at);\n"],
      ['src/server/payments/fine.ts', "await deps.orders.create({ order_id: id, gemCount: pack.gemCount });\nbatch.set(db.doc(`${COLLECTIONS.transactions}/${id}`), { gemCount: 1000 });\nconst view = { gemCount: order.gemCount };\n"],
    ]);
    expect(writesPastTheDoor(planted)).toEqual([
      "src/server/refunds/sneaky.ts:1 writes a player's gems",
      "src/server/disputes/sneaky.ts:2 writes a player's gems",
      "scripts/admin/sneaky.ts:1 writes a player's gems",
      "scripts/admin/sneaky.ts:2 writes a player's gems",
      'src/server/dailyGift/sneaky.ts:1 records a game event',
      "src/server/dailyGift/sneaky.ts:2 counts a day's figures",
      'test/support/sneaky.ts:1 writes a gem ledger',
    ]);
  });
});
