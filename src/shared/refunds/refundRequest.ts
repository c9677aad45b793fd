import type { RefundEligibility } from './refundPolicy';

/**
 * refund_requests/{orderId}: one per order. `requested` until support decides: `refunded` once the provider
 * returned the money and the gems were taken back, or `declined` with a reason the player is shown.
 */
export const REFUND_REQUEST_STATUSES = ['requested', 'refunded', 'declined'] as const;
export type RefundRequestStatus = (typeof REFUND_REQUEST_STATUSES)[number];

export const REFUND_REASON_MAX_LENGTH = 1000;

/** A refund request as the player (and support) see it. */
export interface RefundRequestView {
  orderId: string;
  status: RefundRequestStatus;
  reason: string;
  createdAt: number;
  decidedAt: number | null;
  /** Support's reason, shown to the player, when declined. */
  declineReason: string | null;
}

/** Where a paid order stands on refunds: its request, if any, and whether one may be made now. */
export interface RefundStanding {
  request: RefundRequestView | null;
  eligibility: RefundEligibility;
}
