import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { Country } from '../../../shared/countries';
import { rootReducer } from '../../wiring/rootReducer';
import type { LoadStatus } from './paymentTypes';

/** The payment form's country list, from the countries service. */
export interface CountriesState {
  status: LoadStatus;
  list: Country[];
}

const initialState: CountriesState = { status: 'idle', list: [] };

const slice = createSlice({
  name: 'countries',
  initialState,
  reducers: {
    requested(state, _action: PayloadAction<{ url: string }>) {
      state.status = 'loading';
    },
    loaded(_state, action: PayloadAction<Country[]>): CountriesState {
      return { status: 'loaded', list: action.payload };
    },
    failed(state) {
      state.status = 'failed';
    },
  },
  selectors: {
    selectCountries: (state) => state,
  },
});

declare module '../../wiring/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

export const countriesSlice = slice.injectInto(rootReducer);

export const { requested: countriesRequested, loaded: countriesLoaded, failed: countriesFailed } = countriesSlice.actions;
export const { selectCountries } = countriesSlice.selectors;
