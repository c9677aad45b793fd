import { API_ROUTES } from '../../../shared/api';
import type { OverviewPeriod, OverviewResponse } from '../../../shared/stats';
import { apiRequest } from '../../lib/apiClient';

/** The operators' overview of a period; the call carries the staff member's ID token. */
export const readOverview = (days: OverviewPeriod) => apiRequest<OverviewResponse>('GET', API_ROUTES.supportOverview, { signedIn: true, query: { days: String(days) } });
