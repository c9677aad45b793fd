import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { BILLING_PROFILE_KEPT_MONTHS } from '../../shared/billingProfile';
import { COLLECTIONS } from '../../shared/firestorePaths';
import type { PaymentFormData } from '../../shared/validation/paymentForm';

/** The field Firestore's TTL policy deletes a remembered profile by (firestore.indexes.json). */
export const BILLING_PROFILE_EXPIRY_FIELD = 'expireAt';

const KEPT_MS = BILLING_PROFILE_KEPT_MONTHS * 30.44 * 86_400_000;

/** billing_profiles/{uid}: a player's remembered payment details. Firestore in the store; a map in unit tests. */
export interface BillingProfiles {
  find(uid: string): Promise<PaymentFormData | null>;
  /** Keeps the details, until BILLING_PROFILE_KEPT_MONTHS after `now` (each purchase with them moves it on). */
  remember(uid: string, details: PaymentFormData, now: number): Promise<void>;
  forget(uid: string): Promise<void>;
}

export function firestoreBillingProfiles(db: Firestore): BillingProfiles {
  const profiles = db.collection(COLLECTIONS.billingProfiles);
  return {
    async find(uid) {
      return ((await profiles.doc(uid).get()).data()?.details as PaymentFormData | undefined) ?? null;
    },
    async remember(uid, details, now) {
      await profiles.doc(uid).set({ details, updatedAt: now, [BILLING_PROFILE_EXPIRY_FIELD]: Timestamp.fromMillis(now + KEPT_MS) });
    },
    async forget(uid) {
      await profiles.doc(uid).delete();
    },
  };
}
