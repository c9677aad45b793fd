import { DEFAULT_GIFT_CALENDAR, type GiftPlayerRecord } from '../../../src/shared/dailyGift/dailyGift';
import { dateIn } from '../../../src/shared/protections/age';
import { giftClaimEffects } from '../../../src/server/dailyGift/giftEffects';
import type { GiftClaimRecord, GiftClaims } from '../../../src/server/dailyGift/giftClaims';
import { decideClaim, giftClaimDocId, grantRecords } from '../../../src/server/dailyGift/giftRules';
import { applyMoveEffects, type MemoryState } from './memoryState';

/**
 * The daily gift in memory: the same decision (giftRules decideClaim) and the same move of gems (giftEffects, through
 * the door's fake) as the Firestore claim's commit, over the memory store's players and their standing orders.
 * `timeZone`: STORE_TIME_ZONE, whose day a claim is of.
 */
export function memoryGiftClaims(state: MemoryState, timeZone: string): GiftClaims & { claims: Map<string, GiftClaimRecord> } {
  const claims = new Map<string, GiftClaimRecord>();
  const players = new Map<string, GiftPlayerRecord>();
  const devices = new Map<string, string>();
  const addresses = new Map<string, number>();
  let calendar = [...DEFAULT_GIFT_CALENDAR];
  const paidOrdersOf = (uid: string) => (state.paidOrders.has(uid) ? [...state.paidOrders.get(uid)!] : null);

  return {
    claims,
    async claim({ uid, now, deviceKey, addressKey, withoutPurchase, paidBefore, addressLimit }) {
      const today = dateIn(timeZone, now);
      const standing = players.get(uid);
      const paidOrders = paidOrdersOf(uid);
      const decision = decideClaim({
        today,
        calendar,
        claimedToday: claims.has(giftClaimDocId(uid, today)),
        last: standing?.recent[0] ?? null,
        eligible: (paidOrders ? paidOrders.length > 0 : await paidBefore()) || withoutPurchase,
        deviceUsedByAnother: (devices.get(`${today}~${deviceKey}`) ?? uid) !== uid,
        addressClaims: addresses.get(`${today}~${addressKey}`) ?? 0,
        addressLimit,
      });
      if ('refusal' in decision) return decision;
      const { claim, player } = grantRecords(uid, today, now, decision.grant, standing);
      claims.set(giftClaimDocId(uid, today), { ...claim, uid, addressKey, deviceKey });
      players.set(uid, player);
      devices.set(`${today}~${deviceKey}`, uid);
      addresses.set(`${today}~${addressKey}`, (addresses.get(`${today}~${addressKey}`) ?? 0) + 1);
      applyMoveEffects(state, now, giftClaimEffects(uid, claim, decision.grant.returned));
      return { claim };
    },
    async standingOf(uid, now) {
      const today = dateIn(timeZone, now);
      const claimed = claims.get(giftClaimDocId(uid, today));
      return {
        calendar,
        player: players.get(uid) ?? null,
        claimedToday: claimed ? { claimId: claimed.claimId, day: claimed.day, step: claimed.step, gems: claimed.gems, at: claimed.at } : null,
        paidOrders: paidOrdersOf(uid),
      };
    },
    async calendar() {
      return calendar;
    },
    async saveCalendar(next) {
      calendar = [...next];
    },
    async claimsOfDay(day) {
      return [...claims.values()].filter((claim) => claim.day === day).sort((a, b) => a.at - b.at);
    },
  };
}
