import { DEFAULT_GIFT_CALENDAR, isGiftCalendar, nextGiftStep } from '../../shared/dailyGift/dailyGift';
import { nextDayStartIn } from '../../shared/wallTime';
import { decideClaim, GAME_ACCOUNT_MIN_AGE_MS, GAME_LEVEL_MIN, GAME_PLAYED_DAYS_MIN, mayClaim, type ClaimFacts } from './giftRules';

const facts = (changes: Partial<ClaimFacts> = {}): ClaimFacts => ({
  today: '2026-11-27',
  calendar: DEFAULT_GIFT_CALENDAR,
  claimedToday: false,
  last: null,
  eligible: true,
  deviceUsedByAnother: false,
  addressClaims: 0,
  addressLimit: 5,
  ...changes,
});

describe('the daily gift’s rules', () => {
  it('gives the calendar’s next step after the last claimed, whenever that was: a missed day never goes back to day 1', () => {
    expect(decideClaim(facts())).toEqual({ grant: { step: 1, gems: 20, returned: false } });
    expect(decideClaim(facts({ last: { step: 2, day: '2026-11-26' } }))).toEqual({ grant: { step: 3, gems: 30, returned: true } });
    // Two days missed: day 3 still, and a return within 7 days.
    expect(decideClaim(facts({ last: { step: 2, day: '2026-11-24' } }))).toEqual({ grant: { step: 3, gems: 30, returned: true } });
    // A month away: the next step all the same, not counted as a return.
    expect(decideClaim(facts({ last: { step: 5, day: '2026-10-20' } }))).toEqual({ grant: { step: 6, gems: 50, returned: false } });
  });

  it('starts again at day 1 after day 7', () => {
    expect(nextGiftStep(7)).toBe(1);
    expect(decideClaim(facts({ last: { step: 7, day: '2026-11-26' } }))).toMatchObject({ grant: { step: 1, gems: 20 } });
  });

  it('refuses a second claim of the day first, then an account that may not claim, then a browser or address used up', () => {
    expect(decideClaim(facts({ claimedToday: true, eligible: false, deviceUsedByAnother: true }))).toEqual({ refusal: 'alreadyClaimed' });
    expect(decideClaim(facts({ eligible: false, deviceUsedByAnother: true }))).toEqual({ refusal: 'notEligible' });
    expect(decideClaim(facts({ deviceUsedByAnother: true, addressClaims: 9 }))).toEqual({ refusal: 'deviceUsed' });
    expect(decideClaim(facts({ addressClaims: 5 }))).toEqual({ refusal: 'addressLimit' });
    expect(decideClaim(facts({ addressClaims: 4 }))).toMatchObject({ grant: { step: 1 } });
  });

  it('lets an account claim while a purchase of theirs stands, or once its game account is a day old and the game says it plays', () => {
    const now = Date.parse('2026-11-27T00:00:00Z');
    const dayOld = now - GAME_ACCOUNT_MIN_AGE_MS;
    const played = { playedDays: GAME_PLAYED_DAYS_MIN, level: 1 };
    expect(mayClaim({ paidStands: true, gameAccount: null }, now)).toBe(true);
    expect(mayClaim({ paidStands: false, gameAccount: null }, now)).toBe(false);
    expect(mayClaim({ paidStands: false, gameAccount: { createdAt: now - 60_000, progress: played } }, now)).toBe(false);
    expect(mayClaim({ paidStands: false, gameAccount: { createdAt: dayOld, progress: played } }, now)).toBe(true);
    expect(mayClaim({ paidStands: false, gameAccount: { createdAt: dayOld, progress: { playedDays: 1, level: GAME_LEVEL_MIN } } }, now)).toBe(true);
    // A day-old guest the game says nothing of, or one that barely played: made to farm, not a player.
    expect(mayClaim({ paidStands: false, gameAccount: { createdAt: dayOld, progress: null } }, now)).toBe(false);
    expect(mayClaim({ paidStands: false, gameAccount: { createdAt: dayOld, progress: { playedDays: GAME_PLAYED_DAYS_MIN - 1, level: GAME_LEVEL_MIN - 1 } } }, now)).toBe(false);
  });

  it('keeps every day of a calendar between 1 and 500 gems, seven days', () => {
    expect(isGiftCalendar([...DEFAULT_GIFT_CALENDAR])).toBe(true);
    expect(isGiftCalendar([20, 20, 30, 30, 50, 50, 501])).toBe(false);
    expect(isGiftCalendar([20, 20, 30, 30, 50, 50, 0])).toBe(false);
    expect(isGiftCalendar([20, 20, 30, 30, 50, 50])).toBe(false);
    expect(isGiftCalendar([20, 20, 30, 30, 50, 50, 2.5])).toBe(false);
  });

  it('starts the next store day at Sydney’s midnight, across its clock changes', () => {
    // 4 October 2026: clocks go forward at 2 am (a 23-hour day); 5 April 2026: back at 3 am (a 25-hour day).
    const next = (utc: string) => new Date(nextDayStartIn('Australia/Sydney', Date.parse(utc))).toISOString();
    expect(next('2026-10-03T13:30:00Z')).toBe('2026-10-03T14:00:00.000Z');
    expect(next('2026-10-03T14:30:00Z')).toBe('2026-10-04T13:00:00.000Z');
    expect(next('2026-04-04T13:30:00Z')).toBe('2026-04-05T14:00:00.000Z');
  });
});
