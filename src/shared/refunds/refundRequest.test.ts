import { canMoveRefund, isRefundOpen, REFUND_REQUEST_STATUSES, REFUND_TRANSITIONS } from './refundRequest';

describe('the refund machine', () => {
  it('moves requested → approving → refunded | approval_failed, and requested → declined, and nothing else', () => {
    const moves = REFUND_REQUEST_STATUSES.flatMap((from) => REFUND_REQUEST_STATUSES.filter((to) => canMoveRefund(from, to)).map((to) => `${from}→${to}`));
    expect(moves).toEqual(['requested→approving', 'requested→declined', 'approving→refunded', 'approving→approval_failed']);
  });

  it('has dead ends for every decided request', () => {
    expect(REFUND_REQUEST_STATUSES.filter((status) => REFUND_TRANSITIONS[status].length === 0)).toEqual(['refunded', 'approval_failed', 'declined']);
  });

  it('holds gems back only while a request waits or is under way', () => {
    expect(REFUND_REQUEST_STATUSES.filter(isRefundOpen)).toEqual(['requested', 'approving']);
  });
});
