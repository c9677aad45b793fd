import { GIFT_HISTORY_SHOWN, GIFT_RETURN_DAYS, dailyGiftTexts, nextGiftStep, type GiftClaimView, type GiftPlayerRecord } from '../../shared/dailyGift/dailyGift';
import type { GiftRefusal } from '../../shared/dailyGift/giftRefusals';
import { daysBetween } from '../../shared/wallTime';
import type { GameProgress } from '../../shared/gameSignIn/gameProgress';

/** Why a claim gives nothing, each with its status and the player's words. */
export const GIFT_REFUSALS: Record<GiftRefusal, { status: number; message: string }> = {
  alreadyClaimed: { status: 409, message: dailyGiftTexts.alreadyClaimed },
  notEligible: { status: 403, message: dailyGiftTexts.notEligible },
  deviceUsed: { status: 409, message: dailyGiftTexts.deviceUsed },
  addressLimit: { status: 429, message: dailyGiftTexts.addressLimit },
};


/** What a claim is decided from, as the claim's commit read it. */
export interface ClaimFacts {
  today: string;
  calendar: readonly number[];
  /** The player's claim of today exists already. */
  claimedToday: boolean;
  /** Where the player stands: their last claim's step and day (none yet: null). */
  last: Pick<GiftClaimView, 'step' | 'day'> | null;
  /** The account may claim at all (a paid purchase, or a game account at least a day old). */
  eligible: boolean;
  /** Another account claimed today from this browser. */
  deviceUsedByAnother: boolean;
  /** Claims made from this address today, and how many one address may make. */
  addressClaims: number;
  addressLimit: number;
}

export type ClaimDecision = { refusal: GiftRefusal } | { grant: { step: number; gems: number; returned: boolean } };

/**
 * One claim, decided: the player's own claim of today first (the plainest answer to a second press), then whether the
 * account may claim, then the browser and the address. A grant is the calendar's next step after the last claimed,
 * whenever that was: a missed day loses nothing.
 */
export function decideClaim(facts: ClaimFacts): ClaimDecision {
  if (facts.claimedToday) return { refusal: 'alreadyClaimed' };
  if (!facts.eligible) return { refusal: 'notEligible' };
  if (facts.deviceUsedByAnother) return { refusal: 'deviceUsed' };
  if (facts.addressClaims >= facts.addressLimit) return { refusal: 'addressLimit' };
  const step = nextGiftStep(facts.last?.step ?? null);
  const returned = facts.last !== null && daysBetween(facts.last.day, facts.today) <= GIFT_RETURN_DAYS;
  return { grant: { step, gems: facts.calendar[step - 1]!, returned } };
}

/** What a grant records: the claim, and the player's last claims after it (newest first, at most GIFT_HISTORY_SHOWN). */
export function grantRecords(uid: string, today: string, now: number, grant: { step: number; gems: number }, standing: GiftPlayerRecord | undefined): { claim: GiftClaimView; player: GiftPlayerRecord } {
  const claim: GiftClaimView = { claimId: giftClaimId(uid, today), day: today, step: grant.step, gems: grant.gems, at: now };
  return { claim, player: { recent: [claim, ...(standing?.recent ?? [])].slice(0, GIFT_HISTORY_SHOWN) } };
}

/** An account signed in with the game may claim without a purchase once the game account is this old (ms)… */
export const GAME_ACCOUNT_MIN_AGE_MS = 86_400_000;
/** …and the game says it played on this many days, or reached this level (GameProgress). */
export const GAME_PLAYED_DAYS_MIN = 3;
export const GAME_LEVEL_MIN = 5;

/** A game account as the gift weighs it: when it was made, and what the game says of its play (null: nothing said). */
export interface GameAccountStanding {
  createdAt: number;
  progress: GameProgress | null;
}

/**
 * Whether a game account may claim without a purchase: a day old, and real by the game's word (played on a few days, or
 * reached a level). A guest account made only to farm gifts has neither.
 */
export const gameAccountMayClaim = (account: GameAccountStanding | null, now: number) =>
  account !== null &&
  now - account.createdAt >= GAME_ACCOUNT_MIN_AGE_MS &&
  account.progress !== null &&
  (account.progress.playedDays >= GAME_PLAYED_DAYS_MIN || account.progress.level >= GAME_LEVEL_MIN);

/** Whether an account may claim: a purchase of theirs still stands (../orders/paidStanding), or the game account rule. */
export const mayClaim = (account: { paidStands: boolean; gameAccount: GameAccountStanding | null }, now: number) => account.paidStands || gameAccountMayClaim(account.gameAccount, now);

/** A claim's id, its game event's order id: one per account and store day. */
export const giftClaimId = (uid: string, day: string) => `gift-${day}-${uid}`;

/** The document id of a player's claim of a day. */
export const giftClaimDocId = (uid: string, day: string) => `${uid}~${day}`;
