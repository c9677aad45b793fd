import { API_ROUTES, type ConsentPageFacts, type SpendingLimitResponse } from '../../../shared/api';
import type { ProtectionsView } from '../../../shared/protections/playerProtections';
import type { SpendingLimitFormData } from '../../../shared/validation/spendingLimit';
import type { BirthDateFormData, ConsentFormData, GuardianEmailFormData } from '../../../shared/validation/protections';
import { serverApi } from '../../wiring/serverApi';

/**
 * The player's protections (age, a guardian's consent, the spending limit) and this month's spending, as the server
 * counts them. The view is part of the player's ledger: whatever moves the ledger (a payment, a refund, an order made
 * or ended) names its tag, and the view is read again. Each change answers the view after it, shown at once.
 */
export const protectionsApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    limits: build.query<ProtectionsView, void>({
      query: () => ({ route: API_ROUTES.spendingLimit }),
      providesTags: ['Ledger'],
    }),
    /** The server decides when a change counts (a lowering at once, a raise or removal after 24 hours). */
    changeLimit: build.mutation<SpendingLimitResponse, SpendingLimitFormData>({
      query: (body) => ({ method: 'POST', route: API_ROUTES.spendingLimit, body }),
      onQueryStarted: (_form, { dispatch, queryFulfilled }) => showView(dispatch, queryFulfilled),
    }),
    /** The date of birth an older account never gave, before its first checkout. */
    giveBirthDate: build.mutation<SpendingLimitResponse, BirthDateFormData>({
      query: (body) => ({ method: 'POST', route: API_ROUTES.birthDate, body }),
      onQueryStarted: (_form, { dispatch, queryFulfilled }) => showView(dispatch, queryFulfilled),
    }),
    /** The store emails the guardian a signed link: to consent, or to change the limit they set. */
    askGuardianConsent: build.mutation<SpendingLimitResponse, GuardianEmailFormData>({
      query: (body) => ({ method: 'POST', route: API_ROUTES.guardianConsentRequest, body }),
      onQueryStarted: (_form, { dispatch, queryFulfilled }) => showView(dispatch, queryFulfilled),
    }),
    /** The guardian's page: what the link (from its address bar) asks, or why it cannot be used. No sign-in. */
    consentRequest: build.query<ConsentPageFacts, Record<string, string>>({
      query: (link) => ({ route: API_ROUTES.guardianConsent, query: link, signedIn: false }),
    }),
    /** Consent, once; a link used or expired meanwhile is refused with the reason. */
    giveConsent: build.mutation<ConsentPageFacts, { link: Record<string, string>; form: ConsentFormData }>({
      query: ({ link, form }) => ({ method: 'POST', route: API_ROUTES.guardianConsent, body: { ...link, ...form }, signedIn: false }),
    }),
  }),
});

/** A change's answer is the view after it: into the cache, so every figure on show moves at once. */
async function showView(dispatch: (action: unknown) => unknown, answer: Promise<{ data: ProtectionsView }>) {
  const { data } = await answer.catch(() => ({ data: null }));
  if (data) dispatch(protectionsApi.util.upsertQueryData('limits', undefined, data));
}

export const { useLimitsQuery, useChangeLimitMutation, useGiveBirthDateMutation, useAskGuardianConsentMutation, useConsentRequestQuery, useGiveConsentMutation } = protectionsApi;
