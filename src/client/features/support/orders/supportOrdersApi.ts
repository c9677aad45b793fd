import { API_ROUTES, SUPPORT_SEARCH_PARAM } from '../../../../shared/api';
import type { ProviderCheckResult, SupportOrderDetail, SupportOrderSummary } from '../../../../shared/support/supportViews';
import type { StatementPage } from '../../../../shared/ledger';
import { serverApi } from '../../../wiring/serverApi';

/** What a staff member can do to an order, by the route each is posted to. */
const ORDER_ACTION_ROUTES = {
  check: API_ROUTES.supportOrderCheck,
  credit: API_ROUTES.supportOrderCredit,
  approve: API_ROUTES.supportRefundApprove,
  decline: API_ROUTES.supportRefundDecline,
} as const;
export type OrderActionKind = keyof typeof ORDER_ACTION_ROUTES;

/** The decline's reason is support's words to the player: it is what the action is about, so it travels in it. */
export interface OrderAction {
  orderId: string;
  kind: OrderActionKind;
  reason?: string;
}

/** An action done: the order as it is after, and for Ask the provider, its answer. */
export interface OrderActionDone {
  detail: SupportOrderDetail;
  check: ProviderCheckResult | null;
}

const decidesRefund = (kind: OrderActionKind) => kind === 'approve' || kind === 'decline';

export const supportOrdersApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    /** By order number, player email, uid or player tag. */
    searchOrders: build.query<SupportOrderSummary[], string>({
      query: (search) => ({ route: API_ROUTES.supportOrders, query: { [SUPPORT_SEARCH_PARAM]: search } }),
    }),
    /** A player's statement as they read it, a page at a time (before: the cursor of the page before; null: the newest). */
    playerStatement: build.query<StatementPage, { uid: string; before: string | null }>({
      query: ({ uid, before }) => ({ route: API_ROUTES.supportPlayerStatement, parameters: { uid }, ...(before ? { query: { before } } : {}) }),
      providesTags: (_page, _error, { uid }) => [{ type: 'SupportOrder', id: `statement-${uid}` }],
    }),
    supportOrder: build.query<SupportOrderDetail, string>({
      query: (orderId) => ({ route: API_ROUTES.supportOrder, parameters: { orderId } }),
      providesTags: (_detail, _error, orderId) => [{ type: 'SupportOrder', id: orderId }],
    }),
    /**
     * The API does the action (and audits it) and answers the order as it is after, which the page shows at once. A
     * refund decided moves the queue and the health figures; a failed action may still be in the history (a refused
     * refund is), so the order is read again.
     */
    orderAction: build.mutation<OrderActionDone, OrderAction>({
      query: ({ orderId, kind, reason }) => ({
        method: 'POST',
        route: ORDER_ACTION_ROUTES[kind],
        parameters: { orderId },
        ...(kind === 'decline' ? { body: { reason: reason ?? '' } } : {}),
      }),
      transformResponse: (answer: SupportOrderDetail | ProviderCheckResult, _meta, { kind }) =>
        kind === 'check' ? { detail: (answer as ProviderCheckResult).detail, check: answer as ProviderCheckResult } : { detail: answer as SupportOrderDetail, check: null },
      async onQueryStarted({ orderId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(supportOrdersApi.util.upsertQueryData('supportOrder', orderId, data.detail));
      },
      invalidatesTags: (_done, error, { orderId, kind }) => [
        ...(error ? [{ type: 'SupportOrder' as const, id: orderId }] : []),
        ...(decidesRefund(kind) ? (['RefundQueue', 'StaffAccess'] as const) : []),
      ],
    }),
  }),
});

export const { useLazySearchOrdersQuery, useSupportOrderQuery, useOrderActionMutation, usePlayerStatementQuery } = supportOrdersApi;
