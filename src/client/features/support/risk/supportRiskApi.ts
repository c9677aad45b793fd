import { API_ROUTES } from '../../../../shared/api';
import type { RiskClearResponse, RiskConsoleView, SaveRiskRulesRequest } from '../../../../shared/risk/riskConsole';
import { serverApi } from '../../../wiring/serverApi';

/** The risk rules staff read and save, and a held player cleared. */
export const supportRiskApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    riskRules: build.query<RiskConsoleView, void>({
      query: () => ({ route: API_ROUTES.supportRisk }),
      providesTags: ['RiskRules'],
    }),
    saveRiskRules: build.mutation<RiskConsoleView, SaveRiskRulesRequest>({
      query: (body) => ({ method: 'PUT', route: API_ROUTES.supportRisk, body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(supportRiskApi.util.upsertQueryData('riskRules', undefined, data));
      },
    }),
    clearPlayerRisk: build.mutation<RiskClearResponse, string>({
      query: (uid) => ({ method: 'POST', route: API_ROUTES.supportPlayerRiskClear, parameters: { uid } }),
    }),
  }),
});

export const { useRiskRulesQuery, useSaveRiskRulesMutation, useClearPlayerRiskMutation } = supportRiskApi;
