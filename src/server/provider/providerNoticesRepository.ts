import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../shared/firestorePaths';
import type { OrderEvent } from '../../shared/orders/orderEvents';
import { isAlreadyExists } from '../firebase/commitIfUnchanged';
import { providerEventRef } from '../providerEvents/providerEventRecords';
import { appendOrderEvents, recordOrderEvents } from '../ledger/orderHistory';
import { storedStatus, type TransactionRecord } from '../orders/orderRules';
import { dueOnPaidReturn } from '../orders/orderWatchRules';

/**
 * A refused callback is kept this long for support's health view and any investigation, then Firestore's
 * TTL policy on this field (firestore.indexes.json) deletes it, so forged traffic cannot grow the store forever.
 */
export const CALLBACK_REJECTION_KEEP_MS = 90 * 24 * 3_600_000;
export const CALLBACK_REJECTION_EXPIRY_FIELD = 'expireAt';

/** A callback as it was received and judged. */
export interface CallbackReceipt {
  at: number;
  orderId: string;
  /** The order it names, when there is one. */
  record: TransactionRecord | null;
  signature: 'valid' | 'invalid';
  /** Why it was refused; absent when accepted. */
  rejected?: string;
  providerStatus?: string;
}

/**
 * What the provider tells the store unasked, as it was received: the player's return and the server-to-server
 * callback, kept in the order's history (and a paid return under successful_transactions, docs/storefront.md, The provider's return) before
 * anything is decided from them. Firestore in the store; a list in unit tests.
 */
export interface ProviderNoticesRepository {
  /**
   * A redirect the provider signed, from the order's owner: the first paid one is kept with its event, once, and
   * makes its order due for a check (dueOnPaidReturn); any other is in the history while the order is open.
   */
  recordReturn(record: TransactionRecord, parameters: Record<string, string>, at: number): Promise<void>;
  /**
   * A provider callback with its verdict: in the order's history when the order exists, and among the
   * rejected callbacks (support's health view) when it was refused.
   */
  recordCallback(callback: CallbackReceipt): Promise<void>;
  /** Whether a provider's event was applied already (provider_events/{eventId}): its repeat is acknowledged and changes nothing. */
  isApplied(eventId: string): Promise<boolean>;
}

export function firestoreProviderNotices(db: Firestore): ProviderNoticesRepository {
  return {
    async recordReturn(record, parameters, at) {
      const event: OrderEvent = { orderId: record.order_id, userId: record.userId, at, type: 'returnReceived', source: 'return', providerStatus: parameters.status ?? '' };
      if (parameters.status !== 'paid') {
        // Only the first word of an open order is worth its history: a replayed redirect writes nothing more.
        if (storedStatus(record) === 'pending') await recordOrderEvents(db, [event]);
        return;
      }
      // Spec §4.5 keeps a paid return under successful_transactions/{out_trade_no}: the first, once, with its event.
      const batch = db.batch();
      batch.create(db.collection(COLLECTIONS.successfulTransactions).doc(record.order_id), { ...parameters, receivedAt: at });
      const due = dueOnPaidReturn(record, at);
      if (due) batch.update(db.collection(COLLECTIONS.transactions).doc(record.order_id), due);
      appendOrderEvents(db, batch, [event]);
      try {
        await batch.commit();
      } catch (error) {
        if (!isAlreadyExists(error)) throw error;
      }
    },

    async isApplied(eventId) {
      return (await providerEventRef(db, eventId).get()).exists;
    },

    async recordCallback({ at, orderId, record, signature, rejected, providerStatus }) {
      const batch = db.batch();
      if (record) {
        appendOrderEvents(db, batch, [
          {
            orderId,
            userId: record.userId,
            at,
            type: 'callbackReceived',
            source: 'callback',
            signature,
            ...(providerStatus ? { providerStatus } : {}),
            ...(rejected ? { detail: `refused: ${rejected}` } : {}),
          },
        ]);
      }
      if (rejected) {
        batch.create(db.collection(COLLECTIONS.callbackRejections).doc(), {
          at,
          orderId: orderId.slice(0, 64),
          reason: rejected,
          signature,
          [CALLBACK_REJECTION_EXPIRY_FIELD]: Timestamp.fromMillis(at + CALLBACK_REJECTION_KEEP_MS),
        });
      }
      await batch.commit();
    },
  };
}
