import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';

export interface BalanceState {
  /** The signed-in player's gems, live from Firestore; null until the first reading. */
  gemCount: number | null;
  unavailable: boolean;
}

const initialState: BalanceState = { gemCount: null, unavailable: false };

export const balanceSlice = createSlice({
  name: 'balance',
  initialState,
  reducers: {
    balanceUpdated(state, action: PayloadAction<number>) {
      state.gemCount = action.payload;
      state.unavailable = false;
    },
    balanceUnavailable(state) {
      state.unavailable = true;
    },
    balanceCleared() {
      return initialState;
    },
  },
  selectors: {
    selectGemCount: (state) => state.gemCount,
    selectBalanceUnavailable: (state) => state.unavailable,
  },
});

// In the store from its start (app/store.ts puts it in).
declare module '../../wiring/rootReducer' {
  export interface StartingSlices extends WithSlice<typeof balanceSlice> {}
}

export const { balanceUpdated, balanceUnavailable, balanceCleared } = balanceSlice.actions;
export const { selectGemCount, selectBalanceUnavailable } = balanceSlice.selectors;
