import { API_ROUTES } from '../../../../shared/api';
import type { RecordDisputeRequest } from '../../../../shared/disputes/dispute';
import type { DisputeDetail, DisputeQueueEntry } from '../../../../shared/support/supportViews';
import { serverApi } from '../../../wiring/serverApi';

/** Support's moves of a dispute, by the route each is posted to. */
const DISPUTE_MOVE_ROUTES = {
  accept: API_ROUTES.supportDisputeAccept,
  evidenceSent: API_ROUTES.supportDisputeEvidenceSent,
  writeOff: API_ROUTES.supportDisputeWriteOff,
} as const;
export type DisputeMoveName = keyof typeof DISPUTE_MOVE_ROUTES;

/** What a move or a record touched besides the dispute itself (shown at once from the answer). */
const touchedBy = (orderId: string) => ['DisputeQueue', 'StaffAccess', { type: 'SupportOrder', id: orderId }] as const;

export const supportDisputesApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    /** Every dispute, newest first. */
    disputeQueue: build.query<DisputeQueueEntry[], void>({
      query: () => ({ route: API_ROUTES.supportDisputes }),
      providesTags: ['DisputeQueue'],
    }),
    dispute: build.query<DisputeDetail, string>({
      query: (orderId) => ({ route: API_ROUTES.supportDispute, parameters: { orderId } }),
      providesTags: (_detail, _error, orderId) => [{ type: 'Dispute', id: orderId }],
    }),
    /** Accept, Evidence sent, Write off: the server moves the machine (audited) and answers the dispute after it. */
    moveDispute: build.mutation<DisputeDetail, { orderId: string; move: DisputeMoveName }>({
      query: ({ orderId, move }) => ({ method: 'POST', route: DISPUTE_MOVE_ROUTES[move], parameters: { orderId } }),
      onQueryStarted: ({ orderId }, { dispatch, queryFulfilled }) => showAnswer(orderId, dispatch, queryFulfilled),
      invalidatesTags: (_detail, _error, { orderId }) => [...touchedBy(orderId)],
    }),
    /** A dispute the provider reported only in its dashboard, recorded by hand through the same machine as its notices. */
    recordDispute: build.mutation<DisputeDetail, { orderId: string; request: RecordDisputeRequest }>({
      query: ({ orderId, request }) => ({ method: 'POST', route: API_ROUTES.supportDispute, parameters: { orderId }, body: request }),
      onQueryStarted: ({ orderId }, { dispatch, queryFulfilled }) => showAnswer(orderId, dispatch, queryFulfilled),
      invalidatesTags: (_detail, _error, { orderId }) => [...touchedBy(orderId)],
    }),
  }),
});

/** The dispute as the server answered it after a change: into its cache entry, so it shows without another read. */
async function showAnswer(orderId: string, dispatch: (action: unknown) => unknown, answer: Promise<{ data: DisputeDetail }>) {
  const { data } = await answer.catch(() => ({ data: null }));
  if (data) dispatch(supportDisputesApi.util.upsertQueryData('dispute', orderId, data));
}

export const { useDisputeQueueQuery, useDisputeQuery, useMoveDisputeMutation, useRecordDisputeMutation } = supportDisputesApi;
