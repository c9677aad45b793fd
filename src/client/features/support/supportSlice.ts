import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/store';
import type { RefundQueueEntry, SupportHealth, SupportOrderDetail, SupportOrderSummary } from '../../../shared/support/supportViews';

/** What a staff member can do to the open order. */
export type SupportActionKind = 'check' | 'credit' | 'approve' | 'decline';

export interface SupportState {
  /** Whether the signed-in account is support staff, as the API says (others see not-found). */
  access: 'unknown' | 'checking' | 'granted' | 'denied';
  health: SupportHealth | null;
  healthError: string | null;
  search: { query: string; status: 'idle' | 'searching' | 'done' | 'failed'; results: SupportOrderSummary[]; error: string | null };
  queue: { status: 'idle' | 'loading' | 'loaded' | 'failed'; entries: RefundQueueEntry[]; error: string | null };
  order: {
    orderId: string | null;
    detail: SupportOrderDetail | null;
    status: 'idle' | 'loading' | 'loaded' | 'notFound' | 'failed';
    error: string | null;
  };
  /** The action under way on the open order, or its outcome, in words for the staff member. */
  action: { kind: SupportActionKind | null; status: 'idle' | 'working' | 'done' | 'failed'; message: string | null };
}

const initialState: SupportState = {
  access: 'unknown',
  health: null,
  healthError: null,
  search: { query: '', status: 'idle', results: [], error: null },
  queue: { status: 'idle', entries: [], error: null },
  order: { orderId: null, detail: null, status: 'idle', error: null },
  action: { kind: null, status: 'idle', message: null },
};

const slice = createSlice({
  name: 'support',
  initialState,
  reducers: {
    consoleOpened(state) {
      if (state.access !== 'granted') state.access = 'checking';
      state.queue.status = 'loading';
    },
    accessGranted(state, action: PayloadAction<SupportHealth>) {
      state.access = 'granted';
      state.health = action.payload;
      state.healthError = null;
    },
    accessDenied(state) {
      state.access = 'denied';
    },
    healthLoaded(state, action: PayloadAction<SupportHealth>) {
      state.health = action.payload;
      state.healthError = null;
    },
    healthFailed(state, action: PayloadAction<string>) {
      state.healthError = action.payload;
    },
    queueLoaded(state, action: PayloadAction<RefundQueueEntry[]>) {
      state.queue = { status: 'loaded', entries: action.payload, error: null };
    },
    queueFailed(state, action: PayloadAction<string>) {
      state.queue = { ...state.queue, status: 'failed', error: action.payload };
    },
    searchRequested(state, action: PayloadAction<{ query: string }>) {
      state.search = { ...state.search, query: action.payload.query, status: 'searching', error: null };
    },
    searchFinished(state, action: PayloadAction<SupportOrderSummary[]>) {
      state.search = { ...state.search, status: 'done', results: action.payload };
    },
    searchFailed(state, action: PayloadAction<string>) {
      state.search = { ...state.search, status: 'failed', results: [], error: action.payload };
    },
    orderOpened(state, action: PayloadAction<{ orderId: string }>) {
      state.order = { orderId: action.payload.orderId, detail: null, status: 'loading', error: null };
      state.action = initialState.action;
    },
    orderLoaded(state, action: PayloadAction<SupportOrderDetail>) {
      if (state.order.orderId !== action.payload.order.orderId) return;
      state.order = { ...state.order, detail: action.payload, status: 'loaded', error: null };
    },
    orderFailed(state, action: PayloadAction<{ orderId: string; notFound: boolean; message: string }>) {
      if (state.order.orderId !== action.payload.orderId) return;
      state.order = { ...state.order, status: action.payload.notFound ? 'notFound' : 'failed', error: action.payload.message };
    },
    /** The decline reason is support's words to the player; it is what the action is about, so it is kept in it. */
    actionRequested(state, action: PayloadAction<{ orderId: string; kind: SupportActionKind; reason?: string }>) {
      state.action = { kind: action.payload.kind, status: 'working', message: null };
    },
    actionFinished(state, action: PayloadAction<{ detail: SupportOrderDetail; message: string }>) {
      state.action = { ...state.action, status: 'done', message: action.payload.message };
      if (state.order.orderId === action.payload.detail.order.orderId) state.order.detail = action.payload.detail;
    },
    actionFailed(state, action: PayloadAction<string>) {
      state.action = { ...state.action, status: 'failed', message: action.payload };
    },
    /** An approval or decline changed the refund queue and the figures: read again, apart from the action, so the next click is not held up. */
    refundsChanged() {},
  },
  selectors: {
    selectSupportAccess: (state) => state.access,
    selectHealth: (state) => ({ health: state.health, error: state.healthError }),
    selectSearch: (state) => state.search,
    selectQueue: (state) => state.queue,
    selectSupportOrder: (state) => state.order,
    selectSupportAction: (state) => state.action,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

/** The support state, in the store from the moment this module loads (with its page). */
export const supportSlice = slice.injectInto(rootReducer);

export const {
  consoleOpened,
  accessGranted,
  accessDenied,
  healthLoaded,
  healthFailed,
  queueLoaded,
  queueFailed,
  searchRequested,
  searchFinished,
  searchFailed,
  orderOpened,
  orderLoaded,
  orderFailed,
  actionRequested,
  actionFinished,
  actionFailed,
  refundsChanged,
} = supportSlice.actions;
export const { selectSupportAccess, selectHealth, selectSearch, selectQueue, selectSupportOrder, selectSupportAction } = supportSlice.selectors;
