import type { OrderEvent } from '../../src/shared/orders/orderEvents';
import type { MailKind } from '../../src/server/mail/outbox';
import { refusalOf, type ApplyOutcome, type TransactionsRepository } from '../../src/server/payments/transactionsRepository';
import { dueOnPaidReturn, isUnwatched, planOrderSlot, planProviderAnswer, watchFrom, type OrderSlots, type TransactionRecord } from '../../src/server/payments/orderRules';
import { WATCHED_STATUSES } from '../../src/shared/orders/orderStatus';
import { TEST_ADULT_BIRTH_DATE } from '../fixtures/samples';
import type { ProtectionEvent } from '../../src/shared/protections/spendingLimit';
import { buyerStanding, NO_PROTECTIONS, type PlayerProtections } from '../../src/shared/protections/playerProtections';
import { consentMessages, type ConsentRequest } from '../../src/server/players/guardianConsent';
import {
  birthDatePlan,
  limitChangePlan,
  ProtectionRefused,
  usedConsentPlan,
  type ProtectionsPlan,
  type ProtectionsRepository,
} from '../../src/server/players/protectionsRepository';

/**
 * The transactions repository in memory, for unit tests of the payment service: the same plan of a
 * provider's answer (planProviderAnswer) as the Firestore one, without a database. Balances, saved returns,
 * the orders' histories, the mail owed and rejected callbacks are kept for asserts.
 */
export function memoryTransactions() {
  const records = new Map<string, TransactionRecord>();
  const balances = new Map<string, number>();
  const returns = new Map<string, Array<Record<string, string>>>();
  const events: OrderEvent[] = [];
  const mail: Array<{ kind: MailKind; orderId: string }> = [];
  const rejectedCallbacks: Array<{ orderId: string; reason: string }> = [];
  const slots = new Map<string, OrderSlots>();
  /** first_purchase_bonuses: the order that took each player's first-purchase bonus. */
  const firstPurchaseTakenBy = new Map<string, string>();
  /** Promo code uses given back or taken again by orders' commits (the offers fake counts the rest). */
  const codeUses: Array<{ offerId: string; userId: string; change: number }> = [];
  let adoptionDone = false;

  /**
   * player_protections in memory, by the same plans as the Firestore repository. A player the test has not
   * described is an adult who gave a date of birth (the protections' own tests describe theirs).
   */
  const described = new Map<string, PlayerProtections>();
  const protectionEvents = new Map<string, ProtectionEvent[]>();
  const consentRequests = new Map<string, ConsentRequest>();
  const protectionsOfPlayer = (uid: string): PlayerProtections => described.get(uid) ?? { ...NO_PROTECTIONS, birthDate: TEST_ADULT_BIRTH_DATE };
  const apply = (uid: string, plan: ProtectionsPlan) => {
    described.set(uid, plan.next);
    protectionEvents.set(uid, [...plan.events.reverse(), ...(protectionEvents.get(uid) ?? [])]);
    return plan.next;
  };
  const protections: ProtectionsRepository = {
    async protectionsOf(uid) {
      return protectionsOfPlayer(uid);
    },
    async changeSpendingLimit(uid, wantedCents, now) {
      return apply(uid, limitChangePlan(protectionsOfPlayer(uid), wantedCents, now));
    },
    async recordBirthDate(uid, birthDate, now) {
      return apply(uid, birthDatePlan(described.get(uid) ?? NO_PROTECTIONS, birthDate, now));
    },
    async requestConsent(request) {
      consentRequests.set(request.requestId, { ...request });
      mail.push({ kind: 'guardianConsent', orderId: request.requestId });
      protectionEvents.set(request.uid, [{ at: request.createdAt, type: 'consentRequested', by: 'player', guardianEmail: request.guardianEmail }, ...(protectionEvents.get(request.uid) ?? [])]);
    },
    async consentRequest(requestId) {
      return consentRequests.get(requestId) ?? null;
    },
    async consent(requestId, decision, now) {
      const request = consentRequests.get(requestId);
      if (!request) throw new ProtectionRefused(consentMessages.forged);
      apply(request.uid, usedConsentPlan(protectionsOfPlayer(request.uid), request, decision, now));
      request.usedAt = now;
      return { ...request };
    },
    async history(uid) {
      return protectionEvents.get(uid) ?? [];
    },
  };

  const repository: TransactionsRepository = {
    async create(record) {
      if (records.has(record.order_id)) throw new Error('ALREADY_EXISTS');
      records.set(record.order_id, { ...record });
      events.push({ orderId: record.order_id, userId: record.userId, at: record.createdAt, type: 'created', source: 'player' });
    },
    async find(orderId) {
      const record = records.get(orderId);
      return record ? { ...record } : null;
    },
    async findRecentUnsettled(since, userId) {
      return [...records.values()].map((record) => ({ ...record })).filter(
        (record) => WATCHED_STATUSES.includes(record.status) && record.createdAt >= since && (!userId || record.userId === userId),
      );
    },
    async findOpen(userId, limit) {
      return [...records.values()].filter((record) => record.userId === userId && record.status === 'pending').slice(0, limit);
    },
    async reserveOrderSlot(userId, orderId, request, open) {
      const buyer = buyerStanding(protectionsOfPlayer(userId), request.now, request.today);
      const plan = planOrderSlot(slots.get(userId) ?? {}, open, orderId, { ...request, ...buyer });
      if ('refused' in plan) return refusalOf(plan, open);
      slots.set(userId, plan.slots);
      return { reserved: true };
    },
    async findMadeSince(userId, since) {
      return [...records.values()].filter((record) => record.userId === userId && record.createdAt >= since).map((record) => ({ ...record }));
    },
    async releaseOrderSlot(userId, orderId) {
      delete slots.get(userId)?.[orderId];
    },
    async findLastCredited(userId) {
      const credited = [...records.values()].filter((record) => record.userId === userId && record.checked === 1);
      return credited.sort((a, b) => (b.paidAt ?? 0) - (a.paidAt ?? 0))[0] ?? null;
    },
    async claimDue(now, limit, leaseMs, claimant) {
      const due = [...records.values()]
        .filter((record) => WATCHED_STATUSES.includes(record.status) && typeof record.nextCheckAt === 'number' && record.nextCheckAt <= now)
        .sort((a, b) => a.nextCheckAt - b.nextCheckAt)
        .slice(0, limit);
      for (const record of due) Object.assign(record, { nextCheckAt: now + leaseMs, leaseUntil: now + leaseMs, claimedBy: claimant });
      return due.map((record) => ({ ...record }));
    },
    async releaseClaimsOf(claimant, now) {
      const held = [...records.values()].filter((record) => record.claimedBy === claimant && record.leaseUntil > now);
      for (const record of held) Object.assign(record, { nextCheckAt: now, leaseUntil: 0 });
      return held.length;
    },
    async endWatch(record, at, detail) {
      const stored = records.get(record.order_id)!;
      delete (stored as Partial<TransactionRecord>).nextCheckAt;
      Object.assign(stored, { leaseUntil: 0, lastCheckedAt: at });
      events.push({ orderId: record.order_id, userId: record.userId, at, type: 'checkScheduled', source: 'sweep', detail });
    },
    async adoptUnwatched(now) {
      if (adoptionDone) return null;
      const unwatched = [...records.values()].filter(isUnwatched);
      for (const record of unwatched) {
        Object.assign(record, watchFrom(record, now));
        events.push({ orderId: record.order_id, userId: record.userId, at: now, type: 'watchStarted', source: 'sweep' });
      }
      adoptionDone = true;
      return unwatched.length;
    },
    async scheduleNextCheck(record, { at, nextCheckAt, checks, providerStatus, detail }) {
      Object.assign(records.get(record.order_id)!, { nextCheckAt, checks, lastCheckedAt: at, leaseUntil: 0 });
      events.push({ orderId: record.order_id, userId: record.userId, at, type: 'checkScheduled', source: 'sweep', providerStatus, detail });
    },
    async recordReturn(record, parameters, at) {
      const first = parameters.status === 'paid' ? !returns.has(record.order_id) : record.status === 'pending';
      if (!first) return;
      if (parameters.status === 'paid') {
        returns.set(record.order_id, [parameters]);
        Object.assign(records.get(record.order_id)!, dueOnPaidReturn(record, at));
      }
      events.push({ orderId: record.order_id, userId: record.userId, at, type: 'returnReceived', source: 'return', providerStatus: parameters.status });
    },
    async recordCallback({ at, orderId, record, signature, rejected, providerStatus }) {
      if (record) events.push({ orderId, userId: record.userId, at, type: 'callbackReceived', source: 'callback', signature, providerStatus });
      if (rejected) rejectedCallbacks.push({ orderId, reason: rejected });
    },
    async appendHistory(more) {
      events.push(...more);
    },
    async applyProviderStatus(orderId, providerWord, context): Promise<ApplyOutcome | null> {
      const record = records.get(orderId);
      if (!record) return null;
      const change = planProviderAnswer(record, providerWord, context, Date.now(), firstPurchaseTakenBy.get(record.userId) ?? null);
      if (!change) return { record: { ...record }, creditedNow: false };
      Object.assign(record, change.update);
      if (change.credit > 0) balances.set(record.userId, (balances.get(record.userId) ?? 0) + change.credit);
      if (change.takesFirstPurchase) firstPurchaseTakenBy.set(record.userId, orderId);
      if (change.codeUse !== 0) codeUses.push({ offerId: record.offer!.id, userId: record.userId, change: change.codeUse });
      events.push(...change.events);
      mail.push(...change.mail.map((kind) => ({ kind, orderId })));
      return { record: { ...record }, creditedNow: change.credit > 0 };
    },
  };
  return { repository, protections, records, balances, returns, events, mail, rejectedCallbacks, slots, firstPurchaseTakenBy, codeUses };
}
