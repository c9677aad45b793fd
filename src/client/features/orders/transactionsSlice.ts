import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/store';
import type { OrderView } from '../../../shared/orders/orderView';
import type { RefundStanding } from '../../../shared/refunds/refundRequest';

/** Orders a page of the history holds. */
export const ORDERS_PAGE_SIZE = 20;

export interface OrderCheck {
  status: 'checking' | 'done' | 'failed';
  /** When the store last asked the provider for the player (ms). */
  at: number | null;
  error: string | null;
}

/** The receipt's refund section: where the order stands, and the player's request while it is sent. */
export interface RefundState {
  standing: RefundStanding | null;
  status: 'idle' | 'loading' | 'loaded' | 'sending' | 'failed';
  /** Why the standing could not be read, or why the request was refused. */
  error: string | null;
  /** The player's request went in during this visit (the confirmation is shown). */
  sent: boolean;
}

const noRefund: RefundState = { standing: null, status: 'idle', error: null, sent: false };

export interface TransactionsState {
  /** The history, newest first, a page at a time; each page follows its orders live. */
  pages: Array<{ orders: OrderView[]; loaded: boolean }>;
  error: string | null;
  /** Check again, per order. */
  checks: Record<string, OrderCheck>;
  /** Cancel order, per unpaid order: under way, or why it failed (the live list shows the order cancelled). */
  cancels: Record<string, { status: 'cancelling' | 'failed'; error: string | null }>;
  receipt: {
    orderId: string | null;
    order: OrderView | null;
    status: 'idle' | 'loading' | 'loaded' | 'notFound' | 'failed';
    error: string | null;
    refund: RefundState;
  };
}

const initialState: TransactionsState = {
  pages: [],
  error: null,
  checks: {},
  cancels: {},
  receipt: { orderId: null, order: null, status: 'idle', error: null, refund: noRefund },
};

/**
 * The customer's `transactions` slice: the player's transactions, the order records of the glossary
 * (docs/architecture.md), as the orders list and the receipt show them. Its name is the customer's (test: appShape).
 */
const slice = createSlice({
  name: 'transactions',
  initialState,
  reducers: {
    ordersOpened(state) {
      state.pages = [{ orders: [], loaded: false }];
      state.error = null;
    },
    ordersClosed(state) {
      state.pages = [];
    },
    olderRequested(state) {
      state.pages.push({ orders: [], loaded: false });
    },
    pageUpdated(state, action: PayloadAction<{ index: number; orders: OrderView[] }>) {
      const page = state.pages[action.payload.index];
      if (page) Object.assign(page, { orders: action.payload.orders, loaded: true });
    },
    ordersFailed(state, action: PayloadAction<string>) {
      state.error = action.payload;
    },
    checkRequested(state, action: PayloadAction<{ orderId: string }>) {
      const previous = state.checks[action.payload.orderId];
      state.checks[action.payload.orderId] = { status: 'checking', at: previous?.at ?? null, error: null };
    },
    checkFinished(state, action: PayloadAction<{ order: OrderView; at: number }>) {
      state.checks[action.payload.order.orderId] = { status: 'done', at: action.payload.at, error: null };
    },
    checkFailed(state, action: PayloadAction<{ orderId: string; message: string }>) {
      const previous = state.checks[action.payload.orderId];
      state.checks[action.payload.orderId] = { status: 'failed', at: previous?.at ?? null, error: action.payload.message };
    },
    cancelRequested(state, action: PayloadAction<{ orderId: string }>) {
      state.cancels[action.payload.orderId] = { status: 'cancelling', error: null };
    },
    cancelFinished(state, action: PayloadAction<{ order: OrderView }>) {
      delete state.cancels[action.payload.order.orderId];
    },
    cancelFailed(state, action: PayloadAction<{ orderId: string; message: string }>) {
      state.cancels[action.payload.orderId] = { status: 'failed', error: action.payload.message };
    },
    receiptOpened(state, action: PayloadAction<{ orderId: string }>) {
      state.receipt = { orderId: action.payload.orderId, order: null, status: 'loading', error: null, refund: noRefund };
    },
    receiptLoaded(state, action: PayloadAction<OrderView>) {
      if (state.receipt.orderId !== action.payload.orderId) return;
      state.receipt.order = action.payload;
      state.receipt.status = 'loaded';
    },
    receiptFailed(state, action: PayloadAction<{ orderId: string; notFound: boolean; message: string }>) {
      if (state.receipt.orderId !== action.payload.orderId) return;
      state.receipt.status = action.payload.notFound ? 'notFound' : 'failed';
      state.receipt.error = action.payload.message;
    },
    refundStandingRequested(state, action: PayloadAction<{ orderId: string }>) {
      if (state.receipt.orderId !== action.payload.orderId) return;
      state.receipt.refund = { ...state.receipt.refund, status: 'loading', error: null };
    },
    refundStandingLoaded(state, action: PayloadAction<{ orderId: string; standing: RefundStanding }>) {
      if (state.receipt.orderId !== action.payload.orderId) return;
      state.receipt.refund = { ...state.receipt.refund, standing: action.payload.standing, status: 'loaded', error: null };
    },
    refundStandingFailed(state, action: PayloadAction<{ orderId: string; message: string }>) {
      if (state.receipt.orderId !== action.payload.orderId) return;
      state.receipt.refund = { ...state.receipt.refund, status: 'failed', error: action.payload.message };
    },
    /** The reason is the player's own words; it is what the request is about, so it is kept in the action. */
    refundRequested(state, action: PayloadAction<{ orderId: string; reason: string }>) {
      if (state.receipt.orderId !== action.payload.orderId) return;
      state.receipt.refund = { ...state.receipt.refund, status: 'sending', error: null };
    },
    refundRequestAccepted(state, action: PayloadAction<{ orderId: string; standing: RefundStanding }>) {
      if (state.receipt.orderId !== action.payload.orderId) return;
      state.receipt.refund = { standing: action.payload.standing, status: 'loaded', error: null, sent: true };
      if (state.receipt.order && action.payload.standing.request) {
        const { status, createdAt, declineReason } = action.payload.standing.request;
        state.receipt.order.refund = { status, requestedAt: createdAt, declineReason };
      }
    },
    refundRequestRefused(state, action: PayloadAction<{ orderId: string; message: string }>) {
      if (state.receipt.orderId !== action.payload.orderId) return;
      state.receipt.refund = { ...state.receipt.refund, status: 'loaded', error: action.payload.message };
    },
  },
  selectors: {
    selectOrders: (state) => state.pages.flatMap((page) => page.orders),
    selectOrdersLoaded: (state) => state.pages.length > 0 && state.pages.every((page) => page.loaded),
    /** A full last page may have older orders behind it. */
    selectHasOlder: (state) => {
      const last = state.pages[state.pages.length - 1];
      return Boolean(last?.loaded && last.orders.length === ORDERS_PAGE_SIZE);
    },
    selectOrdersError: (state) => state.error,
    selectCheck: (state, orderId: string) => state.checks[orderId] ?? null,
    selectCancel: (state, orderId: string) => state.cancels[orderId] ?? null,
    selectReceipt: (state) => state.receipt,
    selectRefund: (state) => state.receipt.refund,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

/** The transactions state, in the store from the moment this module loads (with its page). */
export const transactionsSlice = slice.injectInto(rootReducer);

export const {
  ordersOpened,
  ordersClosed,
  olderRequested,
  pageUpdated,
  ordersFailed,
  checkRequested,
  checkFinished,
  cancelRequested,
  cancelFinished,
  cancelFailed,
  checkFailed,
  receiptOpened,
  receiptLoaded,
  receiptFailed,
  refundStandingRequested,
  refundStandingLoaded,
  refundStandingFailed,
  refundRequested,
  refundRequestAccepted,
  refundRequestRefused,
} = transactionsSlice.actions;
export const { selectOrders, selectOrdersLoaded, selectHasOlder, selectOrdersError, selectCheck, selectCancel, selectReceipt, selectRefund } =
  transactionsSlice.selectors;
