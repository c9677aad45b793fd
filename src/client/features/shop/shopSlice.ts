import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/store';

/** The pack list has no state of its own: Buy is an action the buy saga follows. */
const slice = createSlice({
  name: 'shop',
  initialState: {},
  reducers: {
    buyClicked(_state, _action: PayloadAction<{ packId: number }>) {},
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

/** The shop state, in the store from the moment this module loads (with its page). */
export const shopSlice = slice.injectInto(rootReducer);

export const { buyClicked } = shopSlice.actions;
