import type { LedgerEntry } from '../../shared/ledger';
import type { DailyCounter } from '../../shared/stats';
import type { DayCounts } from '../overview/dailyStats';

/** The day's counts of the gem ledger (shared/stats): entries, gems given, gems taken. */
export type LedgerCounter = Extract<DailyCounter, 'gemEntries' | 'gemsCredited' | 'gemsTakenBack'>;
export const LEDGER_COUNTERS: readonly LedgerCounter[] = ['gemEntries', 'gemsCredited', 'gemsTakenBack'];

/** What entries add to their day's counts: the door counts them so, and the nightly check of the books sums a day's entries so. */
export function countsOfEntries(entries: readonly Pick<LedgerEntry, 'gems'>[]): Record<LedgerCounter, number> {
  return {
    gemEntries: entries.length,
    gemsCredited: entries.reduce((sum, entry) => sum + Math.max(entry.gems, 0), 0),
    gemsTakenBack: entries.reduce((sum, entry) => sum + Math.max(-entry.gems, 0), 0),
  };
}

/** A move's day counts with its entries' counted too. */
export function ledgerDayCounts(entries: readonly Pick<LedgerEntry, 'gems'>[], day: DayCounts): DayCounts {
  if (entries.length === 0) return day;
  return { ...day, counts: { ...day.counts, ...countsOfEntries(entries) } };
}
