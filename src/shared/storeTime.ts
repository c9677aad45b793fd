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
