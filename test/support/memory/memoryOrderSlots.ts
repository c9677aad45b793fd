import { refusalOf, type OrderSlotsRepository } from '../../../src/server/payments/orderSlots';
import { planOrderSlot } from '../../../src/server/payments/orderSlotRules';
import type { ProtectionsRepository } from '../../../src/server/protections/protectionsRepository';
import { buyerStanding } from '../../../src/shared/protections/playerProtections';
import type { MemoryState } from './memoryState';

/** Open-order slots in memory: the same plan (planOrderSlot) over the player's protections as the Firestore repository. */
export function memoryOrderSlots(state: MemoryState, protections: ProtectionsRepository): OrderSlotsRepository {
  return {
    async reserve(userId, orderId, request, open) {
      const buyer = buyerStanding(await protections.protectionsOf(userId, request.now), request.now, request.today);
      const plan = planOrderSlot(state.slots.get(userId) ?? {}, open, orderId, { ...request, ...buyer });
      if ('refused' in plan) return refusalOf(plan, open);
      state.slots.set(userId, plan.slots);
      return { reserved: true };
    },
    async release(userId, orderId) {
      delete state.slots.get(userId)?.[orderId];
    },
  };
}
