import { GIFT_CALENDAR_DAYS, MAX_GIFT_GEMS } from '../../../../shared/dailyGift/dailyGift';

/** Support's daily gifts screen's words. */
export const dailyGiftsTexts = {
  title: 'Daily gifts',
  day: 'Store day',
  claims: (count: number) => `${count.toLocaleString('en-AU')} claims`,
  noClaims: 'Nobody claimed a gift on this day.',
  player: 'Player',
  at: 'Claimed at',
  step: 'Calendar day',
  gems: 'Gems',
  address: 'Address (hash)',
  browser: 'Browser (hash)',
  sharedHeading: 'Accounts claiming from one address or browser',
  noneShared: 'No two accounts claimed from one address or one browser on this day.',
  sharedAddress: (key: string, uids: string[]) => `Address ${key}: ${uids.join(', ')}`,
  sharedBrowser: (key: string, uids: string[]) => `Browser ${key}: ${uids.join(', ')}`,
  calendarHeading: 'The calendar',
  calendarHint: `Gems for each of the ${GIFT_CALENDAR_DAYS} days, 1 to ${MAX_GIFT_GEMS} each. Players see a change at their next visit.`,
  save: 'Save the calendar',
  saved: 'The calendar is saved.',
} as const;
