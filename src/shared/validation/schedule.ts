import { isWallTime, wallTimeAmbiguous, wallTimeExists, wallTimeIn, wallTimeShown } from '../wallTime';

/** A time frame's fields, as datetime-local fields give them: wall-clock times in the store's zone, '' for none. */
export interface ScheduleFields {
  startsAt: string;
  endsAt: string;
}

/** What a field says of a time the clocks repeat, until the staff member says which of the two they mean. */
export const ambiguousTimeMessage = (timeZone: string) => `That time happens twice in ${timeZone}: the clocks go back an hour then. Say which one you mean.`;

/**
 * What is wrong with a time frame whose times each read as a time (their fields check that): a time the clocks skip
 * when they go forward, which names no moment at all (ask for another rather than guess one), a time they repeat when
 * they go back that does not say which of the two (asked, never guessed), and an end not after its start. One rule for
 * the offers' times and the packs' schedules.
 */
export function scheduleIssues(timeZone: string, { startsAt, endsAt }: ScheduleFields): Array<{ field: keyof ScheduleFields; message: string }> {
  const issues: Array<{ field: keyof ScheduleFields; message: string }> = [];
  for (const [field, time] of [['startsAt', startsAt], ['endsAt', endsAt]] as const) {
    // A time that is no time at all is the field's own rule to say.
    if (time === '' || !isWallTime(time)) continue;
    if (!wallTimeExists(timeZone, wallTimeShown(time))) issues.push({ field, message: `That time does not happen in ${timeZone}: the clocks go forward an hour then. Choose another.` });
    else if (!Number.isFinite(wallTimeIn(timeZone, time))) issues.push({ field, message: `That offset is not ${timeZone}'s at that time.` });
    // A time the clocks repeat: the form asks which of the two (the console's schedule field offers both).
    else if (wallTimeAmbiguous(timeZone, time)) issues.push({ field, message: ambiguousTimeMessage(timeZone) });
  }
  if (startsAt !== '' && endsAt !== '' && wallTimeIn(timeZone, endsAt) <= wallTimeIn(timeZone, startsAt)) {
    issues.push({ field: 'endsAt', message: 'The end must come after the start.' });
  }
  return issues;
}
