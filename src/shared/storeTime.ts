/** Dates and times as the store writes them: en-AU, in the store's time zone (STORE_TIME_ZONE). Screens and emails read these. */
export interface StoreTimeFormat {
  /** "22 Nov 2026, 3:04 pm AEDT" */
  dateTime: (ms: number) => string;
  /** "22 November 2026" */
  date: (ms: number) => string;
  /** "3:04 pm AEDT" */
  time: (ms: number) => string;
}

export function storeTimeFormat(timeZone: string): StoreTimeFormat {
  // A time always names its zone: a player in Perth reads a Sydney time for what it is.
  const clock = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } as const;
  const dateTime = new Intl.DateTimeFormat('en-AU', { timeZone, day: 'numeric', month: 'short', year: 'numeric', ...clock });
  const date = new Intl.DateTimeFormat('en-AU', { timeZone, dateStyle: 'long' });
  const time = new Intl.DateTimeFormat('en-AU', { timeZone, ...clock });
  return { dateTime: (ms) => dateTime.format(ms), date: (ms) => date.format(ms), time: (ms) => time.format(ms) };
}

/** The year it is in the time zone at that moment. */
export function yearIn(timeZone: string, now: number = Date.now()): number {
  return Number(new Intl.DateTimeFormat('en-AU', { timeZone, year: 'numeric' }).format(now));
}

/** The wall-clock offset of `timeZone` from UTC at `at` (ms; +11 h for Sydney in summer). */
export function zoneOffsetOf(timeZone: string, at: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  );
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(at / 1000) * 1000;
}

const DAY_MS = 86_400_000;

/** The calendar day of a moment in `timeZone`, "2026-11-29": two moments on the same day there share it. */
const dayIn = (timeZone: string, at: number) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

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


/** "today", "tomorrow" or the date ("1 December 2026") of `at`, as a reader in `timeZone` says it at `now`. */
export function dayWordIn(timeZone: string, at: number, now: number = Date.now()): string {
  if (dayIn(timeZone, at) === dayIn(timeZone, now)) return 'today';
  if (dayIn(timeZone, at) === dayIn(timeZone, now + DAY_MS)) return 'tomorrow';
  return storeTimeFormat(timeZone).date(at);
}

/** Whether two zones show the same clock at `at` (Sydney and Melbourne do; Sydney and Perth do not). */
export const sameClockAt = (zoneA: string, zoneB: string, at: number) => zoneOffsetOf(zoneA, at) === zoneOffsetOf(zoneB, at);

/** The reader's own time zone as their browser or system names it (Australia/Perth), or null where it names none. */
export function readerTimeZone(): string | null {
  try {
    return new Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}
