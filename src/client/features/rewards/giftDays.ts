import type { DailyGiftView } from '../../../shared/dailyGift/dailyGift';

export type DayState = 'claimed' | 'today' | 'next' | 'later';
export const DAY_STATE_TEXT: Record<DayState, string> = { claimed: 'Claimed', today: 'Today', next: 'Next', later: '' };

/** Where each calendar day stands: claimed in this round of the calendar, today's (or, once claimed, the next), or later. */
export function dayStates(view: DailyGiftView): DayState[] {
  const claimedThrough = view.claimedToday ? view.claimedToday.step : view.nextStep - 1;
  return view.calendar.map((_gems, index) => {
    const step = index + 1;
    if (step <= claimedThrough) return 'claimed';
    if (step === view.nextStep) return view.claimedToday ? 'next' : 'today';
    return 'later';
  });
}
