import crypto from 'node:crypto';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { dailyGiftTexts, nextGiftStep, type DailyGiftDayView, type DailyGiftView, type GiftClaimView } from '../../shared/dailyGift/dailyGift';
import { COLLECTIONS } from '../../shared/firestorePaths';
import { dateIn } from '../../shared/protections/age';
import { nextDayStartIn } from '../../shared/storeTime';
import type { Settings } from '../config/settings';
import { HttpError } from '../http/errors';
import type { Clock } from '../lib/clock';
import type { GiftClaims } from './giftClaims';
import { GIFT_REFUSALS, mayClaim } from './giftRules';

/** What the gift needs to know of an account: whether it has paid for a pack, and (signed in with the game) when its game account was made. */
export interface GiftAccounts {
  hasPaid(uid: string): Promise<boolean>;
  /** When the game account was made (ms), for a player signed in with the game; null for any other sign-in. */
  gameAccountCreatedAt(uid: string, signedInWithGame: boolean): Promise<number | null>;
}

export interface GiftDeps {
  settings: Pick<Settings, 'STORE_TIME_ZONE' | 'GIFT_KEY_SECRET' | 'DAILY_GIFT_CLAIMS_PER_ADDRESS_A_DAY'>;
  giftClaims: GiftClaims;
  accounts: GiftAccounts;
  /** The store's clock: a store day is the server's, never the browser's (moved only by tests). */
  clock: Clock;
}

/** The accounts in Firebase: a credited order of the player's, and the game account's creation time in Auth. */
export function firebaseGiftAccounts(db: Firestore, auth: Auth): GiftAccounts {
  return {
    async hasPaid(uid) {
      return !(await db.collection(COLLECTIONS.transactions).where('userId', '==', uid).where('checked', '==', 1).limit(1).get()).empty;
    },
    async gameAccountCreatedAt(uid, signedInWithGame) {
      if (!signedInWithGame) return null;
      const account = await auth.getUser(uid).catch(() => null);
      const created = account ? Date.parse(account.metadata.creationTime) : Number.NaN;
      return Number.isFinite(created) ? created : null;
    },
  };
}

/** A browser's or an address's key: a keyed hash, so the store never keeps either as it is, yet sees two claims share one. */
export const giftKeyOf = (secret: string, kind: 'device' | 'address', value: string) =>
  crypto.createHmac('sha256', secret).update(`daily-gift:${kind}:${value}`).digest('base64url').slice(0, 22);

async function eligible(deps: GiftDeps, uid: string, signedInWithGame: boolean, now: number): Promise<boolean> {
  const [hasPaid, gameAccountCreatedAt] = await Promise.all([deps.accounts.hasPaid(uid), deps.accounts.gameAccountCreatedAt(uid, signedInWithGame)]);
  return mayClaim({ hasPaid, gameAccountCreatedAt }, now);
}

/** The gift page's view of the player now. Whether the account may claim is asked only while today's gift is unclaimed. */
export async function dailyGiftView(deps: GiftDeps, uid: string, signedInWithGame: boolean): Promise<DailyGiftView> {
  const now = deps.clock.now();
  const standing = await deps.giftClaims.standingOf(uid, now);
  const mayClaimNow = standing.claimedToday !== null || (await eligible(deps, uid, signedInWithGame, now));
  const history = standing.player?.recent ?? [];
  return {
    calendar: standing.calendar,
    today: dateIn(deps.settings.STORE_TIME_ZONE, now),
    nextDayAt: nextDayStartIn(deps.settings.STORE_TIME_ZONE, now),
    nextStep: nextGiftStep(history[0]?.step ?? null),
    claimedToday: standing.claimedToday,
    notEligible: mayClaimNow ? null : dailyGiftTexts.notEligible,
    history,
  };
}

/** Today's claim: granted once, or refused with its reason (nothing stored). */
export async function claimDailyGift(deps: GiftDeps, request: { uid: string; signedInWithGame: boolean; deviceId: string; address: string }): Promise<GiftClaimView> {
  const now = deps.clock.now();
  const secret = deps.settings.GIFT_KEY_SECRET;
  const outcome = await deps.giftClaims.claim({
    uid: request.uid,
    now,
    deviceKey: giftKeyOf(secret, 'device', request.deviceId),
    addressKey: giftKeyOf(secret, 'address', request.address),
    eligible: await eligible(deps, request.uid, request.signedInWithGame, now),
    addressLimit: deps.settings.DAILY_GIFT_CLAIMS_PER_ADDRESS_A_DAY,
  });
  if ('refusal' in outcome) {
    const { status, message } = GIFT_REFUSALS[outcome.refusal];
    throw new HttpError(status, message, { reason: outcome.refusal });
  }
  return outcome.claim;
}

/** Support's view of a store day: its claims, and the accounts that claimed from one address or one browser. */
export async function giftDay(deps: GiftDeps, date: string): Promise<DailyGiftDayView> {
  const [claims, calendar] = await Promise.all([deps.giftClaims.claimsOfDay(date), deps.giftClaims.calendar()]);
  /** Each value of `key` that two or more accounts claimed under, with those accounts. */
  const sharing = (key: 'addressKey' | 'deviceKey') => {
    const byKey = new Map<string, string[]>();
    for (const claim of claims) byKey.set(claim[key], [...(byKey.get(claim[key]) ?? []), claim.uid]);
    return [...byKey].filter(([, uids]) => uids.length > 1);
  };
  return {
    date,
    claims,
    sharedAddresses: sharing('addressKey').map(([addressKey, uids]) => ({ addressKey, uids })),
    sharedDevices: sharing('deviceKey').map(([deviceKey, uids]) => ({ deviceKey, uids })),
    calendar,
  };
}
