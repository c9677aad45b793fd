import { API_ROUTES, type ConsentPageFacts, type SpendingLimitRequest, type SpendingLimitResponse } from '../../shared/api';
import { CONSENT_PARAMS } from '../../shared/routes';
import type { BirthDateFormData, ConsentFormData, GuardianEmailFormData } from '../../shared/validation/protections';
import { apiRequest } from './apiClient';

/** The player's protections (age, a guardian's consent, the spending limit) as the API gives and takes them. */

/** The player's date of birth, to the store: given at sign-up, or before the first checkout when it was not. */
export const giveBirthDate = (body: BirthDateFormData) => apiRequest<SpendingLimitResponse>('POST', API_ROUTES.birthDate, { body, signedIn: true });

/** The player's monthly spending limit and this month's spending, as the server counts them. */
export const readSpendingLimit = () => apiRequest<SpendingLimitResponse>('GET', API_ROUTES.spendingLimit, { signedIn: true });

export const changeSpendingLimit = (body: SpendingLimitRequest) =>
  apiRequest<SpendingLimitResponse>('POST', API_ROUTES.spendingLimit, { body, signedIn: true });

export const askGuardianConsent = (body: GuardianEmailFormData) =>
  apiRequest<SpendingLimitResponse>('POST', API_ROUTES.guardianConsentRequest, { body, signedIn: true });

/** The consent link's parameters, from the address bar of the page it opened. */
export function readConsentLink(): Record<string, string> {
  const query = new URLSearchParams(window.location.search);
  return Object.fromEntries(Object.values(CONSENT_PARAMS).map((name) => [name, query.get(name) ?? '']));
}

export const readConsentFacts = (link: Record<string, string>) => apiRequest<ConsentPageFacts>('GET', API_ROUTES.guardianConsent, { query: link });

export const sendConsent = (link: Record<string, string>, body: ConsentFormData) =>
  apiRequest<ConsentPageFacts>('POST', API_ROUTES.guardianConsent, { body: { ...link, ...body } });
