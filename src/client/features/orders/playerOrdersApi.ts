import { API_ROUTES, type OrderResponse, type RefundResponse } from '../../../shared/api';
import { serverApi } from '../../wiring/serverApi';

/**
 * The player's own orders as the receipt and the history's buttons read and change them (the history itself follows
 * Firestore live, in the transactions slice). Cancelling an unpaid order (or a check that ends one) moves what open
 * orders hold against the monthly limit: it names the ledger's tag.
 */
export const playerOrdersApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    /** A receipt's order: the player's own; another player's, or none, is not found (404). */
    receipt: build.query<OrderResponse, string>({
      query: (orderId) => ({ route: API_ROUTES.order, parameters: { orderId } }),
      providesTags: (_order, _error, orderId) => [{ type: 'Receipt', id: orderId }],
    }),
    /** Where a paid order stands on refunds, as the server judges it. */
    refundStanding: build.query<RefundResponse, string>({
      query: (orderId) => ({ route: API_ROUTES.orderRefund, parameters: { orderId } }),
      providesTags: (_standing, _error, orderId) => [{ type: 'RefundStanding', id: orderId }],
    }),
    /** One request per order: the server decides; a refusal comes back with the policy's reason. */
    requestRefund: build.mutation<RefundResponse, { orderId: string; reason: string }>({
      query: ({ orderId, reason }) => ({ method: 'POST', route: API_ROUTES.orderRefund, parameters: { orderId }, body: { reason } }),
      async onQueryStarted({ orderId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(playerOrdersApi.util.upsertQueryData('refundStanding', orderId, data));
      },
      invalidatesTags: (_standing, error, { orderId }) => (error ? [] : [{ type: 'Receipt', id: orderId }]),
    }),
    /** Check again: asks the provider about one order now; the live history shows the answer. */
    checkOrder: build.mutation<OrderResponse, string>({
      query: (orderId) => ({ method: 'POST', route: API_ROUTES.orderCheck, parameters: { orderId } }),
      invalidatesTags: (order) => (order && order.status !== 'pending' ? ['Ledger'] : []),
    }),
    /** Cancel order: the provider cancels one unpaid order (one already paid is credited instead). */
    cancelOrder: build.mutation<OrderResponse, string>({
      query: (orderId) => ({ method: 'POST', route: API_ROUTES.orderCancel, parameters: { orderId } }),
      invalidatesTags: (order) => (order ? ['Ledger'] : []),
    }),
  }),
});

export const { useReceiptQuery, useRefundStandingQuery, useRequestRefundMutation, useCheckOrderMutation, useCancelOrderMutation } = playerOrdersApi;

/** The history's buttons of one order share their answer (a row moves focus to its status once either is answered). */
export const checkKey = (orderId: string) => ({ fixedCacheKey: `check-${orderId}` });
export const cancelKey = (orderId: string) => ({ fixedCacheKey: `cancel-${orderId}` });
/** The receipt's refund section and its form share the request's answer. */
export const refundKey = (orderId: string) => ({ fixedCacheKey: `refund-${orderId}` });
