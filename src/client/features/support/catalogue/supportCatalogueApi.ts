import { API_ROUTES, type PublishCatalogueRequest, type SupportCatalogueResponse, type UploadedImageResponse } from '../../../../shared/api';
import type { CatalogueDraftForm } from '../../../../shared/validation/catalogue';
import { serverApi } from '../../../wiring/serverApi';
import { apiRequest } from '../../../lib/apiClient';

/** The catalogue's published version, the draft and the history; every change answers the whole view, which replaces the cache. */
export const supportCatalogueApi = serverApi.injectEndpoints({
  endpoints: (build) => {
    /** The answer of a change is the view as it now stands: shown at once, with no second read. */
    const showAnswer = async (_body: unknown, { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: SupportCatalogueResponse }> }) => {
      const answer = await queryFulfilled.catch(() => null);
      if (answer) dispatch(supportCatalogueApi.util.upsertQueryData('catalogue', undefined, answer.data));
    };
    return {
      catalogue: build.query<SupportCatalogueResponse, void>({ query: () => ({ route: API_ROUTES.supportCatalogue }) }),
      saveDraft: build.mutation<SupportCatalogueResponse, CatalogueDraftForm>({
        query: (body) => ({ method: 'PUT', route: API_ROUTES.supportCatalogueDraft, body }),
        onQueryStarted: showAnswer,
      }),
      publish: build.mutation<SupportCatalogueResponse, PublishCatalogueRequest>({
        query: (body) => ({ method: 'POST', route: API_ROUTES.supportCataloguePublish, body }),
        onQueryStarted: showAnswer,
      }),
      restore: build.mutation<SupportCatalogueResponse, { version: number; revision: number }>({
        query: ({ version, revision }) => ({ method: 'POST', route: API_ROUTES.supportCatalogueRestore, parameters: { version: String(version) }, body: { revision } }),
        onQueryStarted: showAnswer,
      }),
    };
  },
});

export const { useCatalogueQuery, useSaveDraftMutation, usePublishMutation, useRestoreMutation } = supportCatalogueApi;

/** Uploads a picture's bytes (the server judges them by their content, not their name); answers the name a pack's form takes. */
export const uploadPackImage = (file: Blob) => apiRequest<UploadedImageResponse>('POST', API_ROUTES.supportCatalogueImages, { body: file, signedIn: true });
