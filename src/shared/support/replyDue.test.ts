import { describeReplyDue, replyDue } from './replyDue';

const sydney = 'Australia/Sydney';
/** A moment at `hour` o'clock, Sydney time (AEDT, UTC+11, in November 2026), on the given November day. */
const at = (day: number, hour = 10) => Date.UTC(2026, 10, day, hour - 11);
const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('replyDue: 3 working days of the refund policy', () => {
  it('a request on Monday is due on Thursday, with the working days counted down', () => {
    // 16 November 2026 is a Monday.
    expect(ymd(replyDue(at(16), at(16), sydney, 3).dueDate)).toBe('2026-11-19');
    expect([16, 17, 18, 19].map((day) => replyDue(at(16), at(day), sydney, 3).workingDaysLeft)).toEqual([3, 2, 1, 0]);
    expect(replyDue(at(16), at(20), sydney, 3).workingDaysLeft).toBe(-1);
  });

  it('skips the weekend: a request on Friday is due on Wednesday, and a weekend is not overdue time', () => {
    expect(ymd(replyDue(at(20), at(20), sydney, 3).dueDate)).toBe('2026-11-25');
    expect(replyDue(at(20), at(21), sydney, 3).workingDaysLeft).toBe(3);
    expect(replyDue(at(20), at(23), sydney, 3).workingDaysLeft).toBe(2);
    // A request on Saturday counts from Monday: due Wednesday too.
    expect(ymd(replyDue(at(21), at(21), sydney, 3).dueDate)).toBe('2026-11-25');
    // A request on Thursday is due on Tuesday; by the Saturday after, Wednesday to Friday have passed.
    expect(ymd(replyDue(at(19), at(19), sydney, 3).dueDate)).toBe('2026-11-24');
    expect(replyDue(at(19), at(28), sydney, 3).workingDaysLeft).toBe(-3);
  });

  it('counts days in the store’s time zone: 11 pm UTC on Sunday is already Monday in Sydney', () => {
    const sundayUtcLate = Date.UTC(2026, 10, 15, 23, 0);
    expect(ymd(replyDue(sundayUtcLate, sundayUtcLate, sydney, 3).dueDate)).toBe('2026-11-19');
    expect(ymd(replyDue(sundayUtcLate, sundayUtcLate, 'UTC', 3).dueDate)).toBe('2026-11-18');
  });

  it('says it in words', () => {
    expect([2, 1, 0, -1, -3].map((workingDaysLeft) => describeReplyDue({ dueDate: 0, workingDaysLeft }))).toEqual([
      '2 working days left',
      '1 working day left',
      'due today',
      '1 working day overdue',
      '3 working days overdue',
    ]);
  });
});
