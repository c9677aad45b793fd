import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PublicUser } from './storedUser';

export interface AuthState {
  /** The signed-in player, or null. Seeded from localStorage so the first paint knows. */
  user: PublicUser | null;
}

const initialState: AuthState = { user: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    userChanged(state, action: PayloadAction<PublicUser | null>) {
      state.user = action.payload;
    },
  },
  selectors: {
    selectUser: (state) => state.user,
    selectIsSignedIn: (state) => state.user !== null,
  },
});

export const { userChanged } = authSlice.actions;
export const { selectUser, selectIsSignedIn } = authSlice.selectors;
