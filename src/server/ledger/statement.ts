import { stringify } from 'csv-stringify/sync';
import { parseStatementCursor, statementCursor, statementLineOf, statementWords, STATEMENT_PAGE_LINES, type LedgerEntry, type StatementPage } from '../../shared/ledger';
import { wallTimeOf } from '../../shared/wallTime';
import { HttpError } from '../http/errors';
import type { LedgerRepository } from './ledgerRepository';

/**
 * A page of the player's statement, newest first, after the `before` cursor (the API's parameter; absent: the first
 * page), with their gems now. Support reads the same.
 */
export async function statementPage(ledger: LedgerRepository, uid: string, before: unknown): Promise<StatementPage> {
  const cursor = typeof before === 'string' && before !== '' ? parseStatementCursor(before) : null;
  if (before !== undefined && before !== '' && cursor === null) throw new HttpError(400, 'That is not a place in the statement.');
  // The gems first, then the entries up to the last one they name (a move made meanwhile shows at the next read), one
  // more than a page: whether another page follows.
  const { gems, seq } = await ledger.standingOf(uid);
  const entries = await ledger.page(uid, STATEMENT_PAGE_LINES + 1, Math.min(cursor ?? Infinity, (seq ?? 0) + 1));
  const lines = entries.slice(0, STATEMENT_PAGE_LINES);
  return { ...gems, lines: lines.map(statementLineOf), next: entries.length > STATEMENT_PAGE_LINES ? statementCursor(lines.at(-1)!) : null };
}

/** The CSV columns: the same lines as the page, the time as the store's clock reads it, the entry's id to quote to support. */
export const STATEMENT_CSV_COLUMNS = ['Time', 'What', 'Gems', 'Balance after', 'Owed after', 'Order', 'Gift', 'Entry'] as const;

/** A cell a spreadsheet would take for a formula (=, +, -, @, a tab or a return first) is kept as text (every CSV the store writes). */
export const asText = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

/** The player's whole statement as CSV, newest first as the page reads, times in `timeZone` (STORE_TIME_ZONE, named in the header). */
export function statementCsv(entries: readonly LedgerEntry[], timeZone: string): string {
  const rows = [...entries]
    .reverse()
    .map((entry) => [
      wallTimeOf(timeZone, entry.at).replace('T', ' '),
      asText(statementWords(entry)),
      entry.gems,
      entry.balanceAfter,
      entry.debtAfter,
      asText(entry.orderId ?? ''),
      asText(entry.claimId ?? ''),
      asText(entry.id),
    ]);
  const header = STATEMENT_CSV_COLUMNS.map((column) => (column === 'Time' ? `Time (${timeZone})` : column));
  return stringify([header, ...rows], { record_delimiter: 'windows' });
}
