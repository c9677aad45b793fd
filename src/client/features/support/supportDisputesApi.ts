import { API_ROUTES } from '../../../shared/api';
import type { RecordDisputeRequest } from '../../../shared/disputes/dispute';
import type { DisputeDetail, DisputeQueueEntry } from '../../../shared/support/supportViews';
import { apiRequest } from '../../lib/apiClient';

/** The disputes desk's calls; every one carries the staff member's ID token, and each move answers the dispute after it. */
const staff = { signedIn: true };

export const readDisputes = () => apiRequest<DisputeQueueEntry[]>('GET', API_ROUTES.supportDisputes, staff);
export const readDispute = (orderId: string) => apiRequest<DisputeDetail>('GET', API_ROUTES.supportDispute, { ...staff, parameters: { orderId } });
export const recordDispute = (orderId: string, body: RecordDisputeRequest) =>
  apiRequest<DisputeDetail>('POST', API_ROUTES.supportDispute, { ...staff, parameters: { orderId }, body });

/** Support's moves of a dispute, by the route each is posted to. */
export const DISPUTE_MOVE_ROUTES = {
  accept: API_ROUTES.supportDisputeAccept,
  evidenceSent: API_ROUTES.supportDisputeEvidenceSent,
  writeOff: API_ROUTES.supportDisputeWriteOff,
} as const;
export type DisputeMoveName = keyof typeof DISPUTE_MOVE_ROUTES;

export const moveDispute = (orderId: string, move: DisputeMoveName) => apiRequest<DisputeDetail>('POST', DISPUTE_MOVE_ROUTES[move], { ...staff, parameters: { orderId } });
