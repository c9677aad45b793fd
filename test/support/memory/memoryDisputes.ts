import type { DisputeRecord } from '../../../src/server/disputes/disputeRecord';
import { disputeMoveEffects, planMove, planOpen, type DisputeGems, type DisputePlanned } from '../../../src/server/disputes/disputePlans';
import { creditedUidOf } from '../../../src/server/ledger/orderMoves';
import { planWriteOff } from '../../../src/server/disputes/disputeGems';
import type { DisputeOutcome, DisputesRepository } from '../../../src/server/disputes/disputesRepository';
import type { AppliedProviderEvent } from '../../../src/server/providerEvents/providerEventRecords';
import type { TransactionRecord } from '../../../src/server/orders/orderRules';
import { isDisputeOpen } from '../../../src/shared/disputes/dispute';
import type { ProtectionsRepository } from '../../../src/server/protections/protectionsRepository';
import { applyMoveEffects, applyStanding, playerGemsIn, type MemoryState } from './memoryState';

/**
 * Disputes in memory, over the memory store's orders, balances and debts: the same plans
 * (src/server/disputes/disputePlans.ts) as the Firestore repository, applied to maps instead of committed.
 */
export function memoryDisputes(state: MemoryState, protections: ProtectionsRepository): DisputesRepository {
  const gemsOf = (uid: string) => playerGemsIn(state, uid);

  const decide = async (
    orderId: string,
    event: AppliedProviderEvent | null,
    judge: (order: TransactionRecord | null, dispute: DisputeRecord | null, gems: DisputeGems) => DisputePlanned,
  ): Promise<DisputeOutcome> => {
    if (event && state.providerEvents.has(event.id)) return { done: false, why: `Event ${event.id} was applied already.`, already: true };
    const order = state.records.get(orderId) ?? null;
    const existing = state.disputeRecords.get(orderId) ?? null;
    const none = { balance: 0, debt: 0 };
    const gems = order ? { credited: gemsOf(creditedUidOf(order)), payer: order.gift ? gemsOf(order.userId) : null } : { credited: none, payer: null };
    const planned = judge(order && { ...order }, existing && { ...existing }, gems);
    if (!planned.ok) return { done: false, why: planned.why, already: planned.already };
    const { plan } = planned;
    applyStanding(state, order!, { ...order!, ...plan.orderUpdate });
    Object.assign(order!, plan.orderUpdate);
    state.disputeRecords.set(orderId, { ...plan.dispute });
    if (plan.pause) {
      const current = await protections.protectionsOf(order!.userId, plan.event.at);
      const open = new Set(current.disputesOpen ?? []);
      if (plan.pause === 'add') open.add(orderId);
      else open.delete(orderId);
      state.described.set(order!.userId, { ...current, disputesOpen: [...open] });
    }
    if (event) state.providerEvents.add(event.id);
    applyMoveEffects(state, plan.event.at, disputeMoveEffects(orderId, plan));
    return { done: true, dispute: { ...plan.dispute }, order: { ...order! } };
  };

  return {
    async find(orderId) {
      const dispute = state.disputeRecords.get(orderId);
      return dispute ? { ...dispute } : null;
    },
    async listNewest(limit) {
      return [...state.disputeRecords.values()].sort((a, b) => b.openedAt - a.openedAt).slice(0, limit);
    },
    async figures(since) {
      const all = [...state.disputeRecords.values()];
      return {
        open: all.filter((dispute) => isDisputeOpen(dispute.status)).length,
        openedSince: all.filter((dispute) => dispute.openedAt >= since).length,
        paidSince: [...state.records.values()].filter((record) => (record.paidAt ?? -1) >= since).length,
      };
    },
    open: (orderId, opening, event) => decide(orderId, event, (order, dispute, gems) => planOpen(order, dispute, gems, opening)),
    move: (orderId, to, move, event) => decide(orderId, event, (order, dispute, gems) => planMove(order, dispute, gems, to, move)),
    async writeOffDebt(orderId, move) {
      const dispute = state.disputeRecords.get(orderId);
      const order = state.records.get(orderId);
      if (!dispute || !order) return { done: false, why: 'This order has no dispute.' };
      const planned = planWriteOff({ ...order }, { ...dispute }, gemsOf(dispute.userId), move);
      if (!planned.ok) return { done: false, why: planned.why };
      const { plan } = planned;
      state.disputeRecords.set(orderId, plan.dispute);
      applyMoveEffects(state, move.at, plan.effects);
      return { done: true, gems: plan.gems };
    },
    async gemsOf(userId) {
      return gemsOf(userId);
    },
  };
}
