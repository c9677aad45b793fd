import { API_ROUTES } from '../../../shared/api';
import type { StatementPage } from '../../../shared/ledger';
import { serverApi } from '../../wiring/serverApi';

/**
 * The player's statement: a page of the moves of their gems (null: the newest), and the whole of it as CSV. It names
 * the ledger's tag, so a move of the balance (ledgerMoved) reads it again.
 */
export const statementApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    gemStatement: build.query<StatementPage, string | null>({
      query: (before) => ({ route: API_ROUTES.gemStatement, ...(before ? { query: { before } } : {}) }),
      providesTags: ['Ledger'],
    }),
    /** The CSV's text, read when the player asks to download it, and not kept. */
    gemStatementCsv: build.query<string, void>({
      query: () => ({ route: API_ROUTES.gemStatementCsv }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGemStatementQuery, useLazyGemStatementCsvQuery } = statementApi;
