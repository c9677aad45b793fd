import crypto from 'node:crypto';
import { recordPlayerTag } from '../accounts/playerTags';
import { Timestamp, type DocumentReference, type Firestore, type WriteBatch } from 'firebase-admin/firestore';
import { RATE_LIMIT_EXPIRY_FIELD } from '../http/firestoreRateLimitStore';
import { COLLECTIONS, PROTECTION_EVENTS } from '../../shared/firestorePaths';
import { protectionsOf, type PlayerProtections, type ProtectionsRecord } from '../../shared/protections/playerProtections';
import { changeLimit, limitAt, limitChangeEvent, type ProtectionEvent } from '../../shared/protections/spendingLimit';
import { commitIfUnchanged } from '../firebase/commitIfUnchanged';
import { enqueueMail } from '../mail/outbox';
import { consentMessages, consentPlan, type ConsentDecision, type ConsentRequest } from './guardianConsent';

/** Why a change of protections was refused, in words for the player (the API answers 409). */
export class ProtectionRefused extends Error {}

export const protectionMessages = {
  birthDateGiven: 'Your date of birth is recorded already. To correct it, please contact support.',
  guardianLimit: 'Your guardian set this limit, so only they can change it: ask them from your Spending Limit page, which emails them a link to change it.',
} as const;

/** What a change makes of the player's protections, and what their history records of it. */
export interface ProtectionsPlan {
  next: PlayerProtections;
  events: ProtectionEvent[];
}

/** The player changes their limit (changeLimit's rules); refused while it is their guardian's. */
export function limitChangePlan(current: PlayerProtections, wantedCents: number | null, now: number): ProtectionsPlan {
  if (current.limitSetBy === 'guardian') throw new ProtectionRefused(protectionMessages.guardianLimit);
  const before = limitAt(current.spendingLimit, now);
  const after = changeLimit(before, wantedCents, now);
  return { next: { ...current, spendingLimit: after }, events: [limitChangeEvent(before, after, wantedCents, now)] };
}

/** The player gives their date of birth, once. */
export function birthDatePlan(current: PlayerProtections, birthDate: string, now: number): ProtectionsPlan {
  if (current.birthDate) throw new ProtectionRefused(protectionMessages.birthDateGiven);
  return { next: { ...current, birthDate }, events: [{ at: now, type: 'birthDateGiven', by: 'player' }] };
}

/** A guardian uses a consent link: once only. */
export function usedConsentPlan(current: PlayerProtections, request: ConsentRequest, decision: ConsentDecision, now: number): ProtectionsPlan {
  if (request.usedAt !== null) throw new ProtectionRefused(consentMessages.used);
  return consentPlan(current, request, decision, now);
}

/** What a consent email counts against: its mailbox (mailboxOf), the day in the store's zone, and the day's cap. */
export interface ConsentMailCount {
  mailbox: string;
  day: string;
  perDay: number;
}

export interface ProtectionsRepository {
  protectionsOf(uid: string, now: number): Promise<PlayerProtections>;
  /** Changes the player's limit as changeLimit rules; refused while the limit is their guardian's. */
  changeSpendingLimit(uid: string, wantedCents: number | null, now: number): Promise<PlayerProtections>;
  /** Records the date of birth, once. */
  recordBirthDate(uid: string, birthDate: string, now: number): Promise<PlayerProtections>;
  /**
   * Records that the player asked a guardian to consent, and owes the guardian's email, in one commit that also
   * counts the email against its mailbox's day (rate_limits/, guarded): refused, with nothing written, once that
   * mailbox has had `perDay` consent emails that day from any account.
   */
  requestConsent(request: ConsentRequest, count: ConsentMailCount): Promise<{ sent: boolean }>;
  /** The request a consent link names, or null. */
  consentRequest(requestId: string): Promise<ConsentRequest | null>;
  /**
   * The guardian consents through the link, once: consent and their limit (if any) recorded with the request used,
   * and their confirmation email owed, in one commit.
   */
  consent(requestId: string, decision: ConsentDecision, now: number): Promise<ConsentRequest>;
  /** The player's history of changes, newest first. */
  history(uid: string): Promise<ProtectionEvent[]>;
}

const eventId = (at: number) => `${at}-${crypto.randomBytes(4).toString('hex')}`;

export function firestoreProtections(db: Firestore): ProtectionsRepository {
  const protections = db.collection(COLLECTIONS.playerProtections);
  const requests = db.collection(COLLECTIONS.guardianConsentRequests);
  const appendEvents = (batch: WriteBatch, ref: DocumentReference, events: ProtectionEvent[]) => {
    for (const event of events) batch.create(ref.collection(PROTECTION_EVENTS).doc(eventId(event.at)), event);
  };

  /** Reads the player's protections, lets `change` decide, and writes the result with its events in one commit. */
  const update = (uid: string, now: number, change: (current: PlayerProtections) => ProtectionsPlan, alsoWrite?: (batch: WriteBatch) => void) => {
    const ref = protections.doc(uid);
    return commitIfUnchanged<PlayerProtections>(db, [ref], ([snapshot]) => {
      const { next, events } = change(protectionsOf(snapshot!.data()));
      const record: ProtectionsRecord = { ...next, updatedAt: now };
      return {
        result: next,
        writes: (batch, guard) => {
          if (snapshot!.exists) batch.update(ref, { ...record }, guard(snapshot!));
          else batch.create(ref, record);
          appendEvents(batch, ref, events);
          alsoWrite?.(batch);
        },
      };
    });
  };

  return {
    async protectionsOf(uid) {
      return protectionsOf((await protections.doc(uid).get()).data());
    },
    changeSpendingLimit(uid, wantedCents, now) {
      return update(uid, now, (current) => limitChangePlan(current, wantedCents, now));
    },
    recordBirthDate(uid, birthDate, now) {
      // A date of birth makes a player one a gift can find by their tag (../gifts/giftRules: an adult, by tag).
      return update(uid, now, (current) => birthDatePlan(current, birthDate, now), (batch) => recordPlayerTag(db, batch, uid));
    },
    requestConsent(request, { mailbox, day, perDay }) {
      const counter = db.collection(COLLECTIONS.rateLimits).doc(`consent-mail:${encodeURIComponent(mailbox).replace(/\./g, '%2E')}@${day}`);
      return commitIfUnchanged<{ sent: boolean }>(db, [counter], ([counted]) => {
        const sent = (counted!.data()?.hits as number | undefined) ?? 0;
        if (sent >= perDay) return { result: { sent: false } };
        return {
          result: { sent: true },
          writes: (batch, guard) => {
            if (counted!.exists) batch.update(counter, { hits: sent + 1 }, guard(counted!));
            else batch.create(counter, { hits: 1, [RATE_LIMIT_EXPIRY_FIELD]: Timestamp.fromMillis(request.createdAt + 2 * 86_400_000) });
            batch.create(requests.doc(request.requestId), request);
            enqueueMail(db, batch, 'guardianConsent', request.requestId, request.createdAt);
            appendEvents(batch, protections.doc(request.uid), [{ at: request.createdAt, type: 'consentRequested', by: 'player', guardianEmail: request.guardianEmail }]);
          },
        };
      });
    },
    async consentRequest(requestId) {
      return ((await requests.doc(requestId).get()).data() as ConsentRequest | undefined) ?? null;
    },
    async consent(requestId, decision, now) {
      const requestRef = requests.doc(requestId);
      const first = (await requestRef.get()).data() as ConsentRequest | undefined;
      if (!first) throw new ProtectionRefused(consentMessages.forged);
      const playerRef = protections.doc(first.uid);
      // The request is read again and guarded with the player's protections: of two racing uses, one consents.
      return commitIfUnchanged<ConsentRequest>(db, [playerRef, requestRef], ([player, requestSnapshot]) => {
        const request = requestSnapshot!.data() as ConsentRequest;
        const plan = usedConsentPlan(protectionsOf(player!.data()), request, decision, now);
        const record: ProtectionsRecord = { ...plan.next, updatedAt: now };
        return {
          result: { ...request, usedAt: now, decision },
          writes: (batch, guard) => {
            if (player!.exists) batch.update(playerRef, { ...record }, guard(player!));
            else batch.create(playerRef, record);
            batch.update(requestRef, { usedAt: now, decision }, guard(requestSnapshot!));
            appendEvents(batch, playerRef, plan.events);
            // The guardian's own record of what they agreed to.
            enqueueMail(db, batch, 'guardianConsentConfirmed', requestId, now);
          },
        };
      });
    },
    async history(uid) {
      const events = await protections.doc(uid).collection(PROTECTION_EVENTS).orderBy('at', 'desc').limit(100).get();
      return events.docs.map((doc) => doc.data() as ProtectionEvent);
    },
  };
}
