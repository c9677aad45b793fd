import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../wiring/rootReducer';
import { guardianAsked } from './limitsView';

/** What the player waits for from a guardian in this visit (the protections themselves are server data: protectionsApi). */
export interface ProtectionsState {
  /** The guardian asked in this visit (for consent, or for a new limit), until they answer. */
  askedOf: string | null;
}

const initialState: ProtectionsState = { askedOf: null };

const slice = createSlice({
  name: 'protections',
  initialState,
  reducers: {
    /** The guardian answered what the player waited for: nothing is awaited any more. */
    guardianAnswered(state) {
      state.askedOf = null;
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(guardianAsked, (state, action) => {
      state.askedOf = (action.meta.arg.originalArgs as { guardianEmail: string }).guardianEmail.trim();
    });
  },
  selectors: {
    selectAskedOf: (state) => state.askedOf,
  },
});

declare module '../../wiring/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

/** The protections state, in the store from the moment this module loads (with a page that shows it). */
export const protectionsSlice = slice.injectInto(rootReducer);

export const { guardianAnswered } = protectionsSlice.actions;
export const { selectAskedOf } = protectionsSlice.selectors;
