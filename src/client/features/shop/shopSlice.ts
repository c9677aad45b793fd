import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Country } from '../../../shared/countries';

export type CountriesStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface ShopState {
  countries: { status: CountriesStatus; list: Country[] };
}

const initialState: ShopState = { countries: { status: 'idle', list: [] } };

export const shopSlice = createSlice({
  name: 'shop',
  initialState,
  reducers: {
    buyClicked(_state, _action: PayloadAction<{ packId: number }>) {},
    countriesRequested(state, _action: PayloadAction<{ url: string }>) {
      state.countries.status = 'loading';
    },
    countriesLoaded(state, action: PayloadAction<Country[]>) {
      state.countries = { status: 'loaded', list: action.payload };
    },
    countriesFailed(state) {
      state.countries.status = 'failed';
    },
  },
  selectors: {
    selectCountries: (state) => state.countries,
  },
});

export const { buyClicked, countriesRequested, countriesLoaded, countriesFailed } = shopSlice.actions;
export const { selectCountries } = shopSlice.selectors;
