import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The pack list has no state of its own: Buy is an action the buy saga follows. */
export const shopSlice = createSlice({
  name: 'shop',
  initialState: {},
  reducers: {
    buyClicked(_state, _action: PayloadAction<{ packId: number }>) {},
  },
});

export const { buyClicked } = shopSlice.actions;
