import type { RefundEligibility } from './refundPolicy';

/**
 * refund_requests/{orderId}: one per order, with a life of its own beside the order's (docs/payments.md, After the
 * sale), applied by the server in guarded commits and read by every screen:
 *
 *   requested ──support approves──► approving ──provider refunded──► refunded
 *       │                               └──────provider refused───► approval_failed
 *       └──────support declines─────► declined
 *
 * `approving` is committed, with the gems taken back and an attempt id, before the provider is asked, so a
 * decline or a second approval can see the refund in flight, and a timeout or a crash leaves a record the
 * sweep finishes. `approval_failed` gives the gems back; the order stays paid.
 */
export const REFUND_REQUEST_STATUSES = ['requested', 'approving', 'refunded', 'approval_failed', 'declined'] as const;
export type RefundRequestStatus = (typeof REFUND_REQUEST_STATUSES)[number];

/** Which status may follow which. Nothing else moves a request. */
export const REFUND_TRANSITIONS: Readonly<Record<RefundRequestStatus, readonly RefundRequestStatus[]>> = {
  requested: ['approving', 'declined'],
  approving: ['refunded', 'approval_failed'],
  refunded: [],
  approval_failed: [],
  declined: [],
};

export function isRefundRequestStatus(value: unknown): value is RefundRequestStatus {
  return typeof value === 'string' && (REFUND_REQUEST_STATUSES as readonly string[]).includes(value);
}

export function canMoveRefund(from: RefundRequestStatus, to: RefundRequestStatus): boolean {
  return REFUND_TRANSITIONS[from].includes(to);
}

/** A request support may still decide on: only a waiting one. */
export const isRefundWaiting = (status: RefundRequestStatus) => status === 'requested';

/** A request that still holds the gems back from the player's refundable balance: waiting, or under way at the provider. */
export const isRefundOpen = (status: RefundRequestStatus) => status === 'requested' || status === 'approving';

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
