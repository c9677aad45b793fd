/**
 * The refund policy promises a reply within 3 working days. Working days are Monday to Friday in the
 * store's time zone (public holidays are not counted out). A request made on a Monday is due by the end of
 * Thursday; one made on a Friday, by the end of Wednesday.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day a moment falls on in the time zone, as a day number (days since 1970-01-01). */
function localDay(ms: number, timeZone: string): number {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(ms)
    .split('-')
    .map(Number);
  return Date.UTC(year!, month! - 1, day!) / DAY_MS;
}

const isWorkingDay = (day: number) => ![0, 6].includes(new Date(day * DAY_MS).getUTCDay());

/** Working days after `from`, up to and including `to`. */
function workingDaysAfter(from: number, to: number): number {
  let count = 0;
  for (let day = from + 1; day <= to; day += 1) if (isWorkingDay(day)) count += 1;
  return count;
}

export interface ReplyDue {
  /** The last day to reply, as midnight UTC of that calendar day (format it in UTC). */
  dueDate: number;
  /** Working days left after today (0: due today; negative: overdue by that many working days). */
  workingDaysLeft: number;
}

export function replyDue(requestedAt: number, now: number, timeZone: string, promisedWorkingDays: number): ReplyDue {
  let due = localDay(requestedAt, timeZone);
  for (let added = 0; added < promisedWorkingDays; ) {
    due += 1;
    if (isWorkingDay(due)) added += 1;
  }
  const today = localDay(now, timeZone);
  const workingDaysLeft = today <= due ? workingDaysAfter(today, due) : -workingDaysAfter(due, today);
  return { dueDate: due * DAY_MS, workingDaysLeft };
}

/** "2 working days left", "due today", "1 working day overdue". */
export function describeReplyDue({ workingDaysLeft }: ReplyDue): string {
  const days = (n: number) => `${n} working day${n === 1 ? '' : 's'}`;
  if (workingDaysLeft > 0) return `${days(workingDaysLeft)} left`;
  if (workingDaysLeft === 0) return 'due today';
  return `${days(-workingDaysLeft)} overdue`;
}
