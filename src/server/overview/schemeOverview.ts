import { dateIn } from '../../shared/protections/age';
import { schemeRates, type SchemeRates } from '../../shared/risk/schemeRates';
import type { StatsRepository } from './statsRepository';

/** How many quarters the panel shows: this one and the two before (AusPayNet reads two in a row). */
const QUARTERS_SHOWN = 3;

/** The first day of the quarter `back` quarters before the one `date` (yyyy-mm-dd) is in. */
export function quarterStart(date: string, back: number): string {
  const year = Number(date.slice(0, 4));
  const quarter = Math.floor((Number(date.slice(5, 7)) - 1) / 3) - back;
  const startYear = year + Math.floor(quarter / 4);
  const startMonth = (((quarter % 4) + 4) % 4) * 3 + 1;
  return `${startYear}-${String(startMonth).padStart(2, '0')}-01`;
}

/**
 * GET /api/support/overview/schemes: the card schemes' and AusPayNet's ratios by month and by quarter, over this
 * quarter and the two before, from the day's counts (the stored days only: a quarter is read once, never its orders).
 */
export async function schemeOverview(deps: { stats: StatsRepository; timeZone: string }, now = Date.now()): Promise<SchemeRates> {
  const today = dateIn(deps.timeZone, now);
  const stored = await deps.stats.days(quarterStart(today, QUARTERS_SHOWN - 1), today);
  return schemeRates(stored.map((day) => ({ date: day.date, ...day.counts })));
}
