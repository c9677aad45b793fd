import { Timestamp, type Firestore, type WriteBatch } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../shared/firestorePaths';

/**
 * risk_activity/{key}~{yyyy-mm-dd}: what the risk rules count (src/server/risk), written by the door in the commit of
 * the move it counts (an order made, the provider's word applied), read by the risk decision.
 */

/** One thing counted against a key: a payment started, one the provider declined, or one paid (with the card, where one was named). */
export interface RiskActivityEntry {
  at: number;
  kind: 'start' | 'decline' | 'paid';
  /** The card as the provider named it (shared/payMethod `card:brand:last4`); absent for another method or none named. */
  card?: string;
}

/** An entry to write under a key, by an id that makes a second write of the same thing the same entry. */
export interface RiskActivityWrite {
  key: string;
  id: string;
  entry: RiskActivityEntry;
}

const DAY_MS = 24 * 3_600_000;
/** The activity kept: a day's counts are read for a day, so two days' documents are enough (TTL). */
const ACTIVITY_KEPT_MS = 2 * DAY_MS;
export const RISK_EXPIRY_FIELD = 'expireAt';

/** The UTC day an entry is kept under, and the documents a day's look back reads (today's and yesterday's). */
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);
export const activityDocId = (key: string, at: number) => `${key}~${dayOf(at)}`;
export const activityDocIds = (key: string, now: number) => [activityDocId(key, now - DAY_MS), activityDocId(key, now)];

/** Writes activity entries in `batch` (merged: each entry by its own id, so a repeat is the same entry). */
export function writeRiskActivity(db: Firestore, batch: WriteBatch, writes: readonly RiskActivityWrite[]): void {
  for (const { key, id, entry } of writes) {
    batch.set(
      db.collection(COLLECTIONS.riskActivity).doc(activityDocId(key, entry.at)),
      { key, entries: { [id]: entry }, [RISK_EXPIRY_FIELD]: Timestamp.fromMillis(entry.at + ACTIVITY_KEPT_MS) },
      { merge: true },
    );
  }
}
