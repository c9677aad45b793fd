import { Timestamp, type Firestore, type WriteBatch } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../shared/firestorePaths';
import type { ProviderEventType } from '../../shared/paymentProtocol';

/**
 * provider_events/{eventId}: a provider's notice applied, created in the very commit of its effect (an order's
 * status and credit, a dispute's move), so a repeat of it finds it and changes nothing. Kept long past any
 * provider's retries, then deleted by Firestore's TTL policy on PROVIDER_EVENT_EXPIRY_FIELD.
 */
export const PROVIDER_EVENT_KEEP_MS = 30 * 86_400_000;
export const PROVIDER_EVENT_EXPIRY_FIELD = 'expireAt';

/** A provider's notice as an event: applied once by its id, and only while its signed time is fresh (payments/providerEvents). */
export interface ProviderEvent {
  id: string;
  type: ProviderEventType;
  /** When the provider signed this delivery (ms). */
  signedAt: number;
}

/** What a commit records of the event it applies. */
export interface AppliedProviderEvent extends ProviderEvent {
  orderId: string;
}

export const providerEventRef = (db: Firestore, eventId: string) => db.collection(COLLECTIONS.providerEvents).doc(eventId);

/** Records the event in `batch`, the commit of its effect: created, so a racing repeat's commit fails and reads it. */
export function recordProviderEvent(db: Firestore, batch: WriteBatch, event: AppliedProviderEvent, at: number): void {
  batch.create(providerEventRef(db, event.id), { ...event, appliedAt: at, [PROVIDER_EVENT_EXPIRY_FIELD]: Timestamp.fromMillis(at + PROVIDER_EVENT_KEEP_MS) });
}
