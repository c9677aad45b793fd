import { API_ROUTES } from '../../../../shared/api';
import type { GameEventView } from '../../../../shared/support/supportViews';
import { serverApi } from '../../../wiring/serverApi';

/** Delivery to the game's server, as support sees and mends it. */
export const supportDeliveryApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    /** Events the game's server never took (or refused): left for support, oldest first. */
    eventsNeedingAttention: build.query<GameEventView[], void>({
      query: () => ({ route: API_ROUTES.supportGameEvents }),
      providesTags: ['GameEvents'],
    }),
    /** Resend: due at once with the same id, and tried for days again; it leaves the list, and its order's page moves. */
    resendEvent: build.mutation<GameEventView, string>({
      query: (eventId) => ({ method: 'POST', route: API_ROUTES.supportGameEventResend, parameters: { eventId } }),
      async onQueryStarted(eventId, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(supportDeliveryApi.util.updateQueryData('eventsNeedingAttention', undefined, (events) => events.filter((event) => event.id !== eventId)));
      },
      invalidatesTags: (event) => (event ? [{ type: 'SupportOrder', id: event.orderId }] : []),
    }),
  }),
});

export const { useEventsNeedingAttentionQuery, useResendEventMutation } = supportDeliveryApi;
