import { policyFacts } from '../policy';

/**
 * A player's age, from the date of birth given at sign-up (YYYY-MM-DD), as the store's terms read it: at
 * policyFacts.minimumAge a player buys on their own; younger, only once a guardian has consented.
 */
export type AgeBand = 'adult' | 'teen' | 'underMinimum';

/** The calendar date it is in `timeZone` at `at`, as YYYY-MM-DD. */
export function dateIn(timeZone: string, at: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** Whole years from `birthDate` to `today` (both YYYY-MM-DD): a birthday counts from its own day. */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

export function ageBandOf(birthDate: string, today: string): AgeBand {
  const age = ageOn(birthDate, today);
  if (age < policyFacts.minimumAge) return 'underMinimum';
  return age < 18 ? 'teen' : 'adult';
}

/** A real calendar date, YYYY-MM-DD, from 1900-01-01 up to `today`. */
export function isPlausibleBirthDate(text: string, today: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && text >= '1900-01-01' && text <= today;
}
