import { createSlice, isAnyOf, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { OrderView } from '../../../shared/orders/orderView';
import { rootReducer } from '../../wiring/rootReducer';
import { eventForOrder } from './paymentMachine';
import { ORDER_NEWS_ACTIONS } from './paymentSlice';
import type { Failure, LoadStatus, OrderSource } from './paymentTypes';

/** /payment-success: the order it confirms, as last read. */
export interface ConfirmationState {
  orderId: string | null;
  order: OrderView | null;
  status: LoadStatus;
  error: Pick<Failure, 'message' | 'failure'> | null;
}

const initialState: ConfirmationState = { orderId: null, order: null, status: 'idle', error: null };

/** Keeps the latest reading of the order /payment-success confirms. */
function recordReading(state: ConfirmationState, order: OrderView): void {
  if (state.orderId !== order.orderId) return;
  state.order = order;
  state.status = 'loaded';
  state.error = null;
}

const slice = createSlice({
  name: 'paymentConfirmation',
  initialState,
  reducers: {
    /** /payment-success opened (or its Try again), for ?order= (null when none). */
    opened(state, action: PayloadAction<{ orderId: string | null }>): ConfirmationState {
      const { orderId } = action.payload;
      const known = state.orderId === orderId ? state.order : null;
      return { orderId, order: known, status: orderId ? 'loading' : 'idle', error: null };
    },
    closed() {},
    /** A reading of an order that the payment machine has no event for (a plain read, a refund). */
    orderLoaded(state, action: PayloadAction<{ order: OrderView; source: OrderSource | 'read' }>) {
      recordReading(state, action.payload.order);
    },
    orderLoadFailed(state, action: PayloadAction<{ orderId: string } & Failure>) {
      const { orderId, message, failure } = action.payload;
      if (state.orderId !== orderId) return;
      state.status = 'failed';
      state.error = { message, failure };
    },
  },
  extraReducers: (builder) => {
    // Every order event of the payment machine is a reading too.
    builder.addMatcher(isAnyOf(...Object.values(ORDER_NEWS_ACTIONS)), (state, action) => recordReading(state, action.payload.order));
  },
  selectors: {
    selectConfirmation: (state) => state,
  },
});

declare module '../../wiring/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const confirmationSlice = slice.injectInto(rootReducer);

export const { opened: confirmationOpened, closed: confirmationClosed, orderLoaded, orderLoadFailed } = confirmationSlice.actions;
export const { selectConfirmation } = confirmationSlice.selectors;

/** The action a reading of an order becomes: the payment machine's event for it, or a plain orderLoaded. */
export function orderReadingAction(order: OrderView, source: OrderSource) {
  const event = eventForOrder(order);
  return event ? ORDER_NEWS_ACTIONS[event]({ order, source }) : orderLoaded({ order, source });
}
