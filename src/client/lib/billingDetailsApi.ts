import { API_ROUTES } from '../../shared/api';
import type { BillingDetailsResponse } from '../../shared/billingProfile';
import { serverApi } from '../app/serverApi';

/**
 * The payment details the player asked the store to remember: the payment form starts filled in with them, and the
 * account's orders page shows and forgets them. Read again whenever a form or that page shows.
 */
export const billingDetailsApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    billingDetails: build.query<BillingDetailsResponse, void>({
      query: () => ({ route: API_ROUTES.billingDetails }),
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

export const { useBillingDetailsQuery, useForgetBillingDetailsMutation } = billingDetailsApi;
