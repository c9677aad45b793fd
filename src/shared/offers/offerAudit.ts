import type { Offer } from './offer';

/** offers/{id}/audit/{entryId}: who changed an offer, when, and what it was before and after. */
export interface OfferAuditEntry {
  at: number;
  /** The staff member's email, or "npm run offers" for the command line. */
  by: string;
  action: 'created' | 'changed' | 'ended' | 'paused' | 'resumed';
  before: Offer | null;
  after: Offer;
}
