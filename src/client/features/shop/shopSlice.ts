import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Country } from '../../../shared/countries';
import type { PaymentFormData } from '../../../shared/validation/paymentForm';

export type CountriesStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** The form's data and the pack it buys: what the payment flow takes from the shop. */
export interface PaymentSubmission {
  packId: number;
  details: PaymentFormData;
}

export interface ShopState {
  countries: { status: CountriesStatus; list: Country[] };
  /** The last payment form handed on; the form shows it was received. */
  submission: PaymentSubmission | null;
}

const initialState: ShopState = { countries: { status: 'idle', list: [] }, submission: null };

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
    paymentFormSubmitted(state, action: PayloadAction<PaymentSubmission>) {
      state.submission = action.payload;
    },
    /** A fresh start of the shop (the nav's Shop link): no form state carried over. */
    shopReset(state) {
      state.submission = null;
    },
  },
  selectors: {
    selectCountries: (state) => state.countries,
    selectSubmission: (state) => state.submission,
  },
});

export const { buyClicked, countriesRequested, countriesLoaded, countriesFailed, paymentFormSubmitted, shopReset } =
  shopSlice.actions;
export const { selectCountries, selectSubmission } = shopSlice.selectors;
