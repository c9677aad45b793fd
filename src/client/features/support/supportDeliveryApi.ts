import { API_ROUTES } from '../../../shared/api';
import type { GameEventView } from '../../../shared/support/supportViews';
import { apiRequest } from '../../lib/apiClient';

/** Delivery to the game's server, as support sees and mends it; every call carries the staff member's ID token. */
const staff = { signedIn: true };

export const readEventsNeedingAttention = () => apiRequest<GameEventView[]>('GET', API_ROUTES.supportGameEvents, staff);
export const resendEvent = (eventId: string) => apiRequest<GameEventView>('POST', API_ROUTES.supportGameEventResend, { ...staff, parameters: { eventId } });
