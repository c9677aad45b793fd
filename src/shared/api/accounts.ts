import type { ProtectionsView } from '../protections/playerProtections';
import type { SpendingLimitFormData } from '../validation/spendingLimit';

// The account API's shapes: a password reset, the spending limit, a guardian's consent.
/**
 * POST /api/account/password-reset: answered 202 whether or not an account has the email, so the answer
 * never tells who has one.
 */
export interface PasswordResetRequest {
  email: string;
}

/** POST /api/account/limits: the new limit in dollars ("20", "20.50"), or "" for none. */
export type SpendingLimitRequest = SpendingLimitFormData;
/** GET and POST /api/account/limits, POST /api/account/birth-date and /api/account/guardian-consent */
export type SpendingLimitResponse = ProtectionsView;

/** GET and POST /api/guardian-consent: who asks, and to whom the link was sent. */
export interface ConsentPageFacts {
  playerEmail: string;
  guardianEmail: string;
  expiresAt: number;
  /** The guardian consented before and is asked for a new limit: the limit when the player asked. */
  limitChange: { monthlyLimitCents: number | null } | null;
}
