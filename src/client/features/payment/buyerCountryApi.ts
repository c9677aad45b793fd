import { API_ROUTES, type BuyerCountryResponse } from '../../../shared/api';
import { serverApi } from '../../app/serverApi';

/** Where the store places the player's connection (the server decides it; the payment form only says what it means). */
export const buyerCountryApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    buyerCountry: build.query<BuyerCountryResponse, void>({
      query: () => ({ route: API_ROUTES.buyerCountry }),
    }),
  }),
});

export const { useBuyerCountryQuery } = buyerCountryApi;
