import type { BooksCheckRecords } from '../../../src/server/ledger/booksCheckRecords';
import type { BooksCheckReport } from '../../../src/shared/booksCheck';

/** The nightly checks' reports in memory, by day. */
export function memoryBooksChecks(): BooksCheckRecords & { reports: Map<string, BooksCheckReport> } {
  const reports = new Map<string, BooksCheckReport>();
  return {
    reports,
    async save(report) {
      reports.set(report.date, report);
    },
    async latest() {
      return [...reports.values()].sort((a, b) => b.checkedAt - a.checkedAt)[0] ?? null;
    },
  };
}
