import type { DisputeView } from '../../shared/disputes/dispute';

/** disputes/{orderId}: a dispute as kept, the order's id being its id (one per order). */
export type DisputeRecord = DisputeView;
