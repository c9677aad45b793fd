import { API_ROUTES } from '../../shared/api';
import type { BillingDetailsResponse } from '../../shared/billingProfile';
import type { Country } from '../../shared/countries';
import type { PaymentFormData } from '../../shared/validation/paymentForm';
import { serverApi } from './serverApi';
import { fetchCountries } from '../lib/countriesService';

/**
 * The payment details the player asked the store to remember: the payment form starts filled in with them, and the
 * account's orders page shows and forgets them. Read again whenever a form or that page shows.
 */
export const billingDetailsApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    billingDetails: build.query<BillingDetailsResponse, void>({
      query: () => ({ route: API_ROUTES.billingDetails }),
    }),
    saveBillingDetails: build.mutation<BillingDetailsResponse, PaymentFormData>({
      query: (body) => ({ method: 'PUT', route: API_ROUTES.billingDetails, body }),
      onQueryStarted: async (_details, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled;
        dispatch(billingDetailsApi.util.upsertQueryData('billingDetails', undefined, data));
      },
    }),
    /** The payment form's country list (COUNTRIES_URL), for editing the details where the form is not. */
    countries: build.query<Country[], string>({
      queryFn: async (url) => {
        try {
          return { data: await fetchCountries(url) };
        } catch {
          return { error: { failure: 'unreachable', status: null, message: 'We could not load the list of countries. Please try again.', reason: null } };
        }
      },
    }),
    forgetBillingDetails: build.mutation<BillingDetailsResponse, void>({
      query: () => ({ method: 'DELETE', route: API_ROUTES.billingDetails }),
      onQueryStarted: async (_unused, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled;
        dispatch(billingDetailsApi.util.upsertQueryData('billingDetails', undefined, data));
      },
    }),
  }),
});

export const { useBillingDetailsQuery, useSaveBillingDetailsMutation, useCountriesQuery, useForgetBillingDetailsMutation, usePrefetch } = billingDetailsApi;
