import { createSelector, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../wiring/rootReducer';
import type { OrderView } from '../../../shared/orders/orderView';

/** Orders a page of the history holds. */
export const ORDERS_PAGE_SIZE = 20;

export interface TransactionsState {
  /** The history, newest first, a page at a time; each page follows its orders live. */
  pages: Array<{ orders: OrderView[]; loaded: boolean }>;
  error: string | null;
}

const initialState: TransactionsState = { pages: [], error: null };

/**
 * The customer's `transactions` slice: the player's transactions, the order records of the glossary
 * (docs/architecture.md), as the orders list shows them, followed live from Firestore a page at a time (a receipt
 * and the list's buttons go through the server API: playerOrdersApi). Its name is the customer's (test: appShape).
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
  },
  selectors: {
    // Memoized: the flattened list is a new array, and the orders page re-renders only when a page changes.
    selectOrders: createSelector([(state: TransactionsState) => state.pages], (pages) => pages.flatMap((page) => page.orders)),
    selectOrdersLoaded: (state) => state.pages.length > 0 && state.pages.every((page) => page.loaded),
    /** A full last page may have older orders behind it. */
    selectHasOlder: (state) => {
      const last = state.pages[state.pages.length - 1];
      return Boolean(last?.loaded && last.orders.length === ORDERS_PAGE_SIZE);
    },
    selectOrdersError: (state) => state.error,
  },
});

declare module '../../wiring/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

/** The transactions state, in the store from the moment this module loads (with its page). */
export const transactionsSlice = slice.injectInto(rootReducer);

export const { ordersOpened, ordersClosed, olderRequested, pageUpdated, ordersFailed } = transactionsSlice.actions;
export const { selectOrders, selectOrdersLoaded, selectHasOlder, selectOrdersError } = transactionsSlice.selectors;
