import type { TransactionRecord } from '../orders/orderRules';
import { monthFigures } from './monthlySpending';

const order = (orderId: string, status: TransactionRecord['status'], amount: string, changes: Partial<TransactionRecord> = {}) =>
  ({ order_id: orderId, userId: 'u-1', status, amount, checked: status === 'paid' ? 1 : 0, createdAt: 1, updatedAt: 1, ...changes }) as TransactionRecord;

describe('the month’s figures a player reads', () => {
  it('spent is what was paid, refunds and refused payments off; what open orders hold is said apart, each order once', () => {
    const paid = order('WCPAID', 'paid', '15.99');
    const refunded = order('WCREFUNDED', 'refunded', '45.99');
    const refused = order('WCREFUSED', 'paid', '85.99', { notCredited: { reason: 'spendingLimit', at: 2 } });
    const open = order('WCOPEN', 'pending', '25.99');
    const olderOpen = order('WCOLDOPEN', 'pending', '15.99', { createdAt: 0 });
    const cancelled = order('WCCANCELLED', 'cancelled', '55.99');
    // The month's orders and the open ones overlap: an open order of this month is in both lists.
    expect(monthFigures([paid, refunded, refused, open, cancelled], [open, olderOpen])).toEqual({ paidCents: 1599, heldCents: 2599 + 1599 });
  });
});
