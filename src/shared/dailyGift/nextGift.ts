import { storeTimeFormat, zoneOffsetOf } from '../storeTime';
import { dayIn } from '../wallTime';

/**
 * When the next daily gift is ready, in the player's words: the page's alone (its own module, so no other page's
 * first load carries it).
 */
export const nextGiftTexts = {
  /** The next gift's time in the store's zone, where the player's clock shows the same ("tomorrow, from 12:00 am AEDT"). */
  comeBack: (day: string, time: string) => `Today's gift is claimed. The next one is ready ${day}, from ${time}.`,
  /** …and where it does not, in the player's zone first, then the store's ("today, from 9:00 pm AWST your time"). */
  comeBackElsewhere: (day: string, time: string, storeDay: string, storeTime: string) =>
    `Today's gift is claimed. The next one is ready ${day}, from ${time} your time (${storeDay}, ${storeTime} in the store's time).`,
} as const;

/** "today", "tomorrow" or the date ("1 December 2026") of `at`, as a reader in `timeZone` says it at `now`. */
export function dayWordIn(timeZone: string, at: number, now: number = Date.now()): string {
  if (dayIn(timeZone, at) === dayIn(timeZone, now)) return 'today';
  if (dayIn(timeZone, at) === dayIn(timeZone, now + 86_400_000)) return 'tomorrow';
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

/**
 * When the next gift is ready, in words: in the store's zone where the player's clock agrees with it, else in the
 * player's own zone first (a player in Perth reads 9:00 pm today, not 12:00 am tomorrow), then the store's.
 */
export function nextGiftText(nextDayAt: number, storeZone: string, readerZone: string | null, now: number = Date.now()): string {
  const inStore = storeTimeFormat(storeZone).time(nextDayAt);
  const storeDay = dayWordIn(storeZone, nextDayAt, now);
  if (!readerZone || sameClockAt(storeZone, readerZone, nextDayAt)) return nextGiftTexts.comeBack(storeDay, inStore);
  return nextGiftTexts.comeBackElsewhere(dayWordIn(readerZone, nextDayAt, now), storeTimeFormat(readerZone).time(nextDayAt), storeDay, inStore);
}

