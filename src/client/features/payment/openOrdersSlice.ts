import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { OpenOrder } from '../../../shared/api';
import { rootReducer } from '../../wiring/rootReducer';
import type { LoadStatus } from './paymentTypes';

/** The player's open unpaid orders as the server last listed them, newest first, wherever they were started. */
export interface OpenOrdersState {
  status: LoadStatus;
  list: OpenOrder[];
}

const initialState: OpenOrdersState = { status: 'idle', list: [] };

const slice = createSlice({
  name: 'openOrders',
  initialState,
  reducers: {
    requested(state) {
      if (state.status !== 'loaded') state.status = 'loading';
    },
    loaded(_state, action: PayloadAction<OpenOrder[]>): OpenOrdersState {
      return { status: 'loaded', list: action.payload };
    },
    failed(state) {
      if (state.status === 'loading') state.status = 'failed';
    },
  },
  selectors: {
    selectOpenOrders: (state) => state,
  },
});

declare module '../../wiring/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const openOrdersSlice = slice.injectInto(rootReducer);

export const { requested: openOrdersRequested, loaded: openOrdersLoaded, failed: openOrdersFailed } = openOrdersSlice.actions;
export const { selectOpenOrders } = openOrdersSlice.selectors;
