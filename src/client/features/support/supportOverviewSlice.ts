import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { OverviewPeriod, OverviewResponse } from '../../../shared/stats';
import { rootReducer } from '../../app/store';

export interface SupportOverviewState {
  days: OverviewPeriod;
  overview: OverviewResponse | null;
  status: 'idle' | 'loading' | 'ready';
  error: string | null;
}

const initialState: SupportOverviewState = { days: 30, overview: null, status: 'idle', error: null };

const slice = createSlice({
  name: 'supportOverview',
  initialState,
  reducers: {
    /** The overview opened, or its period chosen: read again. */
    overviewRequested(state, action: PayloadAction<OverviewPeriod>) {
      state.days = action.payload;
      state.status = 'loading';
      state.error = null;
    },
    overviewLoaded(state, action: PayloadAction<OverviewResponse>) {
      state.overview = action.payload;
      state.status = 'ready';
    },
    overviewFailed(state, action: PayloadAction<string>) {
      state.status = 'ready';
      state.error = action.payload;
    },
  },
  selectors: {
    selectSupportOverview: (state) => state,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const supportOverviewSlice = slice.injectInto(rootReducer);
export const { overviewRequested, overviewLoaded, overviewFailed } = supportOverviewSlice.actions;
export const { selectSupportOverview } = supportOverviewSlice.selectors;
