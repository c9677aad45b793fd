import { API_ROUTES, SUPPORT_SEARCH_PARAM, type DeclineRefundRequest } from '../../../shared/api';
import type {
  ProviderCheckResult,
  RefundQueueEntry,
  SupportHealth,
  SupportOrderDetail,
  SupportOrderSummary,
} from '../../../shared/support/supportViews';
import { apiRequest } from '../../lib/apiClient';

/** The support console's calls; every one carries the staff member's ID token. */
const staff = { signedIn: true };

export const readHealth = (freshToken = false) => apiRequest<SupportHealth>('GET', API_ROUTES.supportHealth, { ...staff, freshToken });
export const searchOrders = (query: string) =>
  apiRequest<SupportOrderSummary[]>('GET', API_ROUTES.supportOrders, { ...staff, query: { [SUPPORT_SEARCH_PARAM]: query } });
export const readOrderDetail = (orderId: string) => apiRequest<SupportOrderDetail>('GET', API_ROUTES.supportOrder, { ...staff, parameters: { orderId } });
export const askProvider = (orderId: string) => apiRequest<ProviderCheckResult>('POST', API_ROUTES.supportOrderCheck, { ...staff, parameters: { orderId } });
export const creditOrder = (orderId: string) => apiRequest<SupportOrderDetail>('POST', API_ROUTES.supportOrderCredit, { ...staff, parameters: { orderId } });
export const readRefundQueue = () => apiRequest<RefundQueueEntry[]>('GET', API_ROUTES.supportRefunds, staff);
export const approveRefund = (orderId: string) => apiRequest<SupportOrderDetail>('POST', API_ROUTES.supportRefundApprove, { ...staff, parameters: { orderId } });
export const declineRefund = (orderId: string, body: DeclineRefundRequest) =>
  apiRequest<SupportOrderDetail>('POST', API_ROUTES.supportRefundDecline, { ...staff, parameters: { orderId }, body });
