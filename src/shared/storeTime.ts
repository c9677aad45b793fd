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

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The moment (ms) a wall-clock time "2026-11-28T09:00" (a datetime-local field's value) names in `timeZone`; NaN for other text. */
export function wallTimeIn(timeZone: string, wallTime: string): number {
  const match = WALL_TIME.exec(wallTime);
  if (!match) return Number.NaN;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (new Date(wall).getUTCDate() !== day) return Number.NaN;
  // The offset at the guess may differ from the offset at the answer across a daylight-saving change.
  const guess = wall - zoneOffsetOf(timeZone, wall);
  return wall - zoneOffsetOf(timeZone, guess);
}

/** Whether a wall-clock time happens at all in `timeZone`: not in the hour the clocks skip when they go forward. */
export function wallTimeExists(timeZone: string, wallTime: string): boolean {
  const at = wallTimeIn(timeZone, wallTime);
  return Number.isFinite(at) && wallTimeOf(timeZone, at) === wallTime;
}

/** The wall-clock time "2026-11-28T09:00" of `at` in `timeZone`, as a datetime-local field takes it. */
export function wallTimeOf(timeZone: string, at: number): string {
  return new Date(at + zoneOffsetOf(timeZone, at)).toISOString().slice(0, 16);
}

const DAY_MS = 86_400_000;

/** A day as the store writes it: yyyy-mm-dd. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar day after `date` (yyyy-mm-dd), whatever the zone's clocks do. */
export const dayAfter = (date: string): string => new Date(Date.parse(`${date}T12:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** Whole calendar days from `from` to `to` (both yyyy-mm-dd). */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / DAY_MS);

/** The moment (ms) the store day after `at`'s begins in `timeZone`: its midnight, which daylight saving never skips in Sydney. */
export function nextDayStartIn(timeZone: string, at: number): number {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  return wallTimeIn(timeZone, `${dayAfter(today)}T00:00`);
}
