import { DEFAULT_GIFT_CALENDAR, type DailyGiftView } from '../../../shared/dailyGift/dailyGift';
import { dayStates } from './giftDays';

const view = (changes: Partial<DailyGiftView>): DailyGiftView => ({
  calendar: [...DEFAULT_GIFT_CALENDAR],
  today: '2026-11-28',
  nextDayAt: 0,
  nextStep: 1,
  claimedToday: null,
  notEligible: null,
  history: [],
  ...changes,
});
const claim = (step: number) => ({ claimId: 'gift-2026-11-28-u', day: '2026-11-28', step, gems: 30, at: 0 });

describe('the gift calendar’s days', () => {
  it('marks the days claimed in this round, today’s, and the later ones', () => {
    expect(dayStates(view({ nextStep: 4 }))).toEqual(['claimed', 'claimed', 'claimed', 'today', 'later', 'later', 'later']);
  });

  it('once today’s is claimed, shows it claimed and the next as next', () => {
    expect(dayStates(view({ nextStep: 4, claimedToday: claim(3) }))).toEqual(['claimed', 'claimed', 'claimed', 'next', 'later', 'later', 'later']);
  });

  it('starts a new round after day 7, and shows day 7 claimed on the day it was', () => {
    expect(dayStates(view({ nextStep: 1 }))).toEqual(['today', 'later', 'later', 'later', 'later', 'later', 'later']);
    expect(dayStates(view({ nextStep: 1, claimedToday: claim(7) }))).toEqual(['claimed', 'claimed', 'claimed', 'claimed', 'claimed', 'claimed', 'claimed']);
  });
});
