import { API_ROUTES } from '../../../../shared/api';
import type { OverviewPeriod, OverviewResponse } from '../../../../shared/stats';
import type { SchemeRates } from '../../../../shared/risk/schemeRates';
import type { ExperimentResultsResponse } from '../../../../shared/offers/experimentStats';
import { serverApi } from '../../../wiring/serverApi';

/** The operators' overview of a period: one read of the day rollups. */
export const supportOverviewApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    overview: build.query<OverviewResponse, OverviewPeriod>({
      query: (days) => ({ route: API_ROUTES.supportOverview, query: { days: String(days) } }),
      providesTags: ['Overview'],
    }),
    /** The card schemes' ratios by month and quarter (shared/risk/schemeRates). */
    schemeRates: build.query<SchemeRates, void>({
      query: () => ({ route: API_ROUTES.supportOverviewSchemes }),
      providesTags: ['Overview'],
    }),
    /** Every offer run against a holdout, arm by arm (shared/offers/experimentStats). */
    experiments: build.query<ExperimentResultsResponse, void>({
      query: () => ({ route: API_ROUTES.supportExperiments }),
      providesTags: ['Overview', 'Offers'],
    }),
  }),
});

export const { useOverviewQuery, useSchemeRatesQuery, useExperimentsQuery } = supportOverviewApi;
