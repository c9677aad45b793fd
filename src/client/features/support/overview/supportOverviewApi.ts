import { API_ROUTES } from '../../../../shared/api';
import type { OverviewPeriod, OverviewResponse } from '../../../../shared/stats';
import { serverApi } from '../../../wiring/serverApi';

/** The operators' overview of a period: one read of the day rollups. */
export const supportOverviewApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    overview: build.query<OverviewResponse, OverviewPeriod>({
      query: (days) => ({ route: API_ROUTES.supportOverview, query: { days: String(days) } }),
      providesTags: ['Overview'],
    }),
  }),
});

export const { useOverviewQuery } = supportOverviewApi;
