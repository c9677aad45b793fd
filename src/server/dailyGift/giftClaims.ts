import { FieldValue, Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { DEFAULT_GIFT_CALENDAR, isGiftCalendar, type GiftClaimView, type GiftPlayerRecord } from '../../shared/dailyGift/dailyGift';
import { COLLECTIONS, GIFT_CALENDAR_SETTING } from '../../shared/firestorePaths';
import { dateIn } from '../../shared/protections/age';
import { commitIfUnchanged } from '../firebase/commitIfUnchanged';
import { writeMove } from '../ledger/gemLedger';
import type { DayRollups } from '../overview/dailyStats';
import { giftClaimEffects } from './giftEffects';
import type { GiftRefusal } from '../../shared/dailyGift/giftRefusals';
import { decideClaim, giftClaimDocId, grantRecords } from './giftRules';
import { paidOrdersOf } from '../orders/paidStanding';

/** The field Firestore's TTL policy deletes a day's browser and address counts by (firestore.indexes.json). */
export const GIFT_COUNT_EXPIRY_FIELD = 'expireAt';
/** A day's browser and address counts are kept this long (ms): long enough for support to look into a day. */
const COUNTS_KEPT_MS = 30 * 86_400_000;

/** daily_gift_claims/{uid}~{day}: one claim, as support reads it. */
export interface GiftClaimRecord extends GiftClaimView {
  uid: string;
  addressKey: string;
  deviceKey: string;
}

/** Who claims, from where, and what the claim may count on. */
export interface ClaimRequest {
  uid: string;
  /** The store's clock (its day decides the claim); the game's event is due by the machine's, as every event is. */
  now: number;
  /** The browser's id and the request's address, each as a keyed hash (giftKeys). */
  deviceKey: string;
  addressKey: string;
  /** The game account rule (../giftRules gameAccountMayClaim), decided before the commit: the game's word, not the store's money. */
  withoutPurchase: boolean;
  /** Whether a purchase stood, for a player from before users/{uid}.paidOrders was kept (asked only then). */
  paidBefore: () => Promise<boolean>;
  addressLimit: number;
}

export type ClaimOutcome = { claim: GiftClaimView } | { refusal: GiftRefusal };

/** What the gift page reads: the calendar, the player's standing, whether today's claim is made, and their standing orders. */
export interface GiftStanding {
  calendar: number[];
  player: GiftPlayerRecord | null;
  claimedToday: GiftClaimView | null;
  /** users/{uid}.paidOrders (../orders/paidStanding); null for a player from before it was kept. */
  paidOrders: string[] | null;
}

export interface GiftClaims {
  claim(request: ClaimRequest): Promise<ClaimOutcome>;
  standingOf(uid: string, now: number): Promise<GiftStanding>;
  calendar(): Promise<number[]>;
  saveCalendar(calendar: number[], staff: { uid: string; email: string | null }, at: number): Promise<void>;
  claimsOfDay(day: string): Promise<GiftClaimRecord[]>;
}

const calendarOf = (snapshot: DocumentSnapshot) => {
  const calendar = snapshot.data()?.calendar;
  return isGiftCalendar(calendar) ? calendar : [...DEFAULT_GIFT_CALENDAR];
};

/**
 * The daily gift in Firestore. A claim is one guarded commit (commitIfUnchanged): it creates the player's claim of the
 * day (so no day gives twice, whichever instance races), moves their place on the calendar, takes the browser's one
 * claim of the day and one of the address's, and moves the gems through the ledger's door (the entry, the balance with
 * a dispute's debt paid first, the game's event, the day's counts), or writes nothing.
 */
export function firestoreGiftClaims(db: Firestore, rollups: DayRollups): GiftClaims {
  const claims = db.collection(COLLECTIONS.dailyGiftClaims);
  const players = db.collection(COLLECTIONS.dailyGiftPlayers);
  const calendarRef = db.collection(COLLECTIONS.storeSettings).doc(GIFT_CALENDAR_SETTING);

  return {
    async claim({ uid, now, deviceKey, addressKey, withoutPurchase, paidBefore, addressLimit }) {
      const today = dateIn(rollups.STORE_TIME_ZONE, now);
      const refs = [
        claims.doc(giftClaimDocId(uid, today)),
        players.doc(uid),
        db.collection(COLLECTIONS.dailyGiftDevices).doc(`${today}~${deviceKey}`),
        db.collection(COLLECTIONS.dailyGiftAddresses).doc(`${today}~${addressKey}`),
        db.collection(COLLECTIONS.users).doc(uid),
        calendarRef,
      ];
      return commitIfUnchanged<ClaimOutcome>(db, refs, async ([claimed, player, device, address, user, calendar]) => {
        const standing = player!.data() as GiftPlayerRecord | undefined;
        // Whether a purchase still stands, as the player's document holds it in this commit: a refund or a dispute
        // that ends it changes that document, so a claim racing one reads again.
        const paidOrders = paidOrdersOf(user!.data());
        const paidStands = paidOrders ? paidOrders.length > 0 : await paidBefore();
        const decision = decideClaim({
          today,
          calendar: calendarOf(calendar!),
          claimedToday: claimed!.exists,
          last: standing?.recent[0] ?? null,
          eligible: paidStands || withoutPurchase,
          deviceUsedByAnother: device!.exists && device!.get('uid') !== uid,
          addressClaims: (address!.get('claims') as number | undefined) ?? 0,
          addressLimit,
        });
        if ('refusal' in decision) return { result: decision };
        const { claim, player: moved } = grantRecords(uid, today, now, decision.grant, standing);
        const expireAt = Timestamp.fromMillis(now + COUNTS_KEPT_MS);
        return {
          result: { claim },
          writes: (batch, guard) => {
            batch.create(claimed!.ref, { ...claim, uid, addressKey, deviceKey } satisfies GiftClaimRecord);
            if (standing) batch.update(player!.ref, { ...moved }, guard(player!));
            else batch.create(player!.ref, moved);
            batch.create(device!.ref, { uid, at: now, [GIFT_COUNT_EXPIRY_FIELD]: expireAt });
            if (address!.exists) batch.update(address!.ref, { claims: FieldValue.increment(1) }, guard(address!));
            else batch.create(address!.ref, { claims: 1, [GIFT_COUNT_EXPIRY_FIELD]: expireAt });
            writeMove(db, batch, rollups, { at: now, gameDueAt: Date.now() }, giftClaimEffects(uid, claim, decision.grant.returned), { snapshot: user!, guard, fields: { lastGiftDay: today } });
          },
        };
      });
    },

    async standingOf(uid, now) {
      const today = dateIn(rollups.STORE_TIME_ZONE, now);
      const [claimed, player, calendar, user] = await db.getAll(claims.doc(giftClaimDocId(uid, today)), players.doc(uid), calendarRef, db.collection(COLLECTIONS.users).doc(uid));
      const record = claimed!.data() as GiftClaimRecord | undefined;
      return {
        calendar: calendarOf(calendar!),
        player: (player!.data() as GiftPlayerRecord | undefined) ?? null,
        claimedToday: record ? { claimId: record.claimId, day: record.day, step: record.step, gems: record.gems, at: record.at } : null,
        paidOrders: paidOrdersOf(user!.data()),
      };
    },

    async calendar() {
      return calendarOf(await calendarRef.get());
    },

    async saveCalendar(calendar, staff, at) {
      await calendarRef.set({ calendar, updatedAt: at, updatedBy: staff.uid, updatedByEmail: staff.email });
    },

    async claimsOfDay(day) {
      return (await claims.where('day', '==', day).limit(5_000).get()).docs.map((doc) => doc.data() as GiftClaimRecord).sort((a, b) => a.at - b.at);
    },
  };
}
