import { API_ROUTES, type SpendingLimitResponse } from '../../shared/api';
import { CONSENT_PARAMS } from '../../shared/routes';
import type { BirthDateFormData } from '../../shared/validation/protections';
import { apiRequest } from './apiClient';

/**
 * The player's protections as sagas call them: the wait for a guardian polls them should live updates fail, and
 * sign-up gives the date of birth (the pages read and change them through features/protections/protectionsApi).
 */
export const readSpendingLimit = () => apiRequest<SpendingLimitResponse>('GET', API_ROUTES.spendingLimit, { signedIn: true });

/** A new account's date of birth, as the sign-up flow sends it (the payment screen's gate: protectionsApi). */
export const giveBirthDate = (body: BirthDateFormData) => apiRequest<SpendingLimitResponse>('POST', API_ROUTES.birthDate, { body, signedIn: true });

/** The consent link's parameters, from the address bar of the page it opened. */
export function readConsentLink(): Record<string, string> {
  const query = new URLSearchParams(window.location.search);
  return Object.fromEntries(Object.values(CONSENT_PARAMS).map((name) => [name, query.get(name) ?? '']));
}
