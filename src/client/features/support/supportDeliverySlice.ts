import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { GameEventView } from '../../../shared/support/supportViews';
import { rootReducer } from '../../app/store';

export interface SupportDeliveryState {
  /** Events the game's server never took (or refused): left for support, oldest first. */
  attention: GameEventView[] | null;
  /** The event being sent again, while its call is under way. */
  resending: string | null;
  error: string | null;
  done: string | null;
}

const initialState: SupportDeliveryState = { attention: null, resending: null, error: null, done: null };

const slice = createSlice({
  name: 'supportDelivery',
  initialState,
  reducers: {
    attentionLoaded(state, action: PayloadAction<GameEventView[]>) {
      state.attention = action.payload;
    },
    resendRequested(state, action: PayloadAction<string>) {
      state.resending = action.payload;
      state.error = null;
      state.done = null;
    },
    /** Sent again: it leaves the list, due at once. */
    resent(state, action: PayloadAction<{ event: GameEventView; done: string }>) {
      state.resending = null;
      state.done = action.payload.done;
      state.attention = (state.attention ?? []).filter((event) => event.id !== action.payload.event.id);
    },
    deliveryFailed(state, action: PayloadAction<string>) {
      state.resending = null;
      state.error = action.payload;
    },
  },
  selectors: {
    selectSupportDelivery: (state) => state,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const supportDeliverySlice = slice.injectInto(rootReducer);
export const { attentionLoaded, resendRequested, resent, deliveryFailed } = supportDeliverySlice.actions;
export const { selectSupportDelivery } = supportDeliverySlice.selectors;
