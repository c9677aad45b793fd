import type { BillingProfiles } from '../../../src/server/billing/billingProfiles';
import type { PaymentFormData } from '../../../src/shared/validation/paymentForm';

/**
 * Remembered payment details in memory, for unit tests (firestoreBillingProfiles in the store), by the same rules: a
 * Forget counts one more generation, and a Submit that read an older one keeps nothing. `stored` holds only details
 * still remembered.
 */
export function memoryBillingProfiles(): BillingProfiles & { stored: Map<string, PaymentFormData> } {
  const stored = new Map<string, PaymentFormData>();
  const enteredBy = new Map<string, string | null>();
  const generations = new Map<string, number>();
  const generationOf = (uid: string) => generations.get(uid) ?? 0;
  return {
    stored,
    async find(uid) {
      const details = stored.get(uid);
      return { details: details ? { ...details } : null, enteredBy: details ? (enteredBy.get(uid) ?? null) : null, generation: generationOf(uid) };
    },
    async remember(uid, details, _now, options) {
      if (options.ifGeneration !== undefined && options.ifGeneration !== generationOf(uid)) return false;
      stored.set(uid, { ...details });
      enteredBy.set(uid, options.enteredBy);
      return true;
    },
    async forget(uid) {
      stored.delete(uid);
      enteredBy.delete(uid);
      generations.set(uid, generationOf(uid) + 1);
      return generationOf(uid);
    },
  };
}
