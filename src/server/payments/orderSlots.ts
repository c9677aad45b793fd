import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../shared/firestorePaths';
import type { PackLimit } from '../../shared/catalogue';
import { buyerStanding, protectionsOf, type PurchaseBlock } from '../../shared/protections/playerProtections';
import { commitIfUnchanged } from '../firebase/commitIfUnchanged';
import type { TransactionRecord } from '../orders/orderRules';
import { planOrderSlot, type OrderSlots, type SlotPlan, type SlotRequest } from './orderSlotRules';

export type SlotOutcome =
  | { reserved: true }
  | { reserved: false; refused: 'openOrderCap'; open: TransactionRecord[] }
  | { reserved: false; refused: 'spendingLimit'; leftCents: number }
  | { reserved: false; refused: 'packLimit'; limit: PackLimit }
  | { reserved: false; refused: Exclude<PurchaseBlock, null> };

/** What a payment asks of reserve; the buyer's standing is read from their protections in the same commit. */
export type ReservationRequest = Omit<SlotRequest, 'block' | 'spendingLimitCents'> & {
  /** The date in the store's time zone, for the player's age. */
  today: string;
};

/** What a refused plan answers (the open orders go with a cap refusal, for the message). */
export function refusalOf(plan: Extract<SlotPlan, { refused: string }>, open: TransactionRecord[]): SlotOutcome {
  return plan.refused === 'openOrderCap' ? { reserved: false, refused: plan.refused, open } : { reserved: false, ...plan };
}

/** The places a player's payments hold before their orders exist (open_order_slots/{uid}). Firestore in the store; a map in unit tests. */
export interface OrderSlotsRepository {
  /**
   * Holds one of the player's `limit` open-order places for `orderId` until `until`, before the provider is
   * asked, if the player's spending limit (player_protections/{uid}, read in the same commit) allows the amount:
   * in one commit guarded by the player's slot document, so racing payments, on any instance, are counted one
   * after another (planOrderSlot). `open` is the player's pending orders (at least `limit` of them when there are
   * that many), read by the caller before this: they need not be read under the guard, since an order is recorded
   * only after its place was held here, so every payment under way is in the slots a racer reads again after
   * losing. Answers the open orders when all places are taken.
   */
  reserve(userId: string, orderId: string, request: ReservationRequest, open: TransactionRecord[]): Promise<SlotOutcome>;
  /** Gives a place back when the provider did not take the payment, so nothing was recorded. */
  release(userId: string, orderId: string): Promise<void>;
}

export function firestoreOrderSlots(db: Firestore): OrderSlotsRepository {
  const slotsOf = (userId: string) => db.collection(COLLECTIONS.openOrderSlots).doc(userId);
  return {
    async reserve(userId, orderId, request, open) {
      const ref = slotsOf(userId);
      const protections = db.collection(COLLECTIONS.playerProtections).doc(userId);
      return commitIfUnchanged<SlotOutcome>(db, [ref, protections], ([snapshot, protection]) => {
        const slots = (snapshot!.data()?.slots ?? {}) as OrderSlots;
        const buyer = buyerStanding(protectionsOf(protection!.data()), request.now, request.today);
        const plan = planOrderSlot(slots, open, orderId, { ...request, ...buyer });
        if ('refused' in plan) return { result: refusalOf(plan, open) };
        // The limit is read, not guarded: one changed in the instant an order starts counts from the next order.
        return {
          result: { reserved: true },
          writes: (batch, guard) => (snapshot!.exists ? batch.update(ref, { slots: plan.slots }, guard(snapshot!)) : batch.create(ref, { slots: plan.slots })),
        };
      });
    },

    async release(userId, orderId) {
      await slotsOf(userId).update({ [`slots.${orderId}`]: FieldValue.delete() });
    },
  };
}
