import type { Firestore } from 'firebase-admin/firestore';
import type { BooksCheckReport } from '../../shared/booksCheck';
import { COLLECTIONS } from '../../shared/firestorePaths';

/** The nightly checks' reports (books_checks/{date}): the last one is on support's health view. */
export interface BooksCheckRecords {
  /** Keeps a night's report; a day checked again keeps the newer. */
  save(report: BooksCheckReport): Promise<void>;
  /** The most recent report, or null before the first check. */
  latest(): Promise<BooksCheckReport | null>;
}

/** Firestore refuses undefined values. */
const plain = (report: BooksCheckReport) => JSON.parse(JSON.stringify(report)) as BooksCheckReport;

export function firestoreBooksChecks(db: Firestore): BooksCheckRecords {
  const checks = db.collection(COLLECTIONS.booksChecks);
  return {
    async save(report) {
      await checks.doc(report.date).set(plain(report));
    },
    async latest() {
      const snapshot = await checks.orderBy('checkedAt', 'desc').limit(1).get();
      return (snapshot.docs[0]?.data() as BooksCheckReport | undefined) ?? null;
    },
  };
}
