import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { BILLING_PROFILE_KEPT_MONTHS } from '../../shared/billingProfile';
import { COLLECTIONS } from '../../shared/firestorePaths';
import type { PaymentFormData } from '../../shared/validation/paymentForm';
import { commitIfUnchanged } from '../firebase/commitIfUnchanged';

/** The field Firestore's TTL policy deletes a remembered profile by (firestore.indexes.json). */
export const BILLING_PROFILE_EXPIRY_FIELD = 'expireAt';

const KEPT_MS = BILLING_PROFILE_KEPT_MONTHS * 30.44 * 86_400_000;
/** A forgotten profile keeps only its generation, this long: past any Submit that could still be in flight. */
const FORGOTTEN_KEPT_MS = 86_400_000;

/** billing_profiles/{uid} as stored: the details (null once forgotten), who entered them, and how many times they were forgotten. */
export interface BillingProfile {
  details: PaymentFormData | null;
  /** The store session (signed in with the game) that entered them; null for the game account's own sign-in. */
  enteredBy: string | null;
  /** One more at every Forget: a Submit that read an older one remembers nothing (Forget wins). */
  generation: number;
}

const NO_PROFILE: BillingProfile = { details: null, enteredBy: null, generation: 0 };

/** How a profile is kept: by whom, and only if no Forget came since `ifGeneration` was read. */
export interface RememberOptions {
  enteredBy: string | null;
  ifGeneration?: number;
}

/** billing_profiles/{uid}: a player's remembered payment details. Firestore in the store; a map in unit tests. */
export interface BillingProfiles {
  /** The profile as stored, or NO_PROFILE's empty one. */
  find(uid: string): Promise<BillingProfile>;
  /**
   * Keeps the details, until BILLING_PROFILE_KEPT_MONTHS after `now` (each purchase with them moves it on); false when
   * a Forget came after `ifGeneration` was read, and nothing was kept.
   */
  remember(uid: string, details: PaymentFormData, now: number, options: RememberOptions): Promise<boolean>;
  /** Forgets the details at once, and makes every Submit already under way keep nothing: answers the new generation. */
  forget(uid: string, now: number): Promise<number>;
}

/** A stored profile read plainly, whatever an older record lacks. */
export function profileOf(data: Record<string, unknown> | undefined): BillingProfile {
  if (!data) return NO_PROFILE;
  return {
    details: (data.details as PaymentFormData | null | undefined) ?? null,
    enteredBy: typeof data.enteredBy === 'string' ? data.enteredBy : null,
    generation: typeof data.generation === 'number' ? data.generation : 0,
  };
}

export function firestoreBillingProfiles(db: Firestore): BillingProfiles {
  const profiles = db.collection(COLLECTIONS.billingProfiles);
  return {
    async find(uid) {
      return profileOf((await profiles.doc(uid).get()).data());
    },
    async remember(uid, details, now, { enteredBy, ifGeneration }) {
      const ref = profiles.doc(uid);
      return commitIfUnchanged(db, [ref], ([snapshot]) => {
        const { generation } = profileOf(snapshot!.data());
        if (ifGeneration !== undefined && generation !== ifGeneration) return { result: false };
        const record = { details, enteredBy, generation, updatedAt: now, [BILLING_PROFILE_EXPIRY_FIELD]: Timestamp.fromMillis(now + KEPT_MS) };
        return {
          result: true,
          writes: (batch, guard) => (snapshot!.exists ? batch.update(ref, record, guard(snapshot!)) : batch.create(ref, record)),
        };
      });
    },
    async forget(uid, now) {
      const ref = profiles.doc(uid);
      return commitIfUnchanged(db, [ref], ([snapshot]) => {
        const { generation } = profileOf(snapshot!.data());
        const record = { details: null, enteredBy: null, generation: generation + 1, updatedAt: now, [BILLING_PROFILE_EXPIRY_FIELD]: Timestamp.fromMillis(now + FORGOTTEN_KEPT_MS) };
        return {
          result: generation + 1,
          writes: (batch, guard) => (snapshot!.exists ? batch.update(ref, record, guard(snapshot!)) : batch.create(ref, record)),
        };
      });
    },
  };
}
