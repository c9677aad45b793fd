import { wallTimeExists, wallTimeIn } from '../storeTime';

/** A time frame's fields, as datetime-local fields give them: wall-clock times in the store's zone, '' for none. */
export interface ScheduleFields {
  startsAt: string;
  endsAt: string;
}

/**
 * What is wrong with a time frame whose times each read as a time (their fields check that): a time the clocks skip
 * when they go forward, which names no moment at all (ask for another rather than guess one), and an end not after
 * its start. One rule for the offers' times and the packs' schedules.
 */
export function scheduleIssues(timeZone: string, { startsAt, endsAt }: ScheduleFields): Array<{ field: keyof ScheduleFields; message: string }> {
  const issues: Array<{ field: keyof ScheduleFields; message: string }> = [];
  for (const [field, time] of [['startsAt', startsAt], ['endsAt', endsAt]] as const) {
    if (time !== '' && Number.isFinite(wallTimeIn(timeZone, time)) && !wallTimeExists(timeZone, time)) {
      issues.push({ field, message: `That time does not happen in ${timeZone}: the clocks go forward an hour then. Choose another.` });
    }
  }
  if (startsAt !== '' && endsAt !== '' && wallTimeIn(timeZone, endsAt) <= wallTimeIn(timeZone, startsAt)) {
    issues.push({ field: 'endsAt', message: 'The end must come after the start.' });
  }
  return issues;
}
