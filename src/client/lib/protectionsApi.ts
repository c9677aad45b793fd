import { API_ROUTES, type SpendingLimitResponse } from '../../shared/api';
import type { BirthDateFormData } from '../../shared/validation/protections';
import { apiRequest } from './apiClient';

/** The player's date of birth, to the store: given at sign-up, or before the first checkout when it was not. */
export const giveBirthDate = (body: BirthDateFormData) => apiRequest<SpendingLimitResponse>('POST', API_ROUTES.birthDate, { body, signedIn: true });
