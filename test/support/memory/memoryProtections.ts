import { TEST_ADULT_BIRTH_DATE } from '../../fixtures/samples';
import { NO_PROTECTIONS, type PlayerProtections } from '../../../src/shared/protections/playerProtections';
import { consentMessages } from '../../../src/server/protections/guardianConsent';
import {
  birthDatePlan,
  limitChangePlan,
  ProtectionRefused,
  usedConsentPlan,
  type ProtectionsPlan,
  type ProtectionsRepository,
} from '../../../src/server/protections/protectionsRepository';
import type { MemoryState } from './memoryState';

/**
 * player_protections in memory, by the same plans as the Firestore repository. A player the test has not
 * described is an adult who gave a date of birth (the protections' own tests describe theirs).
 */
export function memoryProtections(state: MemoryState): ProtectionsRepository {
  const { described, protectionEvents, consentRequests, mail } = state;
  const protectionsOfPlayer = (uid: string): PlayerProtections => described.get(uid) ?? { ...NO_PROTECTIONS, birthDate: TEST_ADULT_BIRTH_DATE };
  const apply = (uid: string, plan: ProtectionsPlan) => {
    described.set(uid, plan.next);
    protectionEvents.set(uid, [...plan.events.reverse(), ...(protectionEvents.get(uid) ?? [])]);
    return plan.next;
  };
  return {
    async protectionsOf(uid) {
      return protectionsOfPlayer(uid);
    },
    async changeSpendingLimit(uid, wantedCents, now) {
      return apply(uid, limitChangePlan(protectionsOfPlayer(uid), wantedCents, now));
    },
    async recordBirthDate(uid, birthDate, now) {
      return apply(uid, birthDatePlan(described.get(uid) ?? NO_PROTECTIONS, birthDate, now));
    },
    async requestConsent(request, { mailbox, day, perDay }) {
      const key = `${mailbox}@${day}`;
      if ((state.consentMails.get(key) ?? 0) >= perDay) return { sent: false };
      state.consentMails.set(key, (state.consentMails.get(key) ?? 0) + 1);
      consentRequests.set(request.requestId, { ...request });
      mail.push({ kind: 'guardianConsent', orderId: request.requestId });
      protectionEvents.set(request.uid, [{ at: request.createdAt, type: 'consentRequested', by: 'player', guardianEmail: request.guardianEmail }, ...(protectionEvents.get(request.uid) ?? [])]);
      return { sent: true };
    },
    async consentRequest(requestId) {
      return consentRequests.get(requestId) ?? null;
    },
    async consent(requestId, decision, now) {
      const request = consentRequests.get(requestId);
      if (!request) throw new ProtectionRefused(consentMessages.forged);
      apply(request.uid, usedConsentPlan(protectionsOfPlayer(request.uid), request, decision, now));
      Object.assign(request, { usedAt: now, decision });
      mail.push({ kind: 'guardianConsentConfirmed', orderId: requestId });
      return { ...request };
    },
    async history(uid) {
      return protectionEvents.get(uid) ?? [];
    },
  };
}
