import type { TransactionRecord } from '../orders/orderRules';
import { planOrderSlot, type SlotRequest } from './orderSlotRules';

const NOW = 1_000_000;
const order = (id: string, status: string) => ({ order_id: id, userId: 'u-1', packId: 7, status, createdAt: NOW - 1_000, amount: '4.99' }) as TransactionRecord;
const request = (pack: SlotRequest['pack'], open: TransactionRecord[] = []): SlotRequest => ({
  limit: 3,
  now: NOW,
  until: NOW + 60_000,
  cents: 499,
  block: null,
  spendingLimitCents: null,
  monthOrders: open,
  pack,
});
const oncePerPlayer = (orders: TransactionRecord[]) => ({ id: 7, limit: { count: 1, per: 'ever' as const }, since: 0, orders });

describe("a pack's per-player limit among racing payments", () => {
  it("counts a racer whose order the open list shows but the pack's list, read before it was recorded, does not", () => {
    const racer = order('WCRACER0000000001', 'pending');
    const slots = { [racer.order_id]: { until: NOW + 30_000, cents: 499, packId: 7 } };
    expect(planOrderSlot(slots, [racer], 'WCLATER0000000002', request(oncePerPlayer([]), [racer]))).toEqual({ refused: 'packLimit', limit: { count: 1, per: 'ever' } });
  });

  it('does not count a held place whose order ended unpaid, nor one of another pack', () => {
    const failed = order('WCFAILED000000001', 'failed');
    const slots = { [failed.order_id]: { until: NOW + 30_000, cents: 499, packId: 7 }, WCOTHER0000000003: { until: NOW + 30_000, cents: 499, packId: 8 } };
    expect(planOrderSlot(slots, [], 'WCLATER0000000002', request(oncePerPlayer([failed]), [failed]))).toHaveProperty('slots');
  });

  it('counts a place held for the pack whose order no list shows yet', () => {
    const slots = { WCSTARTING0000004: { until: NOW + 30_000, cents: 499, packId: 7 } };
    expect(planOrderSlot(slots, [], 'WCLATER0000000002', request(oncePerPlayer([])))).toHaveProperty('refused', 'packLimit');
  });
});
