import { API_ROUTES } from '../../../../shared/api';
import type { Creator, CreatorEarnings, CreatorsView } from '../../../../shared/creators';
import type { LinkoutConsoleView } from '../../../../shared/linkout';
import { serverApi } from '../../../wiring/serverApi';

/** Support's creators: their codes (saved, audited) and a month's earnings. */
export const supportCreatorsApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    creators: build.query<CreatorsView, void>({
      query: () => ({ route: API_ROUTES.supportCreators }),
      providesTags: ['Creators'],
    }),
    saveCreator: build.mutation<Creator, Pick<Creator, 'code' | 'name' | 'sharePercent' | 'startsAt' | 'endsAt'>>({
      query: ({ code, ...form }) => ({ method: 'PUT', route: API_ROUTES.supportCreator, parameters: { code }, body: form }),
      invalidatesTags: ['Creators'],
    }),
    /** The link-out switch (shared/linkout), set here beside the creators: both are where the game's players come from. */
    linkout: build.query<LinkoutConsoleView, void>({ query: () => ({ route: API_ROUTES.supportLinkout }), providesTags: ['Creators'] }),
    saveLinkout: build.mutation<LinkoutConsoleView, { ios: string[]; android: string[] }>({
      query: (allowed) => ({ method: 'PUT', route: API_ROUTES.supportLinkout, body: { allowed } }),
      invalidatesTags: ['Creators'],
    }),
    creatorEarnings: build.query<CreatorEarnings[], string>({
      query: (month) => ({ route: API_ROUTES.supportCreatorEarnings, query: { month } }),
      providesTags: ['Creators'],
    }),
  }),
});

export const { useCreatorsQuery, useSaveCreatorMutation, useCreatorEarningsQuery, useLinkoutQuery, useSaveLinkoutMutation } = supportCreatorsApi;
