import { API_ROUTES } from '../../../../shared/api';
import type { PrivacyQueueResponse, PrivacyRequestView } from '../../../../shared/privacy/privacy';
import { apiRequest } from '../../../lib/apiClient';
import { saveFile } from '../../../lib/saveTextFile';
import { serverApi } from '../../../wiring/serverApi';

/** Support's requests about players' data: the queue, a deletion recorded for a player who asked by email, one carried out. */
export const supportPrivacyApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    privacyQueue: build.query<PrivacyQueueResponse, void>({
      query: () => ({ route: API_ROUTES.supportPrivacyRequests }),
      providesTags: ['Privacy'],
    }),
    recordDeletion: build.mutation<PrivacyRequestView, { uid: string; note: string }>({
      query: (body) => ({ method: 'POST', route: API_ROUTES.supportPrivacyRequests, body }),
      invalidatesTags: ['Privacy'],
    }),
    carryOutDeletion: build.mutation<PrivacyRequestView, string>({
      query: (requestId) => ({ method: 'POST', route: API_ROUTES.supportDeletionCarryOut, parameters: { requestId } }),
      invalidatesTags: ['Privacy'],
    }),
  }),
});

export const { usePrivacyQueueQuery, useRecordDeletionMutation, useCarryOutDeletionMutation } = supportPrivacyApi;

/** A player's archive for one who asked by email, saved to send them; `note` says how staff checked it was them. */
export async function downloadPlayerArchive(uid: string, note: string): Promise<void> {
  const archive = await apiRequest<Blob>('GET', API_ROUTES.supportPlayerDataArchive, { parameters: { uid }, query: { note }, signedIn: true, binary: true });
  saveFile(archive, `wyrmcrown-data-${uid}.zip`);
}
