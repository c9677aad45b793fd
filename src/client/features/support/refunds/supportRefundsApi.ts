import { API_ROUTES } from '../../../../shared/api';
import type { RefundQueueEntry } from '../../../../shared/support/supportViews';
import { serverApi } from '../../../wiring/serverApi';

/** The refund queue; approving or declining is an action on the order (supportOrdersApi), which names this tag. */
export const supportRefundsApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    refundQueue: build.query<RefundQueueEntry[], void>({
      query: () => ({ route: API_ROUTES.supportRefunds }),
      providesTags: ['RefundQueue'],
    }),
  }),
});

export const { useRefundQueueQuery } = supportRefundsApi;
