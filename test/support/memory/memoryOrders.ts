import type { ApplyOutcome, OrdersRepository } from '../../../src/server/orders/ordersRepository';
import { codeUseLeftOf, creditRefusalOf, monthOf, needsCodeUseAgain, paidInMonthOf, type CreditFacts } from '../../../src/server/orders/creditRules';
import { planProviderAnswer, type TransactionRecord } from '../../../src/server/orders/orderRules';
import { refundOwedFor } from '../../../src/server/orders/refundRequestRecord';
import type { ProtectionsRepository } from '../../../src/server/protections/protectionsRepository';
import { orderCreatedEffects, providerAnswerEffects } from '../../../src/server/orders/answerEffects';
import { WATCHED_STATUSES } from '../../../src/shared/orders/orderStatus';
import { dateIn } from '../../../src/shared/protections/age';
import { applyMoveEffects, applyStanding, offerUsesKey, playerGemsIn, type MemoryState } from './memoryState';
import { creditedUidOf } from '../../../src/server/ledger/orderMoves';

/**
 * The orders in memory: the same plan of a provider's answer (planProviderAnswer) as the Firestore repository, with
 * the same facts a credit is decided from (./creditRules), read from the maps. `timeZone`: STORE_TIME_ZONE.
 */
export function memoryOrders(state: MemoryState, protections: ProtectionsRepository, timeZone: string): OrdersRepository {
  const { records, events, firstPaid, offers, offerUses } = state;

  const creditFacts = async (record: TransactionRecord, now: number): Promise<CreditFacts> => {
    const month = monthOf(timeZone, record.createdAt);
    const paidInMonth = paidInMonthOf(record, [...records.values()].filter((other) => other.userId === record.userId), month);
    const offer = record.offer ? (offers.get(record.offer.id) ?? null) : null;
    return {
      firstPaid: firstPaid.get(record.userId) ?? null,
      codeUseLeft: needsCodeUseAgain(record) ? codeUseLeftOf(offer, offerUses.get(offerUsesKey(record.offer!.id, record.userId)) ?? 0) : null,
      refusal: creditRefusalOf(record, await protections.protectionsOf(record.userId, now), paidInMonth, now, dateIn(timeZone, now)),
      gemDebt: playerGemsIn(state, creditedUidOf(record)).debt,
      // The fakes keep no daily gifts: nobody is a recent claimer here.
      giftClaimer: false,
    };
  };

  const useCode = (record: TransactionRecord, change: number) => {
    const offer = offers.get(record.offer!.id);
    if (offer) offer.uses = (offer.uses ?? 0) + change;
    const key = offerUsesKey(record.offer!.id, record.userId);
    offerUses.set(key, (offerUses.get(key) ?? 0) + change);
  };

  return {
    async create(record) {
      if (records.has(record.order_id)) throw new Error('ALREADY_EXISTS');
      records.set(record.order_id, { ...record });
      applyMoveEffects(state, record.createdAt, orderCreatedEffects(record));
    },
    async find(orderId) {
      const record = records.get(orderId);
      return record ? { ...record } : null;
    },
    async findMany(orderIds) {
      return new Map(orderIds.flatMap((orderId) => (records.has(orderId) ? [[orderId, { ...records.get(orderId)! }] as const] : [])));
    },
    async findRecentUnsettled(since, userId) {
      return [...records.values()].map((record) => ({ ...record })).filter(
        (record) => WATCHED_STATUSES.includes(record.status) && record.createdAt >= since && (!userId || record.userId === userId),
      );
    },
    async findOpen(userId, limit) {
      return [...records.values()].filter((record) => record.userId === userId && record.status === 'pending').slice(0, limit);
    },
    async findMadeSince(userId, since) {
      return [...records.values()].filter((record) => record.userId === userId && record.createdAt >= since).map((record) => ({ ...record }));
    },
    async findOfPack(userId, packId) {
      return [...records.values()].filter((record) => record.userId === userId && record.packId === packId).map((record) => ({ ...record }));
    },
    async findLastCredited(userId) {
      const credited = [...records.values()].filter((record) => record.userId === userId && record.checked === 1);
      return credited.sort((a, b) => (b.paidAt ?? 0) - (a.paidAt ?? 0))[0] ?? null;
    },
    async countStanding(userId) {
      return state.paidOrders.get(userId)?.size ?? 0;
    },
    async appendHistory(more) {
      events.push(...more);
    },
    async applyProviderAnswer(orderId, answer, context): Promise<ApplyOutcome | null> {
      const record = records.get(orderId);
      if (!record) return null;
      if (context.event && state.providerEvents.has(context.event.id)) return { record: { ...record }, creditedNow: false };
      const now = Date.now();
      const plan = planProviderAnswer(record, answer, context, now, await creditFacts(record, now));
      if (!plan) return { record: { ...record }, creditedNow: false };
      if (context.event) state.providerEvents.add(context.event.id);
      applyStanding(state, record, { ...record, ...plan.update });
      Object.assign(record, plan.update);
      const effects = providerAnswerEffects({ ...record }, plan, now, context.said?.paidAt ?? null);
      if (plan.firstPaid) firstPaid.set(record.userId, plan.firstPaid);
      if (plan.codeUse !== 0) useCode(record, plan.codeUse);
      if (plan.refundOwed) state.refundRequests.set(orderId, refundOwedFor(record, plan.refundOwed, now, `attempt-${orderId}`));
      applyMoveEffects(state, now, effects);
      return { record: { ...record }, creditedNow: plan.credit > 0 };
    },
  };
}
