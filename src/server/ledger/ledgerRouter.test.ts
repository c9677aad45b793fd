import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { fakePlayerAuth } from '../../../test/support/fakePlayerAuth';
import { memoryBooks } from '../../../test/support/memoryBooks';
import { signedGameCall } from '../../../scripts/game/gameServerCalls';
import { API_BASE, API_ROUTES } from '../../shared/api';
import { STATEMENT_PAGE_LINES } from '../../shared/ledger';
import { statementTexts } from '../../shared/statementTexts';
import { createApp } from '../app';
import { statementCsv } from './statement';

const { auth, storeSessionOf } = fakePlayerAuth();

type Books = Awaited<ReturnType<typeof memoryBooks>>;

async function withApi(run: (api: { get: (path: string, token: string) => Promise<Response>; spend: (body: unknown, secret?: string) => Promise<{ status: number; body: any }> }, books: Books) => Promise<void>) {
  const books = await memoryBooks('ana');
  const server: Server = createApp({ settings: books.deps.settings, payments: { deps: books.deps, auth } }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await run(
      {
        get: (path, token) => fetch(`${base}${API_BASE}${path}`, { headers: { Authorization: `Bearer ${token}` } }),
        spend: (body, secret = books.deps.settings.GAME_WEBHOOK_SECRET) => signedGameCall<any>(base, secret, API_ROUTES.gameGemsSpent, body),
      },
      books,
    );
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('the player’s statement', () => {
  it('reads every move newest first, a page at a time, with the balance; as CSV the same rows; only the player’s own', async () => {
    await withApi(async ({ get }, { driver, memory }) => {
      // 55 moves: more than a page. Two packs (the first with its bonus), then gifts and spends.
      await driver.buy(3, false);
      await driver.buy(1, false);
      for (let day = 1; day <= 30; day += 1) await driver.gift(day);
      for (let spend = 1; spend <= 23; spend += 1) await driver.spend(7, `spend-${spend}`);
      const entries = memory.ledgerEntries.get('ana')!;
      expect(entries).toHaveLength(55);

      const first = await (await get(API_ROUTES.gemStatement, 'ana')).json();
      expect(first.lines).toHaveLength(STATEMENT_PAGE_LINES);
      expect(first.lines[0]).toMatchObject({ kind: 'spent', gems: -7, words: 'Spent in the game' });
      expect(first.lines[0].balanceAfter).toBe(first.balance);
      expect(first.next).toEqual(expect.any(String));
      const second = await (await get(`${API_ROUTES.gemStatement}?before=${first.next}`, 'ana')).json();
      expect(second.lines.map((line: { kind: string }) => line.kind)).toEqual(['daily_gift', 'daily_gift', 'daily_gift', 'purchase', 'purchase']);
      expect(second.lines.at(-1)).toMatchObject({ gems: 3500 + 1750, words: 'Bought: Pouch of Gem, order ' + entries[0]!.orderId + ', with 1,750 bonus gems (first-purchase bonus)' });
      expect(second.next).toBeNull();
      expect((await get(`${API_ROUTES.gemStatement}?before=abc`, 'ana')).status).toBe(400);
      // Another player reads their own, empty.
      expect(await (await get(API_ROUTES.gemStatement, 'ben')).json()).toEqual({ balance: 0, debt: 0, lines: [], next: null });

      const csv = await get(API_ROUTES.gemStatementCsv, 'ana');
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(csv.headers.get('content-disposition')).toBe('attachment; filename="wyrmcrown-gem-statement.csv"');
      const rows = parse(await csv.text()) as string[][];
      expect(rows[0]).toEqual(['Time (Australia/Sydney)', 'What', 'Gems', 'Balance after', 'Owed after', 'Order', 'Gift', 'Entry']);
      expect(rows.slice(1).map((row) => row[7])).toEqual([...first.lines, ...second.lines].map((line: { id: string }) => line.id));
      expect(rows.slice(1).map((row) => [row[1], Number(row[2]), Number(row[3])])).toEqual([...first.lines, ...second.lines].map((line: any) => [line.words, line.gems, line.balanceAfter]));
    });
  });

  it('is hidden from a browser signed in with the game until the game confirms it for the account’s personal data', async () => {
    await withApi(async ({ get }, { driver }) => {
      await driver.buy(1, false);
      const phished = await get(API_ROUTES.gemStatement, storeSessionOf('ana', 'ws_phished0000000000000', false));
      expect([phished.status, await phished.json()]).toEqual([403, { error: statementTexts.confirmInGame, reason: 'confirmInGame' }]);
      expect((await get(API_ROUTES.gemStatementCsv, storeSessionOf('ana', 'ws_phished0000000000000', false))).status).toBe(403);
      const confirmed = await get(API_ROUTES.gemStatement, storeSessionOf('ana', 'ws_confirmed000000000000', true));
      expect(confirmed.status).toBe(200);
      expect((await confirmed.json()).lines).toHaveLength(1);
    });
  });

  it('keeps a spreadsheet from taking a text cell for a formula; numbers stay numbers', () => {
    const entry = { id: 'x', uid: 'ana', seq: 1, kind: 'refund' as const, gems: -5, bonusGems: 0, debtPaid: 0, debtAdded: 0, balanceAfter: 0, debtAfter: 0, orderId: '=HYPERLINK("https://evil.example")', at: 0 };
    const rows = parse(statementCsv([entry], 'Australia/Sydney')) as string[][];
    expect(rows[1]).toEqual(['1970-01-01 10:00', 'Taken back: order =HYPERLINK("https://evil.example") is refunded to you', '-5', '0', '0', `'=HYPERLINK("https://evil.example")`, '', 'x']);
  });
});

describe('a spend the game’s server asks for', () => {
  it('takes the gems once by its id while the balance holds them, signed; anything else changes nothing', async () => {
    await withApi(async ({ spend }, { driver, memory }) => {
      await driver.buy(1, false);
      const taken = await spend({ uid: 'ana', spendId: 'sword-1', gems: 400 });
      expect(taken).toEqual({ status: 200, body: { uid: 'ana', spendId: 'sword-1', entryId: 'spent-sword-1', balance: 1100, debt: 0, repeated: false } });
      // The same spend again (a retry): the same entry, nothing taken twice.
      await expect(spend({ uid: 'ana', spendId: 'sword-1', gems: 400 })).resolves.toEqual({ status: 200, body: { ...taken.body, repeated: true } });
      // More than the balance holds: refused, nothing written.
      await expect(spend({ uid: 'ana', spendId: 'castle', gems: 1101 })).resolves.toMatchObject({ status: 409 });
      await expect(spend({ uid: 'nobody', spendId: 'x', gems: 1 })).resolves.toMatchObject({ status: 404 });
      await expect(spend({ uid: 'ana', spendId: 'bad id!', gems: 1 })).resolves.toMatchObject({ status: 400 });
      await expect(spend({ uid: 'ana', spendId: 'half', gems: 0.5 })).resolves.toMatchObject({ status: 400 });
      await expect(spend({ uid: 'ana', spendId: 'forged', gems: 1 }, 'whsec_bm90LXRoZS1nYW1lcy1zZWNyZXQtYXQtYWxsLW5vcGU=')).resolves.toMatchObject({ status: 401 });
      expect(memory.ledgerEntries.get('ana')!.map((entry) => [entry.kind, entry.gems, entry.balanceAfter])).toEqual([
        ['purchase', 1500, 1500],
        ['spent', -400, 1100],
      ]);
    });
  });
});
