import { API_ROUTES, type BuyerCountryResponse } from '../../../shared/api';
import { serverApi, serverApiLoaded } from '../../wiring/serverApi';
import type { AppDispatch } from '../../wiring/rootReducer';

/** Where the store places the player's connection, and where it sells (the server decides both; pages say what they mean). */
export const buyerCountryApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    buyerCountry: build.query<BuyerCountryResponse, void>({
      query: () => ({ route: API_ROUTES.buyerCountry }),
    }),
  }),
});

/** Reads it (once for every component that asks meanwhile) and keeps it cached while the asker shows; answers how to stop. */
export function subscribeToBuyerCountry(dispatch: AppDispatch): () => void {
  dispatch(serverApiLoaded());
  const subscription = dispatch(buyerCountryApi.endpoints.buyerCountry.initiate(undefined));
  return () => subscription.unsubscribe();
}
