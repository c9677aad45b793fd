/**
 * The daily gift (docs/daily-gift.md): a free reward a signed-in player claims once a store day (STORE_TIME_ZONE), on
 * a 7-day calendar staff set. A missed day loses nothing: the next claim is the calendar's next day, never day 1
 * again, and after day 7 it starts over. The server, the page and the console all read this.
 */

export const GIFT_CALENDAR_DAYS = 7;

/** The calendar a store starts with: gems for days 1 to 7. */
export const DEFAULT_GIFT_CALENDAR: readonly number[] = [20, 20, 30, 30, 50, 50, 100];

/** A gift is small by construction: staff cannot set a day above this. */
export const MAX_GIFT_GEMS = 500;

/** The calendar's step (1 to 7) a claim gives after the player's last claimed step (none yet: day 1). */
export const nextGiftStep = (lastStep: number | null): number => (lastStep === null ? 1 : (lastStep % GIFT_CALENDAR_DAYS) + 1);

/** Whether a calendar is one staff may set: 7 whole numbers of gems from 1 to MAX_GIFT_GEMS. */
export const isGiftCalendar = (calendar: unknown): calendar is number[] =>
  Array.isArray(calendar) && calendar.length === GIFT_CALENDAR_DAYS && calendar.every((gems) => Number.isInteger(gems) && gems >= 1 && gems <= MAX_GIFT_GEMS);

/** A claim counts as a return (and its player as a claimer, for the overview) within this many days of their claim before. */
export const GIFT_RETURN_DAYS = 7;

/** A claim as the player, support and the game read it. */
export interface GiftClaimView {
  /** gift-{store day}-{uid}: the claim's id, and the order id its game event carries. */
  claimId: string;
  /** The store day it was claimed on (yyyy-mm-dd in STORE_TIME_ZONE). */
  day: string;
  step: number;
  gems: number;
  at: number;
}

/**
 * daily_gift_players/{uid}: the player's last claims, newest first (at most GIFT_HISTORY_SHOWN): the first is where
 * they stand on the calendar, the rest their history. Only the server reads and writes it.
 */
export interface GiftPlayerRecord {
  recent: GiftClaimView[];
}

/** The gems of a player's gifts claimed at or after `at` (ms), from their record (none yet: 0). Their last claims reach back further than a refund's window. */
export const giftGemsSince = (record: GiftPlayerRecord | undefined, at: number): number =>
  (record?.recent ?? []).filter((claim) => claim.at >= at).reduce((sum, claim) => sum + claim.gems, 0);

/** GET /api/rewards/daily-gift: the calendar, where the player stands on it, and their last claims. */
export interface DailyGiftView {
  calendar: number[];
  /** Today, as the store's clock says (yyyy-mm-dd in STORE_TIME_ZONE). */
  today: string;
  /** When the next store day starts (ms): when a claimed gift can be claimed again. */
  nextDayAt: number;
  /** The calendar's day the next claim gives. */
  nextStep: number;
  claimedToday: GiftClaimView | null;
  /** Why this account cannot claim at all yet (dailyGiftTexts.notEligible), or null. */
  notEligible: string | null;
  /** The last claims, newest first. */
  history: GiftClaimView[];
}

/** POST /api/rewards/daily-gift: the browser's own id (kept in its storage), so one browser claims once a day. */
export interface DailyGiftClaimRequest {
  deviceId: string;
}

/** A browser's id, as every request that sends one gives it (../browserId). */
export { BROWSER_ID_PATTERN as DEVICE_ID_PATTERN } from '../browserId';

/** How many claims a player's history shows. */
export const GIFT_HISTORY_SHOWN = 14;

/** Staff's view of a day's claims (GET /api/support/daily-gifts?date=): each claim, and the accounts sharing an address or a browser. */
export interface DailyGiftDayView {
  date: string;
  claims: Array<GiftClaimView & { uid: string; addressKey: string; deviceKey: string }>;
  /** Two or more accounts that claimed from one address (or one browser) that day. */
  sharedAddresses: Array<{ addressKey: string; uids: string[] }>;
  sharedDevices: Array<{ deviceKey: string; uids: string[] }>;
  calendar: number[];
}

/** PUT /api/support/daily-gift/calendar */
export interface GiftCalendarRequest {
  calendar: number[];
}

export const dailyGiftTexts = {
  heading: 'Daily gift',
  navLink: 'Rewards',
  intro: 'Claim a free gift of gems once a day. It goes straight to your account and to the game.',
  noStreak:
    'Missing a day never costs you anything: your next claim is simply the next day of the calendar, and after day 7 it starts again at day 1.',
  dayLabel: (step: number) => `Day ${step}`,
  gems: (gems: number) => `${gems.toLocaleString('en-AU')} gems`,
  claim: (step: number, gems: number) => `Claim day ${step}: ${gems.toLocaleString('en-AU')} gems`,
  claiming: 'Claiming…',
  claimed: (step: number, gems: number) => `You claimed day ${step}: ${gems.toLocaleString('en-AU')} gems were added to your account.`,
  /** The history line a claim writes, for the player and the game's support alike. */
  historyLine: (step: number, gems: number) => `Daily gift, day ${step}: +${gems.toLocaleString('en-AU')} gems`,
  historyHeading: 'Your gifts',
  noHistory: 'You have not claimed a gift yet.',
  signIn: 'Sign in to claim your daily gift.',
  notEligible:
    'Daily gifts are for accounts that have bought a pack, or that signed in with the game on a game account at least a day old. Nothing was given.',
  alreadyClaimed: "You have already claimed today's gift. The next one is ready tomorrow.",
  deviceUsed: "This browser has already claimed today's gift for another account: each browser can claim one gift a day. Nothing was given.",
  addressLimit: 'Too many gifts were claimed from your internet connection today. Please try again tomorrow. Nothing was given.',
  badDevice: 'This browser could not be recognised. Please reload the page and try again.',
  calendarInvalid: `Each day's gift is a whole number of gems from 1 to ${MAX_GIFT_GEMS}, for all ${GIFT_CALENDAR_DAYS} days.`,
} as const;
