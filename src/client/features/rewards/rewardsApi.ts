import { API_ROUTES, type OfferPreferences } from '../../../shared/api';
import type { DailyGiftClaimRequest, DailyGiftView } from '../../../shared/dailyGift/dailyGift';
import { serverApi } from '../../wiring/serverApi';

/** The daily gift on the server: the calendar and the player's place on it, read as the page shows; today's claim. */
export const rewardsApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    dailyGift: build.query<DailyGiftView, void>({
      query: () => ({ route: API_ROUTES.dailyGift }),
      providesTags: ['DailyGift'],
    }),
    claimDailyGift: build.mutation<DailyGiftView, DailyGiftClaimRequest>({
      query: (body) => ({ method: 'POST', route: API_ROUTES.dailyGift, body }),
      // A refused claim (claimed in another tab, say) reads the view again, so the page shows where the player stands.
      invalidatesTags: (_view, error) => (error ? ['DailyGift'] : []),
      // The claim answers the page's view as it is now: shown at once, without reading it again.
      onQueryStarted: async (_claim, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled;
        dispatch(rewardsApi.util.upsertQueryData('dailyGift', undefined, data));
      },
    }),
    /** Whether offers may be tailored to the player (false: the default offer only). */
    offerPreferences: build.query<OfferPreferences, void>({
      query: () => ({ route: API_ROUTES.offerPreferences }),
      providesTags: ['OfferPreferences'],
    }),
    setOfferPreferences: build.mutation<OfferPreferences, OfferPreferences>({
      query: (body) => ({ method: 'PUT', route: API_ROUTES.offerPreferences, body }),
      onQueryStarted: async (_choice, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled;
        dispatch(rewardsApi.util.upsertQueryData('offerPreferences', undefined, data));
      },
    }),
  }),
});

export const { useDailyGiftQuery, useClaimDailyGiftMutation, useOfferPreferencesQuery, useSetOfferPreferencesMutation } = rewardsApi;
