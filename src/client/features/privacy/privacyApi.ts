import { API_ROUTES } from '../../../shared/api';
import { archiveFileName, type PrivacyRequestView, type PrivacyStatusResponse } from '../../../shared/privacy/privacy';
import { apiRequest } from '../../lib/apiClient';
import { saveFile } from '../../lib/saveTextFile';
import { serverApi } from '../../wiring/serverApi';

/** The player's requests about their data: where their deletion stands and today's downloads, the deletion asked and withdrawn. */
export const privacyApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    privacyStatus: build.query<PrivacyStatusResponse, void>({
      query: () => ({ route: API_ROUTES.privacy }),
      providesTags: ['Privacy'],
    }),
    /** Asked right after the password was given again: a fresh token carries that sign-in's time. */
    requestDeletion: build.mutation<PrivacyRequestView, void>({
      query: () => ({ method: 'POST', route: API_ROUTES.accountDeletion, freshToken: true }),
      invalidatesTags: ['Privacy'],
    }),
    cancelDeletion: build.mutation<null, void>({
      query: () => ({ method: 'DELETE', route: API_ROUTES.accountDeletion }),
      invalidatesTags: ['Privacy'],
    }),
  }),
});

export const { usePrivacyStatusQuery, useRequestDeletionMutation, useCancelDeletionMutation } = privacyApi;

/** Downloads the player's archive (the API wants their token, which a plain link cannot carry) and saves it as its file. */
export async function downloadArchive(uid: string): Promise<void> {
  const archive = await apiRequest<Blob>('GET', API_ROUTES.dataArchive, { parameters: { uid }, signedIn: true, binary: true });
  saveFile(archive, archiveFileName(Date.now()));
}
