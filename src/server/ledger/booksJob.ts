import { dateIn } from '../../shared/protections/age';
import { DAY_PATTERN, wallTimeIn } from '../../shared/wallTime';
import type { BooksCheckReport } from '../../shared/booksCheck';
import type { Settings } from '../config/settings';
import type { GameEventsRepository } from '../gameDelivery/gameEventsRepository';
import { HttpError } from '../http/errors';
import { repeatPasses } from '../lib/onePassAtATime';
import type { Logger } from '../lib/logger';
import type { StatsRepository } from '../overview/statsRepository';
import { apartWords, checkBooks } from './booksCheck';
import type { BooksCheckRecords } from './booksCheckRecords';
import type { GameBooks } from './gameBooksClient';
import type { LedgerRepository } from './ledgerRepository';

export interface BooksJobDeps {
  settings: Pick<Settings, 'STORE_TIME_ZONE' | 'BOOKS_CHECK_INTERVAL_MS'>;
  ledger: LedgerRepository;
  gameEvents: GameEventsRepository;
  stats: StatsRepository;
  booksChecks: BooksCheckRecords;
  gameBooks: GameBooks | null;
  log: Logger;
}

/** The store day before `now`'s, in `timeZone`. */
export function yesterdayIn(timeZone: string, now: number): string {
  return dateIn(timeZone, wallTimeIn(timeZone, `${dateIn(timeZone, now)}T00:00`) - 1);
}

/** Checks a store day's books (yesterday's unless `date` names one, yyyy-mm-dd), keeps the report, and logs anything apart. */
export async function runBooksCheck(deps: BooksJobDeps, date: unknown, now = Date.now()): Promise<BooksCheckReport> {
  if (date !== undefined && (typeof date !== 'string' || !DAY_PATTERN.test(date))) throw new HttpError(400, 'date: a store day, yyyy-mm-dd.');
  const day = (date as string | undefined) ?? yesterdayIn(deps.settings.STORE_TIME_ZONE, now);
  const report = await checkBooks(
    {
      timeZone: deps.settings.STORE_TIME_ZONE,
      entriesMadeBetween: (from, to) => deps.ledger.madeBetween(from, to),
      allEntriesOf: (uid) => deps.ledger.allOf(uid),
      standingOf: (uid) => deps.ledger.standingOf(uid),
      gameEvents: (ids) => deps.gameEvents.findMany(ids),
      dayCounts: async (of) => (await deps.stats.days(of, of))[0]?.counts ?? {},
      gameBooks: deps.gameBooks,
    },
    day,
    now,
  );
  await deps.booksChecks.save(report);
  for (const item of report.apart) deps.log.error({ event: 'books.apart', date: day, uid: item.uid, gems: item.gems, entryId: item.entryId, what: apartWords(item) });
  deps.log.info({ event: 'books.checked', date: day, players: report.players, entries: report.entries, apart: report.apart.length, game: report.game });
  return report;
}

/**
 * The job endpoint's check (any day asked; two at once only read twice and keep the same report), and npm start's timer,
 * which checks yesterday's books once each day: a day checked already is left alone.
 */
export const booksJob = (deps: BooksJobDeps) => ({
  check: (date?: unknown) => runBooksCheck(deps, date),
  start: () =>
    repeatPasses(
      deps.settings.BOOKS_CHECK_INTERVAL_MS,
      {
        pass: async () => {
          const latest = await deps.booksChecks.latest();
          if (latest?.date !== yesterdayIn(deps.settings.STORE_TIME_ZONE, Date.now())) await runBooksCheck(deps, undefined);
        },
      },
      deps.log,
      'books.check_failed',
    ),
});
