import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { RecordDisputeRequest } from '../../../shared/disputes/dispute';
import type { DisputeDetail, DisputeQueueEntry } from '../../../shared/support/supportViews';
import { rootReducer } from '../../app/store';
import type { DisputeMoveName } from './supportDisputesApi';

export interface SupportDisputesState {
  queue: DisputeQueueEntry[] | null;
  /** The dispute open below the queue, with its evidence pack. */
  selected: DisputeDetail | null;
  status: 'idle' | 'loading' | 'working' | 'ready';
  error: string | null;
  /** What the last move did, for the screen reader and the eye. */
  done: string | null;
}

const initialState: SupportDisputesState = { queue: null, selected: null, status: 'idle', error: null, done: null };

const slice = createSlice({
  name: 'supportDisputes',
  initialState,
  reducers: {
    disputesScreenOpened(state) {
      state.status = 'loading';
      state.error = null;
    },
    disputesLoaded(state, action: PayloadAction<DisputeQueueEntry[]>) {
      state.queue = action.payload;
      state.status = 'ready';
    },
    disputeOpened(state, _action: PayloadAction<string>) {
      state.error = null;
      state.done = null;
    },
    disputeShown(state, action: PayloadAction<DisputeDetail>) {
      state.selected = action.payload;
      state.status = 'ready';
    },
    disputeClosed(state) {
      state.selected = null;
      state.done = null;
    },
    disputeMoveRequested(state, _action: PayloadAction<{ orderId: string; move: DisputeMoveName }>) {
      state.status = 'working';
      state.error = null;
      state.done = null;
    },
    disputeRecordRequested(state, _action: PayloadAction<{ orderId: string; request: RecordDisputeRequest }>) {
      state.status = 'working';
      state.error = null;
      state.done = null;
    },
    /** A move was made: the dispute as it stands now is shown, and the queue read again. */
    disputeMoved(state, action: PayloadAction<{ detail: DisputeDetail; done: string }>) {
      state.status = 'ready';
      state.selected = action.payload.detail;
      state.done = action.payload.done;
    },
    disputesFailed(state, action: PayloadAction<string>) {
      state.status = 'ready';
      state.error = action.payload;
    },
    /** A move or a dispute recorded by hand changed the queue: read it again, apart from the move, so the next click is not held up. */
    disputeQueueChanged() {},
  },
  selectors: {
    selectSupportDisputes: (state) => state,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const supportDisputesSlice = slice.injectInto(rootReducer);

export const {
  disputesScreenOpened,
  disputesLoaded,
  disputeOpened,
  disputeShown,
  disputeClosed,
  disputeMoveRequested,
  disputeRecordRequested,
  disputeMoved,
  disputesFailed,
  disputeQueueChanged,
} = supportDisputesSlice.actions;
export const { selectSupportDisputes } = supportDisputesSlice.selectors;
