import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../wiring/rootReducer';
import type { Failure } from './paymentTypes';

/** The player's reconcile on /payment-success (docs/storefront.md, The order's life): their recent unsettled orders asked about. */
export interface ReconcileState {
  status: 'idle' | 'running' | 'finished' | 'failed';
  checked: number;
  credited: number;
}

const initialState: ReconcileState = { status: 'idle', checked: 0, credited: 0 };

const slice = createSlice({
  name: 'reconcile',
  initialState,
  reducers: {
    started(): ReconcileState {
      return { status: 'running', checked: 0, credited: 0 };
    },
    finished(_state, action: PayloadAction<{ checked: number; credited: number }>): ReconcileState {
      return { status: 'finished', ...action.payload };
    },
    failed(state, _action: PayloadAction<Failure>) {
      state.status = 'failed';
    },
  },
  selectors: {
    selectReconcile: (state) => state,
  },
});

declare module '../../wiring/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const reconcileSlice = slice.injectInto(rootReducer);

export const { started: reconcileStarted, finished: reconcileFinished, failed: reconcileFailed } = reconcileSlice.actions;
export const { selectReconcile } = reconcileSlice.selectors;
