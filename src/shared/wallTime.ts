/**
 * Wall-clock times in a zone, and the store's days: the moment a "2026-11-28T09:00" names, the day a moment falls on,
 * the day after. The console's schedules, the daily gift and the server's days read these; a shop page needs only the
 * written times (./storeTime).
 */
import { zoneOffsetOf } from './storeTime';

/** A day of the clock (24 hours), in ms. */
export const DAY_MS = 86_400_000;

/** The calendar day of a moment in `timeZone`, "2026-11-29": two moments on the same day there share it. */
export const dayIn = (timeZone: string, at: number) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** A wall-clock time as a datetime-local field gives it, "2026-11-28T09:00", with its UTC offset where it says which of two ("+11:00"). */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})([+-]\d{2}:\d{2})?$/;

/** A wall time's date and time as if it were UTC (ms), or null for text that is not one (or a day that does not exist). */
function wallClockOf(wallTime: string): number | null {
  const match = WALL_TIME.exec(wallTime);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  return new Date(wall).getUTCDate() === day ? wall : null;
}

/** Whether the text is a wall time at all: a real date and time (whether the zone's clocks show it is another matter). */
export const isWallTime = (wallTime: string) => wallClockOf(wallTime) !== null;

/** An offset as a wall time carries it: "+11:00". */
const offsetText = (ms: number) => {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  return `${ms < 0 ? '-' : '+'}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

/**
 * Every moment a wall-clock time "2026-04-05T02:30" names in `timeZone`, earliest first, each with its UTC offset: none
 * in the hour the clocks skip when they go forward, two in the hour they repeat when they go back, one otherwise.
 */
export function wallTimeChoices(timeZone: string, wallTime: string): Array<{ at: number; offset: string }> {
  const wall = wallClockOf(wallTime);
  if (wall === null) return [];
  // A zone's offsets a day either side of it hold every offset the wall time could be read in.
  const offsets = [...new Set([zoneOffsetOf(timeZone, wall - DAY_MS), zoneOffsetOf(timeZone, wall), zoneOffsetOf(timeZone, wall + DAY_MS)])];
  return offsets
    .map((offset) => ({ at: wall - offset, offset: offsetText(offset) }))
    .filter(({ at }) => zoneOffsetOf(timeZone, at) === wall - at)
    .sort((a, b) => a.at - b.at);
}

/**
 * The moment (ms) a wall-clock time "2026-11-28T09:00" (a datetime-local field's value) names in `timeZone`; NaN for
 * other text, and for a time the clocks skip. Of a time that happens twice (the clocks go back), the one its offset
 * names ("2026-04-05T02:30+11:00"), or the first when it names none: a form asks which (validation/schedule).
 */
export function wallTimeIn(timeZone: string, wallTime: string): number {
  const choices = wallTimeChoices(timeZone, wallTime);
  const offset = WALL_TIME.exec(wallTime)?.[6];
  const chosen = offset ? choices.find((choice) => choice.offset === offset) : choices[0];
  return chosen?.at ?? Number.NaN;
}

/** The text a datetime-local field shows of a wall time: without the offset that may say which of two it is. */
export const wallTimeShown = (wallTime: string) => wallTime.slice(0, 16);

/** Whether a wall time happens twice in `timeZone` and does not say which. */
export const wallTimeAmbiguous = (timeZone: string, wallTime: string) => WALL_TIME.exec(wallTime)?.[6] === undefined && wallTimeChoices(timeZone, wallTime).length > 1;

/** Whether a wall-clock time happens at all in `timeZone`: not in the hour the clocks skip when they go forward. */
export function wallTimeExists(timeZone: string, wallTime: string): boolean {
  return wallTimeChoices(timeZone, wallTime).length > 0;
}

/** The wall-clock time "2026-11-28T09:00" of `at` in `timeZone`, as a datetime-local field takes it. */
export function wallTimeOf(timeZone: string, at: number): string {
  return new Date(at + zoneOffsetOf(timeZone, at)).toISOString().slice(0, 16);
}

/** The wall time of `at` as a form holds it: with its offset where the time happens twice, so the form keeps which. */
export function wallTimeFieldOf(timeZone: string, at: number): string {
  const wall = wallTimeOf(timeZone, at);
  return wallTimeChoices(timeZone, wall).length > 1 ? `${wall}${offsetText(zoneOffsetOf(timeZone, at))}` : wall;
}


/** A day as the store writes it: yyyy-mm-dd. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar day after `date` (yyyy-mm-dd), whatever the zone's clocks do. */
export const dayAfter = (date: string): string => new Date(Date.parse(`${date}T12:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** Whole calendar days from `from` to `to` (both yyyy-mm-dd). */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / DAY_MS);

/** The moment (ms) the store day after `at`'s begins in `timeZone`: its midnight, which daylight saving never skips in Sydney. */
export function nextDayStartIn(timeZone: string, at: number): number {
  return wallTimeIn(timeZone, `${dayAfter(dayIn(timeZone, at))}T00:00`);
}
