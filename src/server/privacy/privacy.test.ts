import { PassThrough } from 'node:stream';
import { strFromU8, unzipSync } from 'fflate';
import { memoryPrivacyRequests } from '../../../test/support/memory/memoryPrivacyRequests';
import type { LedgerEntry } from '../../shared/ledger';
import { ARCHIVE_FILES, ARCHIVE_SECTIONS, ARCHIVES_PER_DAY, DELETION_WAITS, privacyTexts, RECENT_SIGN_IN_MS, type DataArchive, type DeletionWait } from '../../shared/privacy/privacy';
import { COLLECTIONS } from '../../shared/firestorePaths';
import { AFTER_DELETION } from './accountErasure';
import type { PlayerAccount } from '../support/playerDirectory';
import type { StoredPlayerData } from './playerDataReads';
import { deletionRequestId } from './privacyRequests';
import { cancelDeletion, carryOutDeletion, privacyStatus, requestDeletion, sendArchive, type PrivacyDeps } from './privacyService';
import type { TransactionRecord } from '../orders/transactionRecord';

const UID = 'player-1';
const NOW = Date.UTC(2026, 10, 29, 9);
const account: PlayerAccount = { uid: UID, email: 'ada@wyrmcrown.example', displayName: null, createdAt: null, lastSignInAt: null, signsInWith: ['password'] };

const order = (orderId: string, productName: string) =>
  ({ order_id: orderId, userId: UID, product_name: productName, packId: 1, gemCount: 1000, amount: '15.99', currency: 'AUD', status: 'paid', checked: 1, createdAt: NOW - 1000, updatedAt: NOW, firstname: 'Ada', lastname: 'King', address: '1 Castle Road', email: 'ada@wyrmcrown.example', phone: '+61 2 9876 5432' }) as unknown as TransactionRecord;

const stored = (orders: TransactionRecord[]): StoredPlayerData => ({
  user: { gemCount: 1000, gemDebt: 0 },
  tag: 'ABCD1234',
  orders,
  refunds: [],
  disputes: [],
  dailyGiftClaims: [],
  billingProfile: null,
  protections: null,
  protectionEvents: [],
  consentRequests: [],
  storeSessions: [],
  offerPreference: null,
  experiments: [],
  firstPurchaseBonus: null,
  paymentChecks: [],
});

function setup({ waits = [] as DeletionWait[], orders = [order('WC1', 'Tiny of Gem')] } = {}) {
  const privacyRequests = memoryPrivacyRequests();
  const calls: string[] = [];
  const accounts = new Map([[UID, account]]);
  const entry = { id: 'e1', seq: 1, uid: UID, kind: 'purchase', gems: 1000, bonusGems: 0, debtPaid: 0, debtAdded: 0, balanceAfter: 1000, debtAfter: 0, orderId: 'WC1', productName: 'Tiny of Gem', at: NOW - 500 } as LedgerEntry;
  const deps: PrivacyDeps = {
    settings: { STORE_TIME_ZONE: 'Australia/Sydney' },
    privacyRequests,
    playerData: { gather: async () => stored(orders), deletionWaits: async () => waits },
    ledger: { allOf: async () => [entry] },
    accounts: {
      find: async (uid) => accounts.get(uid) ?? null,
      close: async (uids) => {
        calls.push(`close ${uids.join(',')}`);
        for (const uid of uids) accounts.delete(uid);
      },
    },
    erase: async (uid) => {
      calls.push(`erase ${uid}`);
      return ['ws_session-1'];
    },
    closeDeletion: async (uid, staffUid, at) => {
      const record = privacyRequests.records.get(deletionRequestId(uid))!;
      if (record.state !== 'open') return 'notOpen';
      privacyRequests.records.set(record.id, { ...record, state: 'done', doneAt: at, email: null, staffUid });
      calls.push(`told the game and mailed ${record.email}`);
      return 'done';
    },
  };
  return { deps, calls, privacyRequests };
}

async function archiveOf(deps: PrivacyDeps, at = NOW) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await sendArchive(deps, UID, { by: 'player' }, () => out, at);
  return unzipSync(new Uint8Array(Buffer.concat(chunks)));
}

const player = (signedInAt: number) => ({ by: 'player' as const, signedInAt });

describe('a player’s archive', () => {
  it('is a zip of the JSON with every section’s words, the orders CSV (a formula kept as text) and the gem movements', async () => {
    const { deps } = setup({ orders: [order('WC1', 'Tiny of Gem'), order('WC2', '=HYPERLINK("x")')] });
    const files = await archiveOf(deps);
    expect(Object.keys(files).sort()).toEqual(Object.values(ARCHIVE_FILES).sort());
    const archive = JSON.parse(strFromU8(files[ARCHIVE_FILES.json]!)) as DataArchive;
    expect(Object.keys(archive.sections)).toEqual(ARCHIVE_SECTIONS.map((section) => section.key));
    expect(archive.sections.receipts.data).toEqual([expect.objectContaining({ orderId: 'WC1', firstname: 'Ada', email: 'ada@wyrmcrown.example' }), expect.objectContaining({ orderId: 'WC2' })]);
    const rows = strFromU8(files[ARCHIVE_FILES.orders]!).trim().split('\r\n');
    expect(rows).toHaveLength(3);
    expect(rows[2]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(strFromU8(files[ARCHIVE_FILES.gemMovements]!)).toContain('e1');
  });

  it(`is made ${ARCHIVES_PER_DAY} times a day, then refused with words before anything is written; the next day again`, async () => {
    const { deps, privacyRequests } = setup();
    for (let made = 0; made < ARCHIVES_PER_DAY; made += 1) await archiveOf(deps, NOW + made);
    await expect(archiveOf(deps, NOW + 10)).rejects.toMatchObject({ status: 429, message: privacyTexts.archivesSpent });
    expect([...privacyRequests.records.values()].filter((record) => record.kind === 'archive')).toHaveLength(ARCHIVES_PER_DAY);
    expect((await privacyStatus(deps, UID, NOW + 10)).archivesToday).toBe(ARCHIVES_PER_DAY);
    await archiveOf(deps, NOW + 25 * 3_600_000);
  });
});

describe('an account’s deletion', () => {
  it('is asked only with a sign-in made in the last minutes, and a second request keeps the first one’s clock', async () => {
    const { deps } = setup();
    await expect(requestDeletion(deps, UID, player(NOW - RECENT_SIGN_IN_MS - 1), NOW)).rejects.toMatchObject({ status: 401, details: { reason: 'signInAgain' } });
    const first = await requestDeletion(deps, UID, player(NOW - 1000), NOW);
    expect(first).toMatchObject({ id: deletionRequestId(UID), state: 'open', email: account.email, dueAt: NOW + 30 * 86_400_000 });
    expect((await requestDeletion(deps, UID, player(NOW + 5000), NOW + 6000)).requestedAt).toBe(NOW);
  });

  it('waits, saying why, while a payment is under way, a dispute is open or gems are owed: nothing is erased or closed', async () => {
    const { deps, calls } = setup({ waits: ['paymentUnderWay', 'gemsOwed'] });
    const asked = await requestDeletion(deps, UID, player(NOW), NOW);
    expect(asked.waitingFor).toEqual(['paymentUnderWay', 'gemsOwed']);
    await expect(carryOutDeletion(deps, asked.id, 'staff-1', NOW)).rejects.toMatchObject({
      status: 409,
      message: [privacyTexts.stillWaiting, DELETION_WAITS.paymentUnderWay, DELETION_WAITS.gemsOwed].join(' '),
    });
    expect(calls).toEqual([]);
  });

  it('carried out: erased, the account and its store sessions closed, then told and mailed once; a second time is refused', async () => {
    const { deps, calls } = setup();
    const asked = await requestDeletion(deps, UID, player(NOW), NOW);
    expect(await carryOutDeletion(deps, asked.id, 'staff-1', NOW + 1)).toMatchObject({ state: 'done', email: null, doneAt: NOW + 1 });
    expect(calls).toEqual([`erase ${UID}`, `close ${UID},ws_session-1`, `told the game and mailed ${account.email}`]);
    await expect(carryOutDeletion(deps, asked.id, 'staff-1', NOW + 2)).rejects.toMatchObject({ status: 409 });
    await expect(requestDeletion(deps, UID, player(NOW + 3), NOW + 3)).rejects.toMatchObject({ status: 404 });
    expect(calls).toHaveLength(3);
  });

  it('is withdrawn by the player while open, and then nothing is left to withdraw', async () => {
    const { deps } = setup();
    await requestDeletion(deps, UID, player(NOW), NOW);
    await cancelDeletion(deps, UID, NOW + 1);
    expect((await privacyStatus(deps, UID, NOW + 2)).deletion).toBeNull();
    await expect(cancelDeletion(deps, UID, NOW + 3)).rejects.toMatchObject({ status: 409 });
  });

  it('names what becomes of every collection the store keeps', () => {
    expect(Object.keys(AFTER_DELETION).sort()).toEqual(Object.keys(COLLECTIONS).sort());
  });
});
