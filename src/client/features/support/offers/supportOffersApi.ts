import { API_ROUTES, type OfferRequest, type OfferUpdateRequest, type SupportOfferDetail, type SupportOffersResponse } from '../../../../shared/api';
import type { Offer } from '../../../../shared/offers/offer';
import { serverApi } from '../../../wiring/serverApi';

/** What a change of an offer touched besides the list (shown from the answer): the offer with its audit trail. */
const touchedBy = (offer: Offer | undefined) => (offer ? [{ type: 'Offer' as const, id: offer.id }] : []);

export const supportOffersApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    /** Every offer, with the zone the form's times are entered in (STORE_TIME_ZONE). */
    offers: build.query<SupportOffersResponse, void>({
      query: () => ({ route: API_ROUTES.supportOffers }),
      providesTags: ['Offers'],
    }),
    /** One offer with its audited changes. */
    offer: build.query<SupportOfferDetail, string>({
      query: (offerId) => ({ route: API_ROUTES.supportOffer, parameters: { offerId } }),
      providesTags: (_detail, _error, offerId) => [{ type: 'Offer', id: offerId }],
    }),
    createOffer: build.mutation<Offer, OfferRequest>({
      query: (body) => ({ method: 'POST', route: API_ROUTES.supportOffers, body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => headTheList(dispatch, queryFulfilled),
      invalidatesTags: touchedBy,
    }),
    /** The change of the offer as it was read (`updatedAt`): the server refuses it when changed meanwhile. */
    updateOffer: build.mutation<Offer, { offerId: string; change: OfferUpdateRequest }>({
      query: ({ offerId, change }) => ({ method: 'PUT', route: API_ROUTES.supportOffer, parameters: { offerId }, body: change }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => headTheList(dispatch, queryFulfilled),
      invalidatesTags: touchedBy,
    }),
    /** An experiment paused (nobody placed, no bonus) or resumed. */
    pauseExperiment: build.mutation<Offer, { offerId: string; paused: boolean }>({
      query: ({ offerId, paused }) => ({ method: 'POST', route: paused ? API_ROUTES.supportOfferPause : API_ROUTES.supportOfferResume, parameters: { offerId } }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => headTheList(dispatch, queryFulfilled),
      invalidatesTags: touchedBy,
    }),
    endOffer: build.mutation<Offer, string>({
      query: (offerId) => ({ method: 'POST', route: API_ROUTES.supportOfferEnd, parameters: { offerId } }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => headTheList(dispatch, queryFulfilled),
      invalidatesTags: touchedBy,
    }),
  }),
});

/** The offer as the server answered a change: at the head of the list (newest change first, as the server lists them). */
async function headTheList(dispatch: (action: unknown) => unknown, answer: Promise<{ data: Offer }>) {
  const { data: changed } = await answer.catch(() => ({ data: null }));
  if (!changed) return;
  dispatch(
    supportOffersApi.util.updateQueryData('offers', undefined, (list) => {
      list.offers = [changed, ...list.offers.filter((offer) => offer.id !== changed.id)];
    }),
  );
}

export const { useOffersQuery, useOfferQuery, useCreateOfferMutation, useUpdateOfferMutation, useEndOfferMutation, usePauseExperimentMutation } = supportOffersApi;
