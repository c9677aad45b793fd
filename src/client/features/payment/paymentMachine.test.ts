import { ORDER_STATUSES, ORDER_TRANSITIONS, type OrderStatus } from '../../../shared/orders/orderStatus';
import { sampleOrder } from '../../../../test/fixtures/samples';
import {
  PAYMENT_EVENTS,
  PAYMENT_PHASES,
  PAYMENT_TRANSITIONS,
  paymentTransition,
  eventForOrder,
  type PaymentEvent,
  type PaymentPhase,
} from './paymentMachine';
import { paymentSlice, ORDER_NEWS_ACTIONS, opening, orderCreated, startFailed, tabClosed, tabOpened, type PaymentState } from './paymentSlice';

const order = sampleOrder();

/** The action that carries `event` for the entry 'a1' holding `order`. */
function actionFor(event: PaymentEvent) {
  switch (event) {
    case 'orderCreated':
      return orderCreated({ paymentId: 'a1', orderId: order.orderId, checkoutUrl: 'http://x/checkout/n', tabBlocked: false, gives: { gemCount: 1000, bonusGems: 0, offerTitle: null } });
    case 'startFailed':
      return startFailed({ paymentId: 'a1', message: 'No.', failure: 'refused' });
    case 'tabOpened':
      return tabOpened({ paymentId: 'a1' });
    case 'tabClosed':
      return tabClosed({ paymentId: 'a1' });
    default:
      return ORDER_NEWS_ACTIONS[event]({ order, source: 'listener' });
  }
}

/** A checkout state with one entry, 'a1', in `phase` (holding the order once it has one). */
function stateIn(phase: PaymentPhase): PaymentState {
  const initial = paymentSlice.reducer(undefined, opening({ paymentId: 'a1', packId: 3 }));
  return {
    ...initial,
    entries: { a1: { ...initial.entries.a1!, phase, orderId: phase === 'starting' ? null : order.orderId } },
  };
}

describe('the checkout machine', () => {
  const pairs = PAYMENT_PHASES.flatMap((phase) => PAYMENT_EVENTS.map((event) => [phase, event] as const));

  it.each(pairs)('in %s, %s moves the entry exactly as the table says (or changes nothing)', (phase, event) => {
    const before = stateIn(phase);
    const after = paymentSlice.reducer(before, actionFor(event));
    const next = PAYMENT_TRANSITIONS[phase][event];
    if (next === undefined) {
      expect(paymentTransition(phase, event)).toBeNull();
      expect(after.entries).toEqual(before.entries);
    } else {
      expect(after.entries.a1!.phase).toBe(next);
    }
  });

  it('names only known phases as targets', () => {
    for (const targets of Object.values(PAYMENT_TRANSITIONS)) {
      for (const target of Object.values(targets)) expect(PAYMENT_PHASES).toContain(target);
    }
  });

  it('ignores an event for an order this tab never started', () => {
    const before = stateIn('awaitingPayment');
    const after = paymentSlice.reducer(before, ORDER_NEWS_ACTIONS.gemsCredited({ order: { ...order, orderId: 'WCOTHER0000000000' }, source: 'listener' }));
    expect(after.entries).toEqual(before.entries);
  });
});

describe('the checkout machine agrees with the shared order machine', () => {
  /** Where an order in each status leaves the checkout of a waiting order. */
  const phaseAfter = (status: OrderStatus, credited: boolean): PaymentPhase | null => {
    const event = eventForOrder({ status, credited });
    return event ? paymentTransition('awaitingPayment', event) : null;
  };

  it('every status an order can reach from pending ends the waiting checkout in a matching phase', () => {
    expect(ORDER_TRANSITIONS.pending.map((status) => [status, phaseAfter(status, status === 'paid')])).toEqual([
      ['paid', 'credited'],
      ['failed', 'declined'],
      ['cancelled', 'cancelled'],
      ['expired', 'expired'],
    ]);
    expect(phaseAfter('pending', false)).toBe('awaitingPayment');
  });

  it('a move the order machine allows out of an ending is allowed by the checkout too (a late payment)', () => {
    const phaseOf: Partial<Record<OrderStatus, PaymentPhase>> = { failed: 'declined', cancelled: 'cancelled', expired: 'expired' };
    for (const status of ORDER_STATUSES) {
      const phase = phaseOf[status];
      if (!phase) continue;
      for (const next of ORDER_TRANSITIONS[status]) {
        const event = eventForOrder({ status: next, credited: true });
        expect(event && paymentTransition(phase, event)).toBeTruthy();
      }
    }
  });
});

describe('a PayID payment under way in the checkout machine', () => {
  const transfer = { status: 'pending' as const, credited: false, payMethod: 'payid' };

  it('is its own event, from a pending order paid by PayID only', () => {
    expect(eventForOrder(transfer)).toBe('transferStarted');
    expect(eventForOrder({ ...transfer, payMethod: 'card:visa:4242' })).toBe('stillPending');
    expect(eventForOrder({ ...transfer, payMethod: null })).toBe('stillPending');
    expect(eventForOrder({ ...transfer, status: 'paid', credited: true })).toBe('gemsCredited');
  });

  it('takes a waiting or closed checkout to the transfer, which no tab event and no stale reading moves, and which ends paid, credited or cancelled', () => {
    for (const phase of ['awaitingPayment', 'tabClosed'] as const) expect(paymentTransition(phase, 'transferStarted')).toBe('transferUnderWay');
    for (const event of ['tabClosed', 'tabOpened', 'orderCreated', 'startFailed'] as const) expect(paymentTransition('transferUnderWay', event)).toBeNull();
    expect(paymentTransition('transferUnderWay', 'stillPending')).toBe('transferUnderWay');
    expect(paymentTransition('transferUnderWay', 'gemsCredited')).toBe('credited');
    expect(paymentTransition('transferUnderWay', 'paymentConfirmed')).toBe('paid');
    expect(paymentTransition('transferUnderWay', 'paymentCancelled')).toBe('cancelled');
  });
});

