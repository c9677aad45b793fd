import crypto from 'node:crypto';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { dailyGiftTexts, nextGiftStep, type DailyGiftDayView, type DailyGiftView, type GiftClaimView } from '../../shared/dailyGift/dailyGift';
import { COLLECTIONS } from '../../shared/firestorePaths';
import { dateIn } from '../../shared/protections/age';
import { nextDayStartIn } from '../../shared/wallTime';
import type { Settings } from '../config/settings';
import { HttpError } from '../http/errors';
import type { Clock } from '../lib/clock';
import type { GiftClaims } from './giftClaims';
import { gameAccountMayClaim, GIFT_REFUSALS, type GameAccountStanding } from './giftRules';
import { gameProgressOf } from '../../shared/gameSignIn/gameProgress';
import { orderStands } from '../orders/paidStanding';
import type { TransactionRecord } from '../orders/orderRules';
import { addressKeyOf } from '../http/addressKey';

/**
 * What the gift needs to know of an account besides its document: whether a purchase stood before the store kept its
 * standing orders (a player from before), and (signed in with the game) its game account as the game says it plays.
 */
export interface GiftAccounts {
  paidBefore(uid: string): Promise<boolean>;
  /** The game account's age and progress, for a player signed in with the game; null for any other sign-in. */
  gameAccount(uid: string, signedInWithGame: boolean): Promise<GameAccountStanding | null>;
}

export interface GiftDeps {
  settings: Pick<Settings, 'STORE_TIME_ZONE' | 'GIFT_KEY_SECRET' | 'DAILY_GIFT_CLAIMS_PER_ADDRESS_A_DAY'>;
  giftClaims: GiftClaims;
  accounts: GiftAccounts;
  /** The store's clock: a store day is the server's, never the browser's (moved only by tests). */
  clock: Clock;
}

/** The accounts in Firebase: a paid order of the player's that still stands, and the game account in Auth with the game's word on it. */
export function firebaseGiftAccounts(db: Firestore, auth: Auth): GiftAccounts {
  return {
    async paidBefore(uid) {
      const paid = await db.collection(COLLECTIONS.transactions).where('userId', '==', uid).where('status', '==', 'paid').limit(20).get();
      return paid.docs.some((doc) => orderStands(doc.data() as TransactionRecord));
    },
    async gameAccount(uid, signedInWithGame) {
      if (!signedInWithGame) return null;
      const account = await auth.getUser(uid).catch(() => null);
      const createdAt = account ? Date.parse(account.metadata.creationTime) : Number.NaN;
      return Number.isFinite(createdAt) ? { createdAt, progress: gameProgressOf(account!.customClaims) } : null;
    },
  };
}

/** A browser's or an address's key: a keyed hash, so the store never keeps either as it is, yet sees two claims share one. */
export const giftKeyOf = (secret: string, kind: 'device' | 'address', value: string) =>
  crypto.createHmac('sha256', secret).update(`daily-gift:${kind}:${value}`).digest('base64url').slice(0, 22);

/** The game account rule alone: what the account may claim on without a purchase that stands. */
async function withoutPurchase(deps: GiftDeps, uid: string, signedInWithGame: boolean, now: number): Promise<boolean> {
  return gameAccountMayClaim(await deps.accounts.gameAccount(uid, signedInWithGame), now);
}

/** The gift page's view of the player now. Whether the account may claim is asked only while today's gift is unclaimed. */
export async function dailyGiftView(deps: GiftDeps, uid: string, signedInWithGame: boolean): Promise<DailyGiftView> {
  const now = deps.clock.now();
  const standing = await deps.giftClaims.standingOf(uid, now);
  const paidStands = async () => (standing.paidOrders ? standing.paidOrders.length > 0 : deps.accounts.paidBefore(uid));
  const mayClaimNow = standing.claimedToday !== null || (await paidStands()) || (await withoutPurchase(deps, uid, signedInWithGame, now));
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
    addressKey: giftKeyOf(secret, 'address', addressKeyOf(request.address)),
    withoutPurchase: await withoutPurchase(deps, request.uid, request.signedInWithGame, now),
    paidBefore: () => deps.accounts.paidBefore(request.uid),
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
