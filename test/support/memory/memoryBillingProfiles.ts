import type { BillingProfiles } from '../../../src/server/billing/billingProfiles';
import type { PaymentFormData } from '../../../src/shared/validation/paymentForm';

/** Remembered payment details in memory, for unit tests (firestoreBillingProfiles in the store). */
export function memoryBillingProfiles(): BillingProfiles & { stored: Map<string, PaymentFormData> } {
  const stored = new Map<string, PaymentFormData>();
  return {
    stored,
    async find(uid) {
      return stored.get(uid) ?? null;
    },
    async remember(uid, details) {
      stored.set(uid, { ...details });
    },
    async forget(uid) {
      stored.delete(uid);
    },
  };
}
