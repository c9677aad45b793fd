import { FieldValue, type Firestore, type WriteBatch } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../shared/firestorePaths';
import { claimDue } from '../firebase/claimDue';

/**
 * The emails the server owes, one document each (mail_outbox/{kind}-{orderId}), created in the same commit
 * as the change that owes them: a credited order owes exactly one receipt however many checks with the provider race,
 * because only one commit credits it. A dispatcher claims due entries with a lease, sends, and marks them.
 */
export type OrderMailKind =
  | 'receipt'
  | 'refundRequested'
  | 'refundAcknowledged'
  | 'refundApproved'
  | 'refundDeclined'
  /** A payment refunded instead of credited: to the player, and to a young player's guardian. */
  | 'creditRefused'
  | 'creditRefusedGuardian'
  /** The game's server declined the gems, and the payment is being refunded. */
  | 'deliveryDeclined'
  /** A gift for a friend was credited: to its recipient's account email. */
  | 'giftReceived';
/** A dispute's emails to its player: opened (gems taken back, buying paused), won, and charged back. */
export type DisputeMailKind = 'disputeOpened' | 'disputeWon' | 'disputeChargedBack';
export const DISPUTE_MAIL_KINDS: readonly DisputeMailKind[] = ['disputeOpened', 'disputeWon', 'disputeChargedBack'];
export const isDisputeMail = (kind: MailKind): kind is DisputeMailKind => (DISPUTE_MAIL_KINDS as readonly string[]).includes(kind);

/**
 * An order's emails, a dispute's, a guardian's consent request and a password reset (each written from its request, not an
 * order).
 */
export type MailKind = OrderMailKind | DisputeMailKind | 'guardianConsent' | 'guardianConsentConfirmed' | 'passwordReset' | 'accountDeleted';

/** An entry that owes nothing after all (a reset asked for an address with no account), and why. */
export interface NoMail {
  noMail: string;
}

export interface OutboxEntry {
  id: string;
  kind: MailKind;
  /**
   * The order the email is about; for guardianConsent, the consent request (guardian_consent_requests/{id}); for
   * passwordReset, the reset request (password_reset_requests/{id}).
   */
  orderId: string;
  status: 'pending' | 'sent' | 'failed' | 'skipped';
  createdAt: number;
  /** When the dispatcher should (next) try to send it; a claim moves it to the lease's end. */
  nextAttemptAt: number;
  leaseUntil: number;
  attempts: number;
  sentAt?: number;
  lastError?: string;
  /** The address, for an email no record can be read for (accountDeleted): forgotten once it is sent or given up. */
  to?: string;
}

export const outboxEntryId = (kind: MailKind, orderId: string) => `${kind}-${orderId}`;

/** Adds to `batch` an owed email to an address no record keeps (an account's deletion), created once. */
export function enqueueMailTo(db: Firestore, batch: WriteBatch, kind: MailKind, aboutId: string, now: number, to: string): void {
  const entry: Omit<OutboxEntry, 'id'> = { kind, orderId: aboutId, status: 'pending', createdAt: now, nextAttemptAt: now, leaseUntil: 0, attempts: 0, to };
  batch.create(db.collection(COLLECTIONS.mailOutbox).doc(outboxEntryId(kind, aboutId)), entry);
}

/** What a refund request owes: support's notice, and the player's acknowledgement. */
export const REFUND_REQUEST_MAIL: readonly MailKind[] = ['refundRequested', 'refundAcknowledged'];

/** Where owed emails are kept. Firestore in the store; a map in unit tests. */
export interface MailOutbox {
  /** Claims up to `limit` pending entries due at `now` for `leaseMs`, so instances split them. */
  claimDue(now: number, limit: number, leaseMs: number): Promise<OutboxEntry[]>;
  markSent(id: string, at: number): Promise<void>;
  /** Nothing was owed after all: kept, with why, and never tried again. */
  markSkipped(id: string, at: number, reason: string): Promise<void>;
  /** A failed attempt: when to try again, or `failed` for good. */
  markAttemptFailed(id: string, update: { attempts: number; nextAttemptAt: number; failed: boolean; error: string }): Promise<void>;
  /** Entries still unsent (pending or failed), for support's health view. */
  countUnsent(): Promise<number>;
}

/** Adds an owed email to `batch`; the commit fails (and is re-decided) if it was already owed. */
export function enqueueMail(db: Firestore, batch: WriteBatch, kind: MailKind, orderId: string, now: number, round = 1): void {
  const entry: Omit<OutboxEntry, 'id'> = { kind, orderId, status: 'pending', createdAt: now, nextAttemptAt: now, leaseUntil: 0, attempts: 0 };
  // A dispute's later rounds mail the player again: an id of their own, so the first round's stays as it was.
  batch.create(db.collection(COLLECTIONS.mailOutbox).doc(`${outboxEntryId(kind, orderId)}${round > 1 ? `-r${round}` : ''}`), entry);
}

export function firestoreOutbox(db: Firestore): MailOutbox {
  const outbox = db.collection(COLLECTIONS.mailOutbox);
  return {
    async claimDue(now, limit, leaseMs) {
      const claimed = await claimDue({
        due: (chunk) => outbox.where('status', '==', 'pending').where('nextAttemptAt', '<=', now).orderBy('nextAttemptAt').limit(chunk).get(),
        lease: { nextAttemptAt: now + leaseMs, leaseUntil: now + leaseMs },
        limit,
      });
      return claimed.map(({ id, data }) => ({ ...(data as Omit<OutboxEntry, 'id'>), id }));
    },
    async markSent(id, at) {
      await outbox.doc(id).update({ status: 'sent', sentAt: at, leaseUntil: 0, to: FieldValue.delete() });
    },
    async markSkipped(id, at, reason) {
      await outbox.doc(id).update({ status: 'skipped', sentAt: at, leaseUntil: 0, lastError: reason, to: FieldValue.delete() });
    },
    async markAttemptFailed(id, { attempts, nextAttemptAt, failed, error }) {
      await outbox.doc(id).update({ attempts, nextAttemptAt, leaseUntil: 0, lastError: error.slice(0, 500), ...(failed ? { status: 'failed', to: FieldValue.delete() } : {}) });
    },
    async countUnsent() {
      return (await outbox.where('status', 'in', ['pending', 'failed']).count().get()).data().count;
    },
  };
}
