import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

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

export const { balanceUpdated, balanceUnavailable, balanceCleared } = balanceSlice.actions;
export const { selectGemCount, selectBalanceUnavailable } = balanceSlice.selectors;
